import { Failure, type AuditActor, type PriceBody, type PriceView } from '@despensa/contracts';
import { channelOffer } from '@despensa/domain';
import type { AuditService } from '../modules/audit/service';
import type { CatalogService } from '../modules/catalog/service';
import type { PricingService } from '../modules/pricing/service';
import { defineFlow, type FlowContext } from './flow';

export interface PriceChangeModules {
  pricing: PricingService;
  catalog: CatalogService;
  audit: AuditService;
}

/**
 * PUT /api/pricing/prices/{itemId}, in ONE transaction: the price table's row (refused under cost when
 * the chain forbids it), the chain's offers in every channel it sells the SKU in (each channel's fixed
 * price of now, else the base price), and the audit row. At the commit every instance patches those
 * offers into its index (catalog_skus_changed): no rebuild.
 */
export function putPriceFlow({ pricing, catalog, audit }: PriceChangeModules) {
  return defineFlow<{ actor: AuditActor; skuId: number; body: PriceBody; now: Date }, PriceView>(
    'put-price',
    async ({ actor, skuId, body, now }, context) => {
      await knownSku(catalog, skuId, context);
      const { tx, step } = context;
      const { before, after } = await step('storePrice', () => pricing.put(tx, skuId, body));
      const channels = await step('lockOffers', () => catalog.chainChannelsOf(skuId, tx));
      await step('setOffers', () =>
        catalog.setChainPrices(
          skuId,
          channels.map((salesChannel) => ({ salesChannel, ...channelOffer(after, salesChannel, now) })),
          tx,
        ),
      );
      await step('audit', () =>
        audit.record(tx, { actor, action: 'price.put', subject: `sku:${skuId}`, before, after }),
      );
      return after;
    },
  );
}

/**
 * DELETE /api/pricing/prices/{itemId}: the SKU has no price, so it is not sold (VTEX's meaning): the
 * chain's offers go to price 0, which the storefront skips (§5: items with no price).
 */
export function deletePriceFlow({ pricing, catalog, audit }: PriceChangeModules) {
  return defineFlow<{ actor: AuditActor; skuId: number }, null>(
    'delete-price',
    async ({ actor, skuId }, context) => {
      await knownSku(catalog, skuId, context);
      const { tx, step } = context;
      const before = await step('removePrice', () => pricing.remove(tx, skuId));
      const channels = await step('lockOffers', () => catalog.chainChannelsOf(skuId, tx));
      await step('unpriceOffers', () =>
        catalog.setChainPrices(
          skuId,
          channels.map((salesChannel) => ({ salesChannel, price: 0, listPrice: 0 })),
          tx,
        ),
      );
      await step('audit', () =>
        audit.record(tx, { actor, action: 'price.delete', subject: `sku:${skuId}`, before, after: null }),
      );
      return null;
    },
  );
}

async function knownSku(catalog: CatalogService, skuId: number, { tx }: FlowContext): Promise<void> {
  if (!(await catalog.skuIsKnown(skuId, tx))) throw new Failure('skuNotFound');
}
