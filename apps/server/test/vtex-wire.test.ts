import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_PRICES_CENTS, SHIPPING_TOTALIZER_ID, segmentIdOf } from '@despensa/domain';
import type { OrderForm, Product, SearchSuggestions, TransactionAnswer } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { TEST_KEY } from './support/constants';
import { CHECKOUT_START, completeCart, deliveringChannel } from './support/checkout';

// Issue 29, wire shapes a VTEX client reads.
let shop: TestApp;
let sc: number;
let skus: string[];

beforeAll(async () => {
  shop = await createTestApp({ clock: () => CHECKOUT_START });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  sc = await deliveringChannel(shop);
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 4 })).map((row) => String(row.id));
});
afterAll(async () => {
  await shop?.close();
});

const transaction = (cart: Awaited<ReturnType<typeof completeCart>>, value: number) =>
  cart.call('POST', '/api/checkout/pub/orderform/transaction', {
    referenceId: cart.id,
    savePersonalData: true,
    optinNewsLetter: false,
    value,
    interestValue: 0,
  });

describe('the orderForm value counts delivery (issue 29 item 2)', () => {
  it('has a Shipping totalizer with the window fee, and a client that pays exactly value succeeds', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[0]!, quantity: 2 }] });
    const form = cart.form;
    const shipping = form.totalizers.find((each) => each.id === SHIPPING_TOTALIZER_ID);
    expect(shipping).toEqual({
      id: 'Shipping',
      name: 'Costo de envío',
      value: DELIVERY_PRICES_CENTS.homeDelivery,
    });
    const items = form.totalizers.find((each) => each.id === 'Items')!.value;
    const discounts = form.totalizers.find((each) => each.id === 'Discounts')!.value;
    expect(form.value).toBe(items + discounts + DELIVERY_PRICES_CENTS.homeDelivery);
    const paid = await transaction(cart, form.value);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json() as TransactionAnswer).orderId).toMatch(/.+/);
  });

  it('refuses the items alone with the total to pay', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[1]!, quantity: 1 }] });
    const itemsOnly = cart.form.value - DELIVERY_PRICES_CENTS.homeDelivery;
    const refused = await transaction(cart, itemsOnly);
    expect(refused.statusCode).toBe(400);
    const pesos = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' }).format(
      cart.form.value / 100,
    );
    expect(refused.json().message).toBe(`El total de tu compra es ${pesos}: revisa tu carro antes de pagar.`);
  });

  it('a cart without a delivery mode has no Shipping totalizer', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: `/api/orderForm?sc=${sc}`,
      headers: CART_HEADERS,
      payload: { items: [{ id: skus[2]!, quantity: 1, seller: '1' }] },
    });
    const form = created.json() as OrderForm;
    expect(form.totalizers.map((each) => each.id)).not.toContain('Shipping');
  });
});

describe('paymentData lists the ways to pay (issue 29 item 1, §3, §9 ids)', () => {
  it('lists every system the live flags offer, with the installments of each', async () => {
    const cart = await completeCart(shop, { sc, items: [{ id: skus[3]!, quantity: 3 }], skip: ['payment'] });
    const read = async () =>
      ((await cart.call('GET', `/api/orderform/${cart.id}`)).json() as OrderForm).paymentData;
    const { paymentSystems, installmentOptions } = await read();
    // §9 defaults: prepaid off, gift card and wallet on.
    expect(paymentSystems.map((system) => system.id)).toEqual([2, 30, 17, 201, 202, 203, 732, 783]);
    expect(paymentSystems.find((system) => system.id === 30)).toMatchObject({
      name: 'Tarjeta de débito Redcompra',
      groupName: 'debitCardPaymentGroup',
      stringId: '30',
      requiresDocument: false,
      isCustom: false,
    });
    expect(paymentSystems.find((system) => system.id === 17)!.name).toBe('Tarjeta Despensa');
    const debit = installmentOptions.find((option) => option.paymentSystem === '30')!;
    expect(debit.installments).toEqual([
      { count: 1, hasInterestRate: false, interestRate: 0, value: debit.value, total: debit.value },
    ]);
    const card = installmentOptions.find((option) => option.paymentSystem === '2')!;
    expect(card.value).toBe(cart.form.value);
    const most = Math.max(1, Math.min(12, Math.floor(card.value / 500_000)));
    expect(card.installments.map((each) => each.count)).toEqual(
      Array.from({ length: most }, (_, i) => i + 1),
    );
    expect(card.installments.every((each) => each.total === card.value && !each.hasInterestRate)).toBe(true);

    await shop.services.flags.set('prepaid', true);
    await shop.services.flags.set('giftCard', false);
    try {
      const changed = await read();
      expect(changed.paymentSystems.map((system) => system.id)).toEqual([2, 30, 17, 201, 202, 203, 204, 783]);
      expect(changed.installmentOptions.map((option) => option.paymentSystem)).not.toContain('732');
      // A change of the cart answers the same list.
      const patched = await cart.call('POST', `/api/orderform/${cart.id}/coupons`, { text: '' });
      expect((patched.json() as OrderForm).paymentData.paymentSystems).toHaveLength(8);
    } finally {
      await shop.services.flags.set('prepaid', false);
      await shop.services.flags.set('giftCard', true);
    }
  });
});

describe('states in the §3 store-operations shape (issue 29 item 3)', () => {
  it('serves every region with name, cities and value, the same data as the pickers', async () => {
    const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: TEST_KEY });
    const states = (await get('/api/address/states')).json() as {
      name: string;
      value: string;
      cities: { name: string; value: string }[];
    }[];
    const regions = (await get('/api/address/regions')).json() as { code: string; name: string }[];
    expect(states.map((state) => [state.name, state.value])).toEqual(
      regions.map((region) => [region.name, region.code]),
    );
    const rm = states.find((state) => state.name === 'Región Metropolitana de Santiago')!;
    const comunas = (await get(`/api/address/regions/${rm.value}/comunas`)).json() as {
      code: string;
      name: string;
    }[];
    expect(rm.cities).toEqual(comunas.map((comuna) => ({ name: comuna.name, value: comuna.code })));
    expect(rm.cities.map((city) => city.name)).toContain('Providencia');
    expect(Object.keys(rm).sort()).toEqual(['cities', 'name', 'value']);
  });
});

describe('the segment id (issue 29 item 6, §3 persisted values, §6 the anonymous segment header)', () => {
  it('a catalogue call without ?sc= is priced in the channel its segment header names', async () => {
    const { rows } = await shop.database.pool.query(
      `SELECT s.product_id FROM sku_offer a JOIN sku_offer b USING (sku_id, seller_id) JOIN sku s ON s.id = a.sku_id
        WHERE a.sales_channel = 1 AND b.sales_channel = $1 AND a.price <> b.price AND a.seller_id = '1'
          AND a.list_price > 0 AND b.list_price > 0 AND a.available_quantity > 0 AND b.available_quantity > 0
        LIMIT 1`,
      [sc],
    );
    expect(rows, 'a product priced differently in the delivering channel').toHaveLength(1);
    const offersOf = async (query: string, headers: Record<string, string> = {}) => {
      const answer = await shop.app.inject({
        method: 'GET',
        url: `/api/catalog/product/${rows[0].product_id}${query}`,
        headers: { ...TEST_KEY, ...headers },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as Product).items.map((item) =>
        item.sellers.map((seller) => [seller.sellerId, seller.commertialOffer.Price]),
      );
    };
    const inChannel = await offersOf(`?sc=${sc}`);
    const inFirst = await offersOf('?sc=1');
    expect(inChannel).not.toEqual(inFirst);
    expect(segmentIdOf(sc)).toBe(
      btoa(
        `{"channel":"${sc}","countryCode":"CHL","currencyCode":"CLP","cultureInfo":"es-CL","channelPrivacy":"public"}`,
      ),
    );
    expect(await offersOf('', { 'x-vtex-segment': segmentIdOf(sc) })).toEqual(inChannel);
    expect(await offersOf('')).toEqual(inFirst);
    // ?sc= wins; a broken or forged segment is ignored.
    expect(await offersOf('?sc=1', { 'x-vtex-segment': segmentIdOf(sc) })).toEqual(inFirst);
    expect(await offersOf('', { 'x-vtex-segment': btoa('{"channel":"1; DROP"}') })).toEqual(inFirst);
    expect(await offersOf('', { 'x-vtex-segment': '%%%' })).toEqual(inFirst);
  });
});

describe('search suggestions v3, v4, v5 (issue 29 item 4, §7)', () => {
  it('v3 is the chain’s; v4 and v5 take the seller in the path; v5 adds enableVtexSuggestions, cached per term', async () => {
    const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: TEST_KEY });
    const [both] = (
      await shop.database.pool.query<{ name: string; productId: number }>(
        `SELECT p.name, p.id AS "productId" FROM sku s JOIN product p ON p.id = s.product_id
           JOIN sku_offer o1 ON o1.sku_id = s.id AND o1.sales_channel = 1 AND o1.seller_id = '1'
           JOIN sku_offer o2 ON o2.sku_id = s.id AND o2.sales_channel = 1 AND o2.seller_id = '2'
          WHERE o1.price < o2.price AND o2.available_quantity >= 5 AND s.measurement_unit <> 'kg'
          ORDER BY s.id LIMIT 1`,
      )
    ).rows;
    const term = encodeURIComponent(both!.name.split(' ')[0]!.toLowerCase());
    const legacy = (await get(`/api/search-suggestions/${term}?sc=1`)).json() as SearchSuggestions;
    const legacySeller = (
      await get(`/api/search-suggestions/${term}?sc=1&seller=2`)
    ).json() as SearchSuggestions;
    const v3 = await get(`/api/v3/search-suggestions/${term}?sc=1`);
    expect(v3.statusCode, v3.body).toBe(200);
    expect(v3.json()).toEqual({ ...legacy, searches: [] });
    const v4 = (await get(`/api/v4/2/search-suggestions/${term}?sc=1`)).json() as SearchSuggestions;
    expect(v4).toEqual({ ...legacySeller, searches: [] });
    const v5 = await get(`/api/v5/2/search-suggestions/${term}?sc=1&enableVtexSuggestions=true`);
    expect(v5.json()).toEqual(legacySeller);
    expect(legacySeller.searches.length).toBeGreaterThan(0);
    expect(v5.headers['cache-control']).toBe('public, max-age=300');
    const v5Plain = (await get(`/api/v5/2/search-suggestions/${term}?sc=1`)).json() as SearchSuggestions;
    expect(v5Plain).toEqual({ ...legacySeller, searches: [] });
    // The chain's seller in the path is the chain's catalogue.
    expect(
      (await get(`/api/v5/1/search-suggestions/${term}?sc=1&enableVtexSuggestions=true`)).json(),
    ).toEqual(legacy);
    expect((await get(`/api/v5/2/search-suggestions/${term}?enableVtexSuggestions=si`)).statusCode).toBe(400);
    expect((await get(`/api/v4/no%20es/search-suggestions/${term}`)).statusCode).toBe(400);
    const blank = (await get(`/api/v5/2/search-suggestions/%20?enableVtexSuggestions=true`)).json();
    expect(blank).toEqual({ products: [], brands: [], categories: [], searches: [], redirect: null });
  });
});

describe('clusterSearch chooses the ranking it names (issue 29 item 4, §6 new search backend)', () => {
  type Call = Awaited<ReturnType<typeof completeCart>>['call'];
  const searchPage = async (call: Call | null, body: Record<string, unknown> = {}) => {
    const payload = { selectedFacets: [], ...body };
    const answer = call
      ? await call('POST', `/api/search?sc=${sc}`, payload)
      : await shop.app.inject({ method: 'POST', url: `/api/search?sc=${sc}`, headers: TEST_KEY, payload });
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json() as { products: Product[] }).products;
  };
  const search = async (call: Call | null, body: Record<string, unknown> = {}) =>
    (await searchPage(call, body)).map((each) => each.productId);

  it("puts a clustered shopper's purchases first when no order is asked for; others keep the usual ranking", async () => {
    const page = await searchPage(null);
    const usual = page.map((each) => each.productId);
    // A product down the page, sold by the chain with stock: the shopper buys it.
    const bought = page
      .slice(5)
      .find((product) =>
        product.items[0]?.sellers.some(
          (seller) => seller.sellerId === '1' && seller.commertialOffer.AvailableQuantity > 2,
        ),
      )!;
    const cart = await completeCart(shop, { sc, items: [{ id: bought.items[0]!.itemId, quantity: 1 }] });
    expect((await transaction(cart, cart.form.value)).statusCode).toBe(200);
    await shop.database.pool.query(`UPDATE shop_order SET status = 'invoiced' WHERE user_id = $1`, [
      cart.shopper.userId,
    ]);
    expect(await search(cart.call)).toEqual(usual);
    await shop.database.pool.query('UPDATE customer SET cluster_search = true WHERE id = $1', [
      cart.shopper.userId,
    ]);
    const clustered = await search(cart.call);
    expect(clustered[0]).toBe(bought.productId);
    expect(clustered.slice(1)).toEqual(
      usual.filter((id) => id !== bought.productId).slice(0, clustered.length - 1),
    );
    // An order asked for is kept; a visitor's ranking is the usual one.
    expect(await search(cart.call, { orderBy: 'OrderByTopSaleDESC' })).toEqual(
      await search(null, { orderBy: 'OrderByTopSaleDESC' }),
    );
    expect(await search(null)).toEqual(usual);
  });
});
