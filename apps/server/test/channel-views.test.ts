import { describe, expect, it } from 'vitest';
import { ChannelViews } from '../src/modules/catalog/channel-views';
import type { ProductDoc, SkuDoc } from '../src/modules/catalog/index-types';
import { OfferTable } from '../src/modules/catalog/offer-table';

const sku = (id: number, slot: number) => ({ id, slot }) as SkuDoc;
const product = { doc: 0, skus: [sku(11, 0), sku(12, 1)] } as unknown as ProductDoc;

function viewsOf(offers: OfferTable): ChannelViews {
  return new ChannelViews(
    [product],
    () => [],
    offers,
    (_p, _s, offer) => offer.price,
    () => new Date(),
  );
}

describe("a card's offer kept by its place among the table's offers (issue 33)", () => {
  it('shows the first offer in stock, the chain first, and follows a stock change', () => {
    const offers = new OfferTable(2);
    offers.add(0, 1, { sellerId: '1', price: 1000, listPrice: 1200, availableQuantity: 0 });
    offers.add(0, 1, { sellerId: 'vendedor', price: 1100, listPrice: 1200, availableQuantity: 5 });
    offers.add(1, 1, { sellerId: '1', price: 900, listPrice: 900, availableQuantity: 8 });
    const views = viewsOf(offers);
    // The first sku's chain offer is out of stock: its other seller's, in stock, comes before the next sku.
    expect(views.cardOfferOf(product, 1)).toEqual({
      sellerId: 'vendedor',
      price: 1100,
      listPrice: 1200,
      availableQuantity: 5,
    });
    expect(views.of(1)!.price[0]).toBe(1100);
    offers.setQuantity(0, 1, '1', 3);
    views.refresh(product, 1);
    expect(views.cardOfferOf(product, 1)).toEqual({
      sellerId: '1',
      price: 1000,
      listPrice: 1200,
      availableQuantity: 3,
    });
    expect(views.cardOfferOf(product, 2)).toBeNull();
  });

  it('has no offer for a product nobody prices in the channel', () => {
    const offers = new OfferTable(2);
    offers.add(0, 1, { sellerId: '1', price: 0, listPrice: 0, availableQuantity: 4 });
    offers.add(1, 3, { sellerId: '1', price: 500, listPrice: 500, availableQuantity: 4 });
    const views = viewsOf(offers);
    expect(views.cardOfferOf(product, 1)).toBeNull();
    expect(views.isSold(product, 1)).toBe(false);
    expect(views.cardOfferOf(product, 3)?.price).toBe(500);
  });
});
