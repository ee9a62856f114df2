import { Failure, type PromotionPreview, type PromotionPreviewBody } from '@despensa/contracts';
import { CHAIN_SELLER_ID, priceCart, type CartPricing, type Promotion } from '@despensa/domain';
import { pricingLine } from '../modules/cart/pricing';
import type { CatalogService } from '../modules/catalog/service';
import type { PromotionsService } from '../modules/promotions/service';
import { priceablePromotion } from './promotion-change';

/**
 * The price engine's preview of a sample cart under a draft promotion before it is published (issue 30,
 * back office): the same lines priced with the promotions live now, then with the draft added (in place
 * of the promotion it would replace). Nothing is written. Cents, as the storefront's API.
 */
export async function previewPromotion(
  { catalog, promotions }: { catalog: CatalogService; promotions: PromotionsService },
  body: PromotionPreviewBody,
  now: Date,
): Promise<PromotionPreview> {
  const id = body.promotion.idCalculatorConfiguration;
  const before = id ? await promotions.find(id) : null;
  if (id && !before) throw new Failure('promotionNotFound');
  const draft = priceablePromotion(body.promotion, catalog, before);
  const index = catalog.index;
  const lines = body.items.map(({ skuId, quantity }) => {
    const entry = index.skusById.get(skuId);
    const offers = entry ? index.offersFor(entry.sku, body.salesChannel) : [];
    const offer =
      offers.find((each) => each.sellerId === CHAIN_SELLER_ID && each.listPrice > 0) ??
      offers.find((each) => each.listPrice > 0);
    if (!entry || !offer) throw new Failure('skuNotFound');
    return pricingLine({ item: { sellerId: offer.sellerId, quantity }, ...entry, offer });
  });
  // A draft that starts later is previewed at its start, so the preview shows it applied.
  const at = body.at ? new Date(body.at) : new Date(Math.max(now.getTime(), Date.parse(draft.start)));
  const price = (candidates: readonly Promotion[]) =>
    priceCart({ lines, promotions: candidates, salesChannel: body.salesChannel, now: at });
  const others = index.promotions.filter((promotion) => promotion.id !== draft.id);
  const without = price(index.promotions);
  const withDraft = price([...others, draft]);
  const option = draft.tcenco ? 'tcenco' : 'regular';
  return {
    at: at.toISOString(),
    without: totalsOf(without),
    with: totalsOf(withDraft),
    lines: body.items.map(({ skuId, quantity }, position) => ({
      skuId,
      quantity,
      without: without.lines[position]!.prices[option].total,
      with: withDraft.lines[position]!.prices[option].total,
      promotionDiscount: -withDraft.lines[position]!.prices[option].priceTags.filter(
        (tag) => tag.identifier === draft.id,
      ).reduce((sum, tag) => sum + tag.value, 0),
    })),
  };
}

function totalsOf(pricing: CartPricing): PromotionPreview['with'] {
  const { items, discounts, value } = pricing.totals.regular;
  return { items, discounts, value, valueWithCard: pricing.totals.tcenco.value };
}
