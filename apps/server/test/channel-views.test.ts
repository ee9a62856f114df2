import v8 from 'node:v8';
import { describe, expect, it, vi } from 'vitest';
import { isPromotionLive, type Promotion } from '@despensa/domain';
import { ChannelViews } from '../src/modules/catalog/channel-views';
import {
  CARD_IN_STOCK,
  CARD_ON_SALE,
  CARD_SOLD,
  CARD_WORKED,
  DISCOUNT_SCALE,
  type ProductDoc,
  type SkuDoc,
} from '../src/modules/catalog/index-types';
import { OfferTable } from '../src/modules/catalog/offer-table';

const sku = (id: number, slot: number) => ({ id, slot }) as SkuDoc;
const product = { doc: 0, skus: [sku(11, 0), sku(12, 1)] } as unknown as ProductDoc;

function viewsOf(offers: OfferTable): ChannelViews {
  return new ChannelViews(
    [product],
    { current: () => [], reach: () => [] },
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
    const view = views.of(1)!;
    view.ready(0);
    expect(view.price[0]).toBe(1100);
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

describe("a card's columns in seven bytes a product (issue 33: every store of a national chain)", () => {
  it('keeps whether it is sold, in stock and on sale in bits, and any discount, however small, above zero', () => {
    const offers = new OfferTable(2);
    // One peso off a list price of a million pesos: still 'En oferta'.
    offers.add(0, 1, { sellerId: '1', price: 99_999_900, listPrice: 100_000_000, availableQuantity: 0 });
    offers.add(1, 1, { sellerId: '1', price: 900, listPrice: 900, availableQuantity: 0 });
    const views = viewsOf(offers);
    const view = views.of(1)!;
    view.ready(0);
    expect(view.card[0]).toBe(CARD_WORKED | CARD_SOLD | CARD_ON_SALE);
    expect(view.discount[0]).toBe(1);
    expect(view.price[0]).toBe(99_999_900);
    // A quarter off, in stock.
    offers.setPrice(0, 1, '1', 750, 1000);
    offers.setQuantity(0, 1, '1', 2);
    views.refresh(product, 1);
    view.ready(0);
    expect(view.card[0]).toBe(CARD_WORKED | CARD_SOLD | CARD_IN_STOCK | CARD_ON_SALE);
    expect(view.discount[0]! / DISCOUNT_SCALE).toBeCloseTo(0.25, 4);
    expect(view.card.BYTES_PER_ELEMENT + view.price.BYTES_PER_ELEMENT + view.discount.BYTES_PER_ELEMENT).toBe(
      7,
    );
  });
});

describe('the best-discount order and the offer facet', () => {
  it("orders by the card's saving, promotions included, and keeps 'En oferta' to a shelf price under the list price", () => {
    const offers = new OfferTable(2);
    offers.add(0, 1, { sellerId: '1', price: 1000, listPrice: 1000, availableQuantity: 5 });
    offers.add(1, 1, { sellerId: '1', price: 900, listPrice: 1000, availableQuantity: 5 });
    const promoted = { doc: 0, skus: [sku(11, 0)] } as unknown as ProductDoc;
    const onSale = { doc: 1, skus: [sku(12, 1)] } as unknown as ProductDoc;
    // A promotion shows the first product at $600 (its badge says -40%); the second is $900 on the shelf.
    const views = new ChannelViews(
      [promoted, onSale],
      { current: () => [], reach: () => [] },
      offers,
      (product, _sku, offer) => (product.doc === 0 ? 600 : offer.price),
      () => new Date(),
    );
    const view = views.of(1)!;
    view.ready(0);
    view.ready(1);
    expect(view.discount[0]! / DISCOUNT_SCALE).toBeCloseTo(0.4, 4);
    expect(view.discount[1]! / DISCOUNT_SCALE).toBeCloseTo(0.1, 4);
    expect(view.card[0]! & CARD_ON_SALE).toBe(0);
    expect(view.card[1]! & CARD_ON_SALE).toBe(CARD_ON_SALE);
  });
});

describe('a promotion starting by the clock (issue 33: not every card worked out again)', () => {
  const HOUR = 3_600_000;
  const start = Date.parse('2026-11-30T12:00:00Z');
  const products = [0, 1].map((doc) => ({ doc, skus: [sku(11 + 10 * doc, doc)] }) as unknown as ProductDoc);
  const promotion = (skus: string[]) =>
    ({
      id: skus.join() || 'todo',
      value: 10,
      start: new Date(start + HOUR).toISOString(),
      end: new Date(start + 5 * HOUR).toISOString(),
      idsSalesChannel: [],
      idsSalesChannelExclusive: [],
      inclusions: { products: [], skus, brands: [], categories: [], collections: [] },
    }) as unknown as Promotion;

  function shelf(promotions: Promotion[]) {
    let now = new Date(start);
    const worked: number[] = [];
    const offers = new OfferTable(2);
    for (const slot of [0, 1])
      offers.add(slot, 1, { sellerId: '1', price: 1000, listPrice: 1000, availableQuantity: 5 });
    const views = new ChannelViews(
      products,
      {
        current: () => promotions,
        // A promotion naming skus reaches their products; one naming none, any product.
        reach: (changed) =>
          changed.some((each) => each.inclusions.skus.length === 0)
            ? null
            : products.filter((each) =>
                changed.some((p) => p.inclusions.skus.includes(String(each.skus[0]!.id))),
              ),
      },
      offers,
      (product, sku, offer, salesChannel, at) => {
        worked.push(product.doc);
        const off = promotions.some(
          (each) =>
            isPromotionLive(each, { now: at, salesChannel }) &&
            (each.inclusions.skus.length === 0 || each.inclusions.skus.includes(String(sku.id))),
        );
        return off ? offer.price - 100 : offer.price;
      },
      () => now,
    );
    return { views, worked, later: (hours: number) => (now = new Date(start + hours * HOUR)) };
  }

  /** The cards' prices as a listing reads them (each document readied first). */
  const prices = (views: ChannelViews) => {
    const view = views.of(1)!;
    return [0, 1].map((doc) => {
      view.ready(doc);
      return view.price[doc];
    });
  };

  it('works out again only the cards of the skus it names, at its start and its end', () => {
    const { views, worked, later } = shelf([promotion(['11'])]);
    expect(prices(views)).toEqual([1000, 1000]);
    worked.length = 0;
    later(2);
    expect(prices(views)).toEqual([900, 1000]);
    expect(worked).toEqual([0]);
    later(6);
    expect(prices(views)).toEqual([1000, 1000]);
    expect(worked).toEqual([0, 0]);
  });

  it('works out every card again for a promotion that names no sku', () => {
    const { views, worked, later } = shelf([promotion([])]);
    prices(views);
    worked.length = 0;
    later(2);
    expect(prices(views)).toEqual([900, 900]);
    expect(worked).toEqual([0, 1]);
  });

  it("works a channel's cards out as they are first read, not the whole channel on its first listing", () => {
    // Each store is a channel: at 500,000 products a whole channel was 1.6 s of the event loop.
    const { views, worked } = shelf([promotion(['11'])]);
    const view = views.of(1)!;
    expect(worked).toEqual([]);
    expect(views.isSold(products[1]!, 1)).toBe(true);
    expect(worked).toEqual([1]);
    // Read again: worked out once.
    view.ready(1);
    expect(views.cardOfferOf(products[1]!, 1)?.price).toBe(1000);
    expect(worked).toEqual([1]);
    // Its offers changed: worked out again when next read, not before.
    views.refresh(products[1]!, 1);
    expect(worked).toEqual([1]);
    expect(prices(views)).toEqual([1000, 1000]);
    expect(worked).toEqual([1, 0, 1]);
  });

  it("keeps the heap near what it holds while a channel's cards are worked out in the background, then lets go", async () => {
    // Working out 27 stores' cards at 500,000 products let V8 gather 1.8 GB, mostly garbage (issue 33).
    // The tests before have left their channels to be worked out in the background: they finish first.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    const flags = vi.spyOn(v8, 'setFlagsFromString');
    try {
      const { views } = shelf([promotion(['11'])]);
      views.of(1);
      expect(flags.mock.calls).toEqual([['--heap-growing-percent=15']]);
      for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(flags.mock.calls).toEqual([['--heap-growing-percent=15'], ['--heap-growing-percent=0']]);
      // Retired before its cards are worked out: let go as well.
      const { views: replaced } = shelf([promotion(['11'])]);
      replaced.of(1);
      replaced.retire();
      expect(flags.mock.calls.at(-1)).toEqual(['--heap-growing-percent=0']);
      expect(flags).toHaveBeenCalledTimes(4);
    } finally {
      flags.mockRestore();
    }
  });

  it("works a used channel's cards out in the background, until its index is replaced", async () => {
    const turns = async (count: number) => {
      for (let i = 0; i < count; i++) await new Promise((resolve) => setImmediate(resolve));
    };
    const used = shelf([promotion(['11'])]);
    used.views.isSold(products[1]!, 1);
    expect(used.worked).toEqual([1]);
    await turns(3);
    // The rest of the channel, once each: the card already read is not worked out again.
    expect(used.worked).toEqual([1, 0]);
    const replaced = shelf([promotion(['11'])]);
    replaced.views.of(1);
    replaced.views.retire();
    await turns(3);
    expect(replaced.worked).toEqual([]);
    // Read after: still worked out, as it is read.
    expect(replaced.views.isSold(products[0]!, 1)).toBe(true);
    expect(replaced.worked).toEqual([0]);
  });
});
