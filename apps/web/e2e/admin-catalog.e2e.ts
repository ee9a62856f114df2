import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEFAULT_SALES_CHANNEL, formatCLP, roundToWholePesos } from '@despensa/domain';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { API_HEADERS } from './support/api';
import { staffAt as staffAtPage } from './support/staff';

/**
 * Issue 30's first journey: a merchandiser logs into /admin, creates −20 % on one product from now, and a
 * shopper then pays the new price on the product's card in a listing, on its page and in the cart.
 */
const MERCHANDISER = { email: 'comercial@despensa.cl', password: 'comercial-despensa' };
const OPERATOR_PASSWORD = 'operador-despensa';

let browser: Browser;
/** A product of one SKU sold by the unit that no promotion touches yet: its shelf price is what is paid. */
let chosen: { skuId: number; productId: number; name: string; slug: string; price: number };
const promotionName = `Oferta de la oficina ${Math.random().toString(36).slice(2, 8)}`;
const couponCode = `OFICINA-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

async function withDatabase<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/** What a visitor pays today for one unit (the product API's price, cents). */
async function shownPrice(
  productId: number,
  skuId: number,
  salesChannel = DEFAULT_SALES_CHANNEL,
): Promise<number | undefined> {
  const response = await fetch(`${baseUrl()}/api/catalog/product/${productId}?sc=${salesChannel}`, {
    headers: API_HEADERS,
  });
  if (!response.ok) return undefined;
  const product = (await response.json()) as {
    items: { itemId: string; sellers: { sellerId: string; commertialOffer: { Price: number } }[] }[];
  };
  const item = product.items.find((each) => each.itemId === String(skuId));
  return item?.sellers.find((seller) => seller.sellerId === '1')?.commertialOffer.Price;
}

beforeAll(async () => {
  browser = await launchBrowser();
  // From the end of the catalogue: the other journeys take theirs from its start.
  const candidates = await withDatabase(
    async (db) =>
      (
        await db.query(
          `SELECT s.id, p.id AS product_id, p.name, p.slug, o.price FROM sku s
             JOIN product p ON p.id = s.product_id
             JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = $1
            WHERE s.measurement_unit <> 'kg' AND o.available_quantity >= 20 AND o.price = o.list_price
              AND o.price >= 100000
              AND (SELECT count(*) FROM sku other WHERE other.product_id = p.id) = 1
            ORDER BY s.id DESC LIMIT 40`,
          [DEFAULT_SALES_CHANNEL],
        )
      ).rows as { id: number; product_id: number; name: string; slug: string; price: number }[],
  );
  for (const row of candidates) {
    if ((await shownPrice(row.product_id, row.id)) !== row.price) continue;
    chosen = { skuId: row.id, productId: row.product_id, name: row.name, slug: row.slug, price: row.price };
    break;
  }
  expect(chosen).toBeDefined();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  // The other journeys' shelves stay as the seed made them.
  await withDatabase((db) =>
    db.query(`UPDATE promotion SET data = jsonb_set(data, '{active}', 'false') WHERE data->>'name' = $1`, [
      promotionName,
    ]),
  );
  await withDatabase((db) => db.query('DELETE FROM coupon WHERE code = $1', [couponCode]));
});

const staffAt = (path: string, who: { email: string; password: string }) => staffAtPage(browser, path, who);

describe('the back office for a merchandiser', () => {
  it('refuses an operator, in Spanish (403)', async () => {
    const operator = await withDatabase(
      async (db) =>
        (await db.query(`SELECT email FROM staff_member WHERE role = 'operator' LIMIT 1`)).rows[0].email,
    );
    const page = await staffAt('/admin/promociones', { email: operator, password: OPERATOR_PASSWORD });
    await page.getByRole('heading', { name: 'Sin acceso a la administración' }).waitFor();
    expect(await page.getByText('Tu rol no da acceso a la administración de la tienda.').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('finds and opens a product in the catalogue (accessible pages)', async () => {
    const page = await staffAt('/admin/catalogo', MERCHANDISER);
    const menu = page.getByRole('navigation', { name: 'Administración' });
    expect(await menu.getByRole('link', { name: 'Claves de integración' }).count()).toBe(0);
    await page.getByLabel('Buscar producto').fill(String(chosen.skuId));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('heading', { name: /producto\(s\) para/ }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: chosen.name }).click();
    await page.getByRole('heading', { name: chosen.name, level: 1 }).waitFor();
    expect(await page.getByLabel('Precio base (pesos)').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it("sets a store's own price, which that store's shoppers pay, and clears it back to the base price", async () => {
    const page = await staffAt(`/admin/catalogo/${chosen.productId}`, MERCHANDISER);
    const store = await withDatabase(
      async (db) =>
        (
          await db.query(
            `SELECT st.name, st.sales_channel FROM store st JOIN sku_offer o
               ON o.sales_channel = st.sales_channel AND o.sku_id = $1 AND o.seller_id = '1'
              WHERE st.active ORDER BY st.sales_channel LIMIT 1`,
            [chosen.skuId],
          )
        ).rows[0] as { name: string; sales_channel: number },
    );
    // A store's price stands beside the base price: the SKU's price row is saved first, at today's price.
    await page.getByLabel('Precio base (pesos)').fill(String(chosen.price / 100));
    await page.getByRole('button', { name: 'Guardar precios' }).click();
    await page.getByText('Precios guardados: los clientes ya ven el nuevo precio.').waitFor();
    const fixed = page.getByLabel(
      `Precio fijo de ${chosen.name} en ${store.name} (pesos; vacío para el precio base)`,
    );
    await fixed.fill('777');
    await page.getByRole('button', { name: `Guardar precio fijo en ${store.name}` }).click();
    await page.getByText('Precio fijo guardado: los clientes de esa tienda ya lo ven.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await expect
      .poll(() => shownPrice(chosen.productId, chosen.skuId, store.sales_channel), { timeout: 15_000 })
      .toBe(77_700);
    expect(await fixed.inputValue()).toBe('777');

    await fixed.fill('');
    await page.getByRole('button', { name: `Guardar precio fijo en ${store.name}` }).click();
    await page.getByText('Precio fijo quitado: la tienda vende al precio base.').waitFor();
    await expect
      .poll(() => shownPrice(chosen.productId, chosen.skuId, store.sales_channel), { timeout: 15_000 })
      .toBe(chosen.price);
    await page.context().close();
  });

  it('sets the popular searches; the search box offers the new first one first', async () => {
    const page = await staffAt('/admin/busquedas-populares', MERCHANDISER);
    await page.getByRole('heading', { name: 'Búsquedas populares', level: 1 }).waitFor();
    const box = page.getByLabel('Búsquedas, una por línea, en el orden en que se ofrecen');
    const before = await box.inputValue();
    const terms = ['pan de molde', ...before.split('\n')].slice(0, 20);
    await box.fill(terms.join('\n'));
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `Guardamos ${terms.length} búsquedas populares.` })
      .waitFor();
    expect(await box.inputValue()).toBe(terms.join('\n'));
    expect(await accessibilityViolations(page)).toEqual([]);

    const shopper = (await newPage(browser, { width: 1280, height: 900 })).page;
    await shopper.goto('/');
    await shopper.getByRole('combobox', { name: 'Buscar productos' }).focus();
    const popular = shopper.getByRole('group', { name: 'Búsquedas populares' });
    await popular.waitFor({ state: 'visible' });
    expect(await popular.getByRole('option').first().textContent()).toBe('pan de molde');
    await shopper.context().close();

    // Back as the seed made them, for the journeys after this one.
    await box.fill(before);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('status').filter({ hasText: 'Guardamos' }).waitFor();
    await page.context().close();
  });

  it('creates −20 % on one product from now; a shopper pays it on the card, the product page and the cart', async () => {
    const expected = chosen.price - roundToWholePesos(chosen.price * 0.2);
    const page = await staffAt('/admin/promociones/nueva', MERCHANDISER);
    await page.getByRole('heading', { name: 'Nueva promoción', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Nombre').fill(promotionName);
    await page.getByLabel('Descuento', { exact: true }).fill('150');
    await page.getByLabel('SKU', { exact: true }).fill(String(chosen.skuId));
    await page.getByRole('checkbox', { name: 'Acumulable con otras promociones' }).check();
    await page.getByRole('button', { name: 'Guardar promoción' }).click();
    // The engine's refusal, in Spanish, beside the field it is about.
    const refused = page.getByText('El descuento porcentual no puede superar el 100 %.');
    await refused.waitFor();
    expect(await page.getByLabel('Descuento', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Descuento', { exact: true }).fill('20');
    await page.getByLabel('Productos del carro').fill(`${chosen.skuId} x 1`);
    await page.getByLabel('Tienda del carro').selectOption(String(DEFAULT_SALES_CHANNEL));
    await page.getByRole('button', { name: 'Ver vista previa' }).click();
    const preview = page.getByRole('region', { name: 'Vista previa del carro' });
    await preview.waitFor();
    const line = preview.getByRole('row', { name: new RegExp(`^${chosen.skuId}`) });
    expect(await line.textContent()).toContain(formatCLP(chosen.price));
    expect(await line.textContent()).toContain(formatCLP(expected));
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Guardar promoción' }).click();
    await page.getByRole('heading', { name: 'Promociones', level: 1 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `Promoción «${promotionName}» guardada.` })
      .waitFor();
    const row = page.getByRole('row', { name: new RegExp(promotionName) });
    expect(await row.textContent()).toContain('Vigente');
    expect(await row.textContent()).toContain(`SKU: `);
    expect(await accessibilityViolations(page)).toEqual([]);

    const { context, page: shopper } = await newPage(browser, { width: 1280, height: 900 });
    // The listing: the product's card, once the catalogue has the promotion (a moment after the write).
    await expect
      .poll(
        async () => {
          await shopper.goto(`/busca?ft=${encodeURIComponent(chosen.name)}`);
          const card = shopper.locator('.product-card').filter({ hasText: chosen.name }).first();
          return card.locator('.product-price__current').textContent();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toContain(formatCLP(expected));
    await shopper.goto(`/${chosen.slug}/p`);
    expect(await shopper.locator('main .product-price__current').first().textContent()).toContain(
      formatCLP(expected),
    );
    await shopper.goto(`/?sku=${chosen.skuId}`);
    await shopper.goto('/mi-carro');
    const cartLine = shopper.locator('.cart-page__main .cart-line').filter({ hasText: chosen.name });
    await expect
      .poll(() => cartLine.locator('.cart-line__price').textContent())
      .toBe(`${formatCLP(expected)} c/u`);
    await context.close();
  }, 180_000);

  it('creates a coupon a shopper applies in the cart, then pauses it: the code is no longer valid', async () => {
    const page = await staffAt('/admin/cupones/nuevo', MERCHANDISER);
    await page.getByRole('heading', { name: 'Nuevo cupón', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Código del cupón').fill('a b');
    await page.getByLabel('Nombre').fill('Cupón de la oficina');
    await page.getByLabel('Descuento', { exact: true }).fill('10');
    await page.getByLabel('SKU', { exact: true }).fill(String(chosen.skuId));
    await page.getByRole('button', { name: 'Guardar cupón' }).click();
    await page.getByText('Escribe de 3 a 30 letras, números o guiones, sin espacios.').waitFor();
    expect(await page.getByLabel('Código del cupón').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Código del cupón').fill(couponCode.toLowerCase());
    await page.getByRole('button', { name: 'Guardar cupón' }).click();
    await page.getByRole('heading', { name: 'Cupones', level: 1 }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: `Cupón ${couponCode} guardado.` })
      .waitFor();
    const row = page.getByRole('row', { name: new RegExp(couponCode) });
    expect(await row.textContent()).toContain('Vigente');
    expect(await row.textContent()).toContain('Cupón de la oficina');
    expect(await accessibilityViolations(page)).toEqual([]);

    const { context, page: shopper } = await newPage(browser, { width: 1280, height: 900 });
    await shopper.goto(`/?sku=${chosen.skuId}`);
    await shopper.goto('/mi-carro');
    const typeCoupon = async () => {
      await shopper.getByLabel('Código del cupón').fill(couponCode.toLowerCase());
      await shopper.getByLabel('Código del cupón').press('Enter');
    };
    await typeCoupon();
    await shopper.getByText(`Cupón ${couponCode} aplicado`).waitFor();
    await shopper.getByRole('button', { name: 'Quitar cupón' }).click();
    await shopper.getByLabel('Código del cupón').waitFor();

    await page.getByRole('button', { name: `Pausar el cupón ${couponCode}` }).click();
    await page.getByText(`Cupón ${couponCode}: en pausa.`).waitFor();
    await expect.poll(() => row.textContent()).toContain('En pausa');
    await typeCoupon();
    await shopper.getByText(`El cupón ${couponCode} no es válido`).waitFor();
    await context.close();

    // A coupon that is not there: a page that says so (404), not an error.
    const missing = await page.goto('/admin/cupones/NOEXISTE');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'No lo encontramos', level: 1 }).waitFor();
    await page.getByText('No existe ese cupón').waitFor();
  });
});
