import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, SearchSuggestions } from '@despensa/contracts';
import { cardOffer, isInStock, normalizeText } from '@despensa/domain';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY, TEST_OSM_KEY } from './support/constants';
import { cartClient } from './support/cart';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
});

async function get(url: string, headers: Record<string, string> = TEST_KEY) {
  return shop.app.inject({ method: 'GET', url, headers });
}
async function post(url: string, payload: unknown) {
  return shop.app.inject({ method: 'POST', url, headers: TEST_KEY, payload: payload as object });
}
async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const result = await shop.database.pool.query(sql, params);
  if (!result.rows[0]) throw new Error(`no row for ${sql}`);
  return result.rows[0] as T;
}
const names = (products: Product[]) => products.map((p) => p.productName);
/** The offer a card shows (the domain's rule), with the Price the answer itself carries. */
function cardOfferOf(product: Product) {
  const chosen = cardOffer(
    product.items,
    (item) => item.sellers,
    (seller) => isInStock(seller.commertialOffer),
  );
  if (!chosen) throw new Error(`no offer for ${product.productName}`);
  const offer = chosen.offer.commertialOffer;
  return { skuId: chosen.sku.itemId, sellerId: chosen.offer.sellerId, inStock: isInStock(offer), ...offer };
}

describe('products by id and slug', () => {
  it('returns the VTEX shape with cents, SkuData and the grocery fields', async () => {
    const row = await one<{ id: number; slug: string; name: string }>(
      `SELECT id, slug, name FROM product WHERE nutrition IS NOT NULL ORDER BY id LIMIT 1`,
    );
    const response = await get(`/api/catalog/product/${row.id}?sc=1`);
    expect(response.statusCode).toBe(200);
    const product = response.json() as Product;
    expect(product.productId).toBe(String(row.id));
    expect(product.productName).toBe(row.name);
    expect(product.link).toBe(`/${row.slug}/p`);
    const item = product.items[0]!;
    const offer = item.sellers[0]!.commertialOffer;
    expect(Number.isInteger(offer.Price)).toBe(true);
    expect(offer.Price).toBeGreaterThan(0);
    expect(offer.Price % 100).toBe(0); // whole pesos
    expect(offer.ListPrice).toBeGreaterThanOrEqual(offer.Price);
    const skuData = product.SkuData[item.itemId]!;
    expect(skuData.cart_limit).toBeGreaterThan(0);
    expect(skuData.cart_limit).toBeLessThanOrEqual(35);
    expect(skuData.release_data).toHaveProperty('is_new');
    expect(product.nutrition).not.toBeNull();
    expect(product.categoriesIds[0]).toMatch(/^\/\d+\/\d+\/\d+\/$/);
    const bySlug = await get(`/api/catalog/products/search/${row.slug}/p?sc=1`);
    expect(bySlug.statusCode).toBe(200);
    expect((bySlug.json() as Product[])[0]!.productId).toBe(String(row.id));
  });

  it('prices and stock come from the requested sales channel', async () => {
    const row = await one<{ sku_id: number; product_id: number; a: number; b: number; sc: number }>(
      `SELECT o1.sku_id, s.product_id, o1.price AS a, o2.price AS b, o2.sales_channel AS sc
         FROM sku_offer o1 JOIN sku_offer o2 ON o2.sku_id = o1.sku_id AND o2.seller_id = '1' AND o2.sales_channel <> 1
         JOIN sku s ON s.id = o1.sku_id
        WHERE o1.sales_channel = 1 AND o1.seller_id = '1' AND o1.price <> o2.price LIMIT 1`,
    );
    const online = (await get(`/api/catalog/product/${row.product_id}?sc=1`)).json() as Product;
    const store = (await get(`/api/catalog/product/${row.product_id}?sc=${row.sc}`)).json() as Product;
    const price = (product: Product) =>
      product.items
        .find((item) => item.itemId === String(row.sku_id))!
        .sellers.find((s) => s.sellerId === '1')!.commertialOffer;
    expect(price(online).PriceWithoutDiscount).toBe(row.a);
    expect(price(store).PriceWithoutDiscount).toBe(row.b);
    expect(price(store).SaleChannel).toBe(row.sc);
  });

  it('gives 404 for unknown products', async () => {
    for (const path of [
      '/api/catalog/product/999999999',
      '/api/catalog/products/search/no-existe-este-producto/p',
    ]) {
      const response = await get(path);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'productNotFound', message: 'Producto no encontrado' });
    }
  });

  it('serves ratings and reviews', async () => {
    const row = await one<{ id: number; rating_count: number }>(
      `SELECT id, rating_count FROM product WHERE rating_count > 0 LIMIT 1`,
    );
    const response = await get(`/api/catalog/product/${row.id}/reviews`);
    expect(response.statusCode).toBe(200);
    expect(response.json().reviews).toHaveLength(row.rating_count);
  });
});

describe('listing by URL', () => {
  it('lists a category with the resources header and pages of 40', async () => {
    const top = await one<{ slug: string; count: number }>(
      `SELECT c.slug, count(*)::int AS count FROM product p JOIN category leaf ON leaf.id = p.category_id
         JOIN category c ON leaf.path LIKE c.path || '/%' AND c.level = 1 GROUP BY c.slug ORDER BY count DESC LIMIT 1`,
    );
    const first = await get(`/api/products/search/${top.slug}?sc=1`);
    expect(first.statusCode).toBe(200);
    const total = Number(/\/(\d+)$/.exec(first.headers.resources as string)![1]);
    expect(total).toBeGreaterThan(40);
    expect(total).toBeLessThanOrEqual(top.count);
    expect(first.headers.resources).toBe(`0-39/${total}`);
    expect(first.json()).toHaveLength(40);
    const second = await get(`/api/products/search/${top.slug}?sc=1&page=2`);
    expect(second.headers.resources).toBe(`40-${Math.min(79, total - 1)}/${total}`);
    const overlap = names(second.json()).filter((name) => names(first.json()).includes(name));
    expect(overlap).toEqual([]);
  });

  it('sorts by price and keeps out-of-stock products last', async () => {
    const top = await one<{ slug: string }>(`SELECT slug FROM category WHERE level = 1 ORDER BY id LIMIT 1`);
    const response = await get(`/api/products/search/${top.slug}?sc=1&O=OrderByPriceASC`);
    const products = response.json() as Product[];
    const inStock = products.map((product) => cardOfferOf(product).inStock);
    const firstOut = inStock.indexOf(false);
    if (firstOut >= 0) expect(inStock.slice(firstOut).every((v) => !v)).toBe(true);
    const prices = products.slice(0, firstOut >= 0 ? firstOut : undefined).map((p) => cardOfferOf(p).Price);
    expect(prices.length).toBeGreaterThan(5);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('returns only products with a price in the channel (§5)', async () => {
    const response = await get('/api/products/search?ft=leche&sc=1');
    for (const product of response.json() as Product[]) {
      expect(product.items.some((item) => item.sellers.some((s) => s.commertialOffer.ListPrice > 0))).toBe(
        true,
      );
    }
    const unknownChannel = await get('/api/products/search?ft=leche&sc=777');
    expect(unknownChannel.json()).toEqual([]);
  });
});

describe('one price for one unit (issue 11, fault 9)', () => {
  it('sorts by price, both ways, in the order of the Price the answer carries', async () => {
    for (const [order, direction] of [
      ['OrderByPriceASC', 1],
      ['OrderByPriceDESC', -1],
    ] as const) {
      const response = await get(`/api/products/search/leche?sc=1&O=${order}`);
      const offers = (response.json() as Product[]).map(cardOfferOf).filter((offer) => offer.inStock);
      expect(offers.length, order).toBeGreaterThan(5);
      const prices = offers.map((offer) => offer.Price);
      expect(prices, order).toEqual([...prices].sort((a, b) => (a - b) * direction));
    }
  });

  it('charges the same for a promoted milk in suggestions, listing, product page and cart', async () => {
    // The milks: autocomplete said $260, $1.790 and $2.190 where the cart charges $195, $1.431, $1.751.
    // A product's card name may be its sku's ('… 200 ml'): look both up.
    const milks = (
      await shop.database.pool.query<{ id: number; name: string }>(
        `SELECT DISTINCT p.id, s.name FROM product p JOIN sku s ON s.product_id = p.id
           JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = 1
          WHERE s.name = $1 OR s.name LIKE 'Leche % 1,5 L'
          ORDER BY p.id`,
        ['Leche Descremada Con Vitaminas A y D Lechería El Alerce 200 ml'],
      )
    ).rows;
    expect(milks.length).toBeGreaterThanOrEqual(2);
    const cart = cartClient(shop);
    const promoted: string[] = [];
    for (const { id, name } of milks) {
      const page = (await get(`/api/catalog/product/${id}?sc=1`)).json() as Product;
      const card = cardOfferOf(page);
      if (card.Price < card.PriceWithoutDiscount) promoted.push(name);
      const listing = (
        await get(`/api/products/search?ft=${encodeURIComponent(name)}&sc=1`)
      ).json() as Product[];
      const listed = listing.find((each) => each.productId === String(id));
      expect(listed && cardOfferOf(listed).Price, name).toBe(card.Price);
      const suggestions = (await get(`/api/search-suggestions/${encodeURIComponent(name)}?sc=1`)).json();
      const suggested = suggestions.products.find(
        (each: { productId: string }) => each.productId === String(id),
      );
      expect(suggested?.price, name).toBe(card.Price);
      const form = await cart.create({ items: [{ id: card.skuId, quantity: 1, seller: card.sellerId }] });
      expect(form.items[0]!.sellingPrice, name).toBe(card.Price);
    }
    // At least one of them is on promotion, so the equalities above compare promoted prices.
    expect(promoted.length).toBeGreaterThan(0);
  });

  it("suggests, for a seller's storefront (§1 white-label), only what it sells, at the price its cart line charges", async () => {
    const [both] = (
      await shop.database.pool.query<{ name: string; sku: number; productId: number }>(
        `SELECT p.name, s.id AS sku, p.id AS "productId" FROM sku s JOIN product p ON p.id = s.product_id
           JOIN sku_offer o1 ON o1.sku_id = s.id AND o1.sales_channel = 1 AND o1.seller_id = '1'
           JOIN sku_offer o2 ON o2.sku_id = s.id AND o2.sales_channel = 1 AND o2.seller_id = '2'
          WHERE o1.price < o2.price AND o2.available_quantity >= 5 AND s.measurement_unit <> 'kg'
          ORDER BY s.id LIMIT 1`,
      )
    ).rows;
    expect(both).toBeDefined();
    const term = encodeURIComponent(both!.name);
    const chain = (await get(`/api/search-suggestions/${term}?sc=1`)).json() as SearchSuggestions;
    const sellers = (await get(`/api/search-suggestions/${term}?sc=1&seller=2`)).json() as SearchSuggestions;
    const ownIds = new Set(
      (
        await shop.database.pool.query<{ id: number }>(
          `SELECT DISTINCT s.product_id AS id FROM sku s JOIN sku_offer o ON o.sku_id = s.id
            WHERE o.sales_channel = 1 AND o.seller_id = '2'`,
        )
      ).rows.map((row) => String(row.id)),
    );
    expect(sellers.products.length).toBeGreaterThan(0);
    for (const product of sellers.products)
      expect(ownIds.has(product.productId), product.productName).toBe(true);
    const own = sellers.products.find((each) => each.productId === String(both!.productId));
    const chains = chain.products.find((each) => each.productId === String(both!.productId));
    const form = await cartClient(shop).create({
      items: [{ id: String(both!.sku), quantity: 1, seller: '2' }],
    });
    expect(own?.price).toBe(form.items[0]!.sellingPrice);
    expect(chains?.price).toBeLessThan(own!.price);
    expect((await get(`/api/search-suggestions/${term}?sc=1&seller=no%20es`)).statusCode).toBe(400);
  });
});

describe('search quality', () => {
  async function searchNames(term: string): Promise<string[]> {
    const response = await post(`/api/search?page=1`, { selectedFacets: [{ key: 'ft', value: term }] });
    expect(response.statusCode).toBe(200);
    return names(response.json().products);
  }

  it('is accent-insensitive: platano finds Plátano', async () => {
    const row = await one<{ name: string }>(`SELECT name FROM product WHERE name ILIKE '%plátano%' LIMIT 1`);
    expect(await searchNames('platano')).toContain(row.name);
  });

  it('stems Spanish plurals: leches finds Leche', async () => {
    const found = await searchNames('leches');
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((name) => /\bleche\b/i.test(name))).toBe(true);
  });

  it('tolerates typos: lehce finds Leche and says it corrected', async () => {
    const response = await post(`/api/search`, { selectedFacets: [{ key: 'ft', value: 'lehce' }] });
    const products = response.json().products as Product[];
    expect(products.length).toBeGreaterThan(0);
    expect(
      names(products)
        .slice(0, 5)
        .every((name) => /leche/i.test(normalizeText(name))),
    ).toBe(true);
    expect(response.json().correction.misspelled).toBe(true);
  });

  it('finds brands and categories by name', async () => {
    const brand = await one<{ name: string; id: number }>(
      // Not the chain's own label, whose name is also the pantry category's.
      `SELECT b.name, b.id FROM brand b JOIN product p ON p.brand_id = b.id
        WHERE NOT EXISTS (SELECT 1 FROM category c WHERE lower(c.name) = lower(b.name))
        GROUP BY b.id ORDER BY count(*) DESC LIMIT 1`,
    );
    const byBrand = (await post('/api/search', { query: brand.name, selectedFacets: [] })).json()
      .products as Product[];
    expect(byBrand.length).toBeGreaterThan(0);
    expect(byBrand.every((p) => p.brandId === brand.id)).toBe(true);
    const leaf = await one<{ name: string; id: number }>(
      `SELECT c.name, c.id FROM category c JOIN product p ON p.category_id = c.id WHERE c.level = 3 GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`,
    );
    const byCategory = (await post('/api/search', { query: leaf.name, selectedFacets: [] })).json()
      .products as Product[];
    expect(byCategory.some((p) => p.categoryId === String(leaf.id))).toBe(true);
  });

  it.each([
    ['reserva de hora', '/informaciones/evita-la-fila'],
    ['evitar la fila', '/informaciones/evita-la-fila'],
    ['booking', '/informaciones/evita-la-fila'],
    ['locales', '/locales'],
    ['oferta', '/oferta/ofertas-fdm'],
    ['Ofertas', '/oferta/ofertas-fdm'],
  ])('redirects "%s" to %s (§2)', async (term, target) => {
    const response = await post('/api/search', { query: term, selectedFacets: [] });
    expect(response.json().redirect).toBe(target);
    const suggestions = await get(`/api/search-suggestions/${encodeURIComponent(term)}?sc=1`);
    expect(suggestions.json().redirect).toBe(target);
  });

  it("finds with 'yogur' (a popular search) what 'yogurt' and 'yoghurt' find (issue 28)", async () => {
    const yoghurt = await searchNames('yoghurt');
    expect(yoghurt.length).toBeGreaterThan(0);
    expect(yoghurt.every((name) => name.startsWith('Yoghurt '))).toBe(true);
    expect(await searchNames('yogur')).toEqual(yoghurt);
    expect(await searchNames('yogurt')).toEqual(yoghurt);
    expect(await searchNames('yogures')).toEqual(yoghurt);
    const corrected = await post('/api/search', { selectedFacets: [{ key: 'ft', value: 'yogur' }] });
    expect(corrected.json().correction.misspelled).toBe(false);
  });

  it('gives no redirect for an ordinary term', async () => {
    expect((await post('/api/search', { query: 'arroz', selectedFacets: [] })).json().redirect).toBeNull();
  });
});

describe('facets', () => {
  it('counts per value, and a brand selection narrows the result to that brand', async () => {
    const top = await one<{ slug: string }>(`SELECT slug FROM category WHERE fixed_position = 1`);
    const all = (await post(`/api/search/facets/${top.slug}`, { selectedFacets: [] })).json();
    const brands = all.facets.find((f: { key: string }) => f.key === 'brand').values;
    expect(brands.length).toBeGreaterThan(1);
    const chosen = brands[0];
    const narrowed = (
      await post(`/api/search/${top.slug}`, { selectedFacets: [{ key: 'brand', value: chosen.value }] })
    ).json();
    expect(narrowed.recordsFiltered).toBe(chosen.quantity);
    // Disjunctive: the brand group still lists the other brands with their own counts.
    const after = (
      await post(`/api/search/facets/${top.slug}`, {
        selectedFacets: [{ key: 'brand', value: chosen.value }],
      })
    ).json();
    const brandGroup = after.facets.find((f: { key: string }) => f.key === 'brand');
    expect(brandGroup.values.length).toBe(brands.length);
    expect(brandGroup.values.find((v: { value: string }) => v.value === chosen.value).selected).toBe(true);
    expect(after.recordsFiltered).toBe(chosen.quantity);
    for (const group of ['category-1', 'category-2', 'price']) {
      expect(all.facets.map((f: { key: string }) => f.key)).toContain(group);
    }
  });

  it('filters by price range and offer', async () => {
    const response = (
      await post('/api/search', {
        selectedFacets: [
          { key: 'price', value: '100000:300000' },
          { key: 'offer', value: 'true' },
        ],
      })
    ).json();
    expect(response.recordsFiltered).toBeGreaterThan(0);
    for (const product of response.products as Product[]) {
      expect(product.flags.offer).toBe(true);
    }
  });

  it('refuses a price range that is not min:max in cents, min below max', async () => {
    for (const value of ['1e309:NaN', 'abc', '300000:100000', '5:5', '-1:100', '1.5:100', ':']) {
      const response = await post('/api/search', { selectedFacets: [{ key: 'price', value }] });
      expect([value, response.statusCode, response.json().code]).toEqual([value, 400, 'invalidInput']);
    }
    // Either end may be left open.
    for (const value of ['100000:', ':300000'])
      expect((await post('/api/search', { selectedFacets: [{ key: 'price', value }] })).statusCode).toBe(200);
  });

  it('serves the legacy facets call', async () => {
    const top = await one<{ slug: string }>(`SELECT slug FROM category WHERE fixed_position = 2`);
    const response = await get(`/api/facets/search/${top.slug}?sc=1`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.CategoriesTrees.length).toBeGreaterThan(0);
    expect(body.Brands.length).toBeGreaterThan(0);
    expect(body.SalesChannel[0].Id).toBe(1);
  });
});

describe('autocomplete and suggestions', () => {
  it('autocompletes at most maxRows (12) rows', async () => {
    const response = await get('/api/autocomplete?productNameContains=le');
    expect(response.statusCode).toBe(200);
    const rows = response.json().itemsReturned;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(12);
    const few = await get('/api/autocomplete?productNameContains=le&maxRows=3');
    expect(few.json().itemsReturned).toHaveLength(3);
  });

  it("finds a typed word's best products as the whole ranking would, reading only the best matches", () => {
    const index = shop.services.catalog.index;
    const prefixes = [
      ...new Set(
        index.products
          .filter((_, i) => i % 7 === 0)
          .flatMap((product) => normalizeText(product.name).split(/[^a-z0-9]+/))
          .filter((word) => word.length >= 3)
          .flatMap((word) => [word.slice(0, 2), word.slice(0, 3)]),
      ),
    ];
    expect(prefixes.length).toBeGreaterThan(100);
    let narrowed = 0;
    for (const prefix of prefixes) {
      const whole = index.listing({
        salesChannel: 1,
        text: prefix,
        prefix: true,
        facets: [],
        page: 1,
        pageSize: 12,
      });
      const ids = (docs: { id: number }[]) => docs.map((product) => product.id);
      // Every match, best first by score and then by sales and id, whether in stock or not.
      const ranked = [...whole.matched].sort(
        (a, b) =>
          whole.scores![b]! - whole.scores![a]! ||
          index.products[b]!.sales - index.products[a]!.sales ||
          index.products[a]!.id - index.products[b]!.id,
      );
      const all = index.bestTyped(prefix, 1, { take: 12, counted: 10_000 })!;
      expect(ids(all.docs), prefix).toEqual(ids(whole.docs));
      expect(all.counted, prefix).toEqual(ranked);
      // Told to count five, it stops at the best five (and the best twelve products).
      const five = index.bestTyped(prefix, 1, { take: 12, counted: 5 })!;
      expect(ids(five.docs), prefix).toEqual(ids(whole.docs));
      expect(five.counted, prefix).toEqual(ranked.slice(0, 5));
      if (ranked.length > 5) narrowed++;
    }
    expect(narrowed).toBeGreaterThan(50);
    expect(index.bestTyped('leche entera', 1, { take: 12, counted: 5 })).toBeNull();
  });

  it('suggests products, brands and categories; blank terms get empty lists', async () => {
    const response = await get('/api/search-suggestions/lech?sc=1');
    const body = response.json();
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.brands.length).toBeGreaterThan(0);
    expect(body.categories.length).toBeGreaterThan(0);
    const blank = await get(`/api/search-suggestions/${encodeURIComponent('   ')}?sc=1`);
    expect(blank.json()).toEqual({ products: [], brands: [], categories: [], searches: [], redirect: null });
  });

  it('lists popular searches with message 200', async () => {
    const body = (await get('/api/search-suggestions-popular')).json();
    expect(body.message).toBe(200);
    expect(body.topSearches.length).toBeGreaterThan(5);
    const counts = body.topSearches.map((s: { count: number }) => s.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
  });

  it('suggests 4 products by default', async () => {
    const response = await post('/api/search-suggested-products/leche', {});
    expect(response.json()).toHaveLength(4);
  });
});

describe('recommended, ranking, frequent, sponsored', () => {
  it('recommends products of the same category for an item', async () => {
    const row = await one<{ sku: number; product: number; category: number }>(
      `SELECT s.id AS sku, p.id AS product, p.category_id AS category FROM sku s JOIN product p ON p.id = s.product_id ORDER BY p.sales DESC LIMIT 1`,
    );
    const products = (
      await get(`/api/products/recommended?sc=1&numResults=6&itemId=${row.sku}`)
    ).json() as Product[];
    expect(products.length).toBeGreaterThan(0);
    expect(products.length).toBeLessThanOrEqual(6);
    expect(products.map((p) => p.productId)).not.toContain(String(row.product));
    expect(products[0]!.categoryId).toBe(String(row.category));
  });

  it('ranks skus by sales', async () => {
    const rows = (
      await shop.database.pool.query(
        `SELECT s.id FROM sku s JOIN product p ON p.id = s.product_id ORDER BY p.sales DESC, p.id LIMIT 3`,
      )
    ).rows;
    const ranking = (await get(`/api/ranking/skus?skus=${rows.map((r) => r.id).join(',')}`)).json();
    expect(ranking.map((r: { rank: number }) => r.rank)).toEqual([1, 2, 3]);
  });

  it('ranks a collection and 404s an unknown one', async () => {
    const collection = await one<{ id: number }>(`SELECT id FROM collection ORDER BY id LIMIT 1`);
    const ranking = (await get(`/api/collection/${collection.id}/ranking`)).json();
    expect(ranking.length).toBeGreaterThan(0);
    expect(ranking[0].rank).toBe(1);
    const noCollection = await get('/api/collection/99999/ranking');
    expect(noCollection.statusCode).toBe(404);
    expect(noCollection.json().code).toBe('collectionNotFound');
  });

  it('gives 36 frequent products by default and caps sponsored at 5', async () => {
    expect((await get('/api/products/frequent?sc=1')).json()).toHaveLength(36);
    expect((await get('/api/products/frequent?sc=1&qty=5')).json()).toHaveLength(5);
    const sponsored = (await get('/api/sponsored?sc=1')).json() as Product[];
    expect(sponsored.length).toBe(5);
    expect(sponsored.every((p) => p.flags.sponsored)).toBe(true);
  });

  it("keeps a listing's sponsored products inside that listing", async () => {
    // The top category with the most sponsored products, so the check has something to find.
    const top = await one<{ id: number; slug: string; sponsored: number }>(
      `SELECT c1.id, c1.slug, count(*)::int AS sponsored FROM product p
         JOIN category c3 ON c3.id = p.category_id
         JOIN category c2 ON c2.id = c3.parent_id
         JOIN category c1 ON c1.id = c2.parent_id
        WHERE p.sponsored GROUP BY c1.id, c1.slug ORDER BY 3 DESC LIMIT 1`,
    );
    const sponsored = (await get(`/api/sponsored?sc=1&path=${top.slug}`)).json() as Product[];
    // Some may not be sold in channel 1; at least one of a category's several is.
    expect(top.sponsored).toBeGreaterThan(1);
    expect(sponsored.length).toBeGreaterThan(0);
    expect(sponsored.length).toBeLessThanOrEqual(5);
    for (const product of sponsored) {
      expect(product.flags.sponsored).toBe(true);
      expect(product.categoriesIds.join()).toContain(`/${top.id}/`);
    }
  });
});

describe('sponsored products of a search (issue 28)', () => {
  const sponsoredFor = async (term: string) =>
    names((await get(`/api/sponsored?sc=1&ft=${encodeURIComponent(term)}`)).json() as Product[]);

  it('advertises for a search only products about what was searched, the most relevant first', async () => {
    // Before: the best sellers among every match, so a hummus (its aisle is 'Fiambrería y Quesos') for 'queso'.
    // The seeded catalogue sponsors no cheese, and the porotos only share an aisle ('Arroz y Legumbres') with rice.
    expect(await sponsoredFor('queso')).toEqual([]);
    expect(await sponsoredFor('arroz')).toEqual([]);
    expect(await sponsoredFor('porotos')).toEqual(['Porotos Burros Cosecha Criolla 500 g']);
    expect(await sponsoredFor('leche')).toEqual(['Leche Descremada Semidescremada Vaca Austral 200 ml']);
    expect(await sponsoredFor('arena sanitaria')).toEqual([
      'Arena Sanitaria Sílica Patitas del Sur 8 kg',
      'Arena Sanitaria Aglomerante Lavanda Michi Gourmet 4 kg',
    ]);
  });
});

describe('products by sku', () => {
  it('answers up to 40 ids, 60 for the OSM consumer', async () => {
    const ids = (await shop.database.pool.query(`SELECT id FROM sku ORDER BY id LIMIT 61`)).rows.map(
      (r) => r.id,
    );
    const forty = await get(`/api/catalog/1/products/skus?skuIds=${ids.slice(0, 40).join(',')}&sc=1`);
    expect(forty.statusCode).toBe(200);
    expect((forty.json() as Product[]).length).toBeGreaterThan(0);
    const fortyOne = await get(`/api/1/products/skus?skuIds=${ids.slice(0, 41).join(',')}&sc=1`);
    expect(fortyOne.statusCode).toBe(400);
    expect(fortyOne.json()).toMatchObject({
      code: 'tooManyItemsInQuery',
      message: 'Se permiten hasta 40 skuIds por consulta',
      field: 'skuIds',
    });
    const osm = await get(`/api/1/products/skus?skuIds=${ids.slice(0, 60).join(',')}&sc=1`, TEST_OSM_KEY);
    expect(osm.statusCode).toBe(200);
    const osmTooMany = await get(`/api/1/products/skus?skuIds=${ids.join(',')}&sc=1`, TEST_OSM_KEY);
    expect(osmTooMany.statusCode).toBe(400);
  });

  it('answers only the requested seller’s offers', async () => {
    const row = await one<{ sku_id: number; seller_id: string }>(
      `SELECT sku_id, seller_id FROM sku_offer WHERE seller_id <> '1' LIMIT 1`,
    );
    const other = (await get(`/api/catalog/${row.seller_id}/products/skus?skuIds=${row.sku_id}&sc=1`)).json();
    expect(other).toHaveLength(1);
    const nobody = (await get(`/api/catalog/no-such-seller/products/skus?skuIds=${row.sku_id}&sc=1`)).json();
    expect(nobody).toEqual([]);
  });
});

describe('files and specification fields', () => {
  it('serves the category tree with the seven fixed categories first, three levels deep', async () => {
    const tree = (await get('/api/files/categories.json')).json();
    expect(tree.slice(0, 7).map((c: { fixedPosition: number }) => c.fixedPosition)).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(tree.slice(0, 7).every((c: { icon: string | null }) => c.icon)).toBe(true);
    expect(tree[0].children[0].children.length).toBeGreaterThan(0);
  });

  it('lists only promotions active now', async () => {
    const promotions = (await get('/api/files/promotions.json')).json();
    const all = (await shop.database.pool.query(`SELECT data FROM promotion`)).rows.map((r) => r.data);
    expect(promotions.length).toBeGreaterThan(0);
    expect(promotions.length).toBeLessThan(all.length);
    for (const promotion of promotions) expect(promotion.value).not.toBe(0);
  });

  it('lists a category’s specification fields', async () => {
    const leaf = await one<{ id: number }>(`SELECT category_id AS id FROM product LIMIT 1`);
    const fields = (await get(`/api/catalog/specification/fields/${leaf.id}`)).json();
    expect(fields.length).toBeGreaterThan(0);
    expect(fields[0]).toHaveProperty('values');
    expect((await get('/api/catalog/specification/fields/999999')).statusCode).toBe(404);
  });
});

describe('the index follows the database', () => {
  it('rebuilds after a write made by anyone (LISTEN catalog_changed)', async () => {
    const row = await one<{ id: number }>(`SELECT id FROM product ORDER BY id LIMIT 1`);
    await shop.database.pool.query(
      `UPDATE product SET name = 'Quínoa Lunar Edición Especial' WHERE id = $1`,
      [row.id],
    );
    let found: string[] = [];
    for (let attempt = 0; attempt < 40 && !found.length; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      found = names(
        (await post('/api/search', { query: 'quinoa lunar', selectedFacets: [] })).json().products,
      );
    }
    expect(found).toEqual(['Quínoa Lunar Edición Especial']);
  });
});
