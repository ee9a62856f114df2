import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatCLP } from '@despensa/domain';
import { CART_CACHE_KEY, CART_FALLBACK_NOTICE } from '../app/features/cart/cart-client';
import { api, heldCart } from './support/api';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { holdScripts, isInteractive } from './support/hydration';

interface ApiProduct {
  productName: string;
  linkText: string;
  items: {
    itemId: string;
    sellers: { commertialOffer: { AvailableQuantity: number; ListPrice: number } }[];
  }[];
  SkuData: Record<string, { unit_multiplier_un: number; measurement_unit_un: string; cart_limit?: number }>;
}

interface ApiOrderForm {
  value: number;
  items: { id: string; name: string; quantity: number }[];
  totalizers: { id: string; value: number }[];
  marketingData: { coupon: string | null } | null;
}

let browser: Browser;
let dairy: ApiProduct[];
let weighed: ApiProduct;

const inStock = (product: ApiProduct) =>
  (product.items[0]?.sellers[0]?.commertialOffer.AvailableQuantity ?? 0) > 0 &&
  (product.items[0]?.sellers[0]?.commertialOffer.ListPrice ?? 0) > 0;

beforeAll(async () => {
  browser = await launchBrowser();
  dairy = (await api<ApiProduct[]>('/api/products/search/lacteos')).filter(inStock);
  const produce = await api<ApiProduct[]>('/api/products/search/frutas-y-verduras?_from=0&_to=39');
  weighed = produce.find(
    (product) => inStock(product) && product.SkuData[product.items[0]!.itemId]?.measurement_unit_un === 'kg',
  )!;
  expect(dairy.length).toBeGreaterThan(2);
  expect(weighed).toBeDefined();
});
afterAll(async () => {
  await browser?.close();
});

/** The cart the browser's cookie points at, straight from the cart API, as the browser holding it. */
async function serverCart(context: BrowserContext): Promise<ApiOrderForm> {
  const held = await heldCart(context);
  expect(held?.cookie).toMatch(/^checkout\.vtex\.com=__ofid=\w{16,}; despensa_cart_key=[\w-]{43}$/);
  return api<ApiOrderForm>(`/api/orderform/${held!.id}`, { cookie: held!.cookie });
}

async function open(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser);
  await opened.page.goto(path);
  await opened.page.waitForLoadState('networkidle');
  return opened;
}

const minicart = (page: Page) => page.getByRole('dialog', { name: 'Tu carro' });
const quantityOf = (page: Page, name: string) =>
  page.getByRole('group', { name: `Cantidad de ${name}`, exact: true }).locator('output');
const cartButton = (page: Page) => page.getByRole('button', { name: /^Carro, \d+ productos?$/ });

/** Waits until the server's cart satisfies `check` (the UI runs ahead of it on purpose). */
async function untilServer(context: BrowserContext, check: (cart: ApiOrderForm) => boolean) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const cart = await serverCart(context);
    if (check(cart)) return cart;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server cart never reached the expected state');
}

describe('minicart', () => {
  it('adds from a listing, batches quick + clicks, removes, and gives focus back on Escape', async () => {
    const { context, page } = await open('/lacteos');
    const button = page.locator('.product-grid .add-to-cart:not([disabled]):not([aria-haspopup])').first();
    const name = ((await button.getAttribute('aria-label')) ?? '').replace(/^Agregar (.*) al carro$/, '$1');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/carro/acciones')) posts.push(request.url());
    });
    await button.click();

    await minicart(page).waitFor();
    await expect.poll(() => quantityOf(page, name).textContent()).toBe('1');
    const afterAdd = await serverCart(context);
    expect(afterAdd.items).toMatchObject([{ name, quantity: 1 }]);
    await expect
      .poll(() => minicart(page).getByTestId('cart-total').textContent())
      .toBe(formatCLP(afterAdd.value));

    // Three quick clicks count three, show at once and reach the server as one batch. Clicked in the
    // page, one after the other before the line is drawn again (each must count from the last one), and
    // within the queue's 150 ms: three click() calls each wait for the button to be stable.
    const plus = minicart(page).getByRole('button', { name: `Agregar una unidad de ${name}` });
    await plus.evaluate((button: HTMLButtonElement) => {
      for (let click = 0; click < 3; click++) button.click();
    });
    await expect.poll(() => quantityOf(page, name).textContent()).toBe('4');
    const four = await untilServer(context, (cart) => cart.items[0]?.quantity === 4);
    await expect
      .poll(() => minicart(page).getByTestId('cart-total').textContent())
      .toBe(formatCLP(four.value));
    expect(posts.length).toBe(2);

    // Upselling: up to 4 other products under the lines.
    const suggestions = minicart(page)
      .getByRole('region', { name: 'Te puede interesar' })
      .getByRole('listitem');
    await suggestions.first().waitFor();
    expect(await suggestions.count()).toBeLessThanOrEqual(4);

    await page.keyboard.press('Escape');
    await minicart(page).waitFor({ state: 'hidden' });
    // The 'Agregar' that opened it is now the card's stepper, and focus is back there.
    expect(
      await page.evaluate(() =>
        document.activeElement?.closest('[role="group"]')?.getAttribute('aria-label'),
      ),
    ).toBe(`Cantidad de ${name} en tu carro`);
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Carro, 4 productos');
    // No delivery mode chosen yet, on a desktop width: the popover asks for one.
    await page.getByText('Elige tu modo de entrega para ver la disponibilidad').waitFor();

    await cartButton(page).click();
    await minicart(page)
      .getByRole('button', { name: `Eliminar ${name} del carro` })
      .click();
    await minicart(page).getByText('Tu carro está vacío.').waitFor();
    await untilServer(context, (cart) => cart.items.length === 0);
    await context.close();
  });

  it('adds from a product page, survives a reload and shows in a second tab', async () => {
    const [first, second] = dairy;
    const { context, page } = await open(`/${first!.linkText}/p`);
    await page.getByRole('button', { name: `Agregar ${first!.productName} al carro` }).click();
    await minicart(page).getByRole('link', { name: first!.productName }).waitFor();
    const cart = await untilServer(context, (each) => each.items.length === 1);
    expect(cart.items[0]).toMatchObject({ name: first!.productName, quantity: 1 });
    await expect
      .poll(() => minicart(page).getByTestId('cart-total').textContent())
      .toBe(formatCLP(cart.value));

    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Carro, 1 producto');

    // A second tab shows the same cart; a change there reaches the first tab (§4 multi-tab).
    const other = await context.newPage();
    await other.goto(`/${second!.linkText}/p`);
    await other.waitForLoadState('networkidle');
    expect(await cartButton(other).getAttribute('aria-label')).toBe('Carro, 1 producto');
    await other.getByRole('button', { name: `Agregar ${second!.productName} al carro` }).click();
    await minicart(other).getByRole('link', { name: second!.productName }).waitFor();
    await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Carro, 2 productos');
    await context.close();
  });

  it("shows no cart to a browser that writes a shopper's cart id into its cart cookie; its add makes its own", async () => {
    const [first, second] = dairy;
    const owner = await open(`/?sku=${first!.items[0]!.itemId}&quantity=1`);
    await minicart(owner.page).waitFor();
    const held = (await heldCart(owner.context))!;
    // Issue 27: the id learnt from a link or a log, written by hand as `checkout.vtex.com=__ofid={id}`.
    const stranger = await newPage(browser);
    await stranger.context.addCookies([
      { name: 'checkout.vtex.com', value: `__ofid=${held.id}`, url: baseUrl() },
    ]);
    await stranger.page.goto('/');
    await stranger.page.waitForLoadState('networkidle');
    expect(await cartButton(stranger.page).getAttribute('aria-label')).toBe('Carro, 0 productos');
    await stranger.page.goto(`/?sku=${second!.items[0]!.itemId}&quantity=1`);
    await minicart(stranger.page).waitFor();
    expect((await heldCart(stranger.context))!.id).not.toBe(held.id);
    const strangers = await serverCart(stranger.context);
    expect(strangers.items.map((item) => [item.name, item.quantity])).toEqual([[second!.productName, 1]]);
    // The shopper's cart is as they left it.
    const owners = await serverCart(owner.context);
    expect(owners.items.map((item) => [item.name, item.quantity])).toEqual([[first!.productName, 1]]);
    await stranger.context.close();
    await owner.context.close();
  });

  it('steps a weighed item in kg and says its weight may vary', async () => {
    const sku = weighed.items[0]!.itemId;
    const step = weighed.SkuData[sku]!.unit_multiplier_un;
    const kg = (value: number) => `${new Intl.NumberFormat('es-CL').format(value)} kg`;
    const { context, page } = await open(`/${weighed.linkText}/p`);
    await page.getByRole('button', { name: `Agregar ${weighed.productName} al carro` }).click();
    const line = minicart(page).getByRole('group', { name: /^Cantidad de / });
    await expect.poll(() => line.locator('output').textContent()).toBe(kg(step));
    await minicart(page).getByText('el peso final puede variar', { exact: false }).waitFor();
    await line.getByRole('button', { name: new RegExp(`^Agregar ${kg(step)} de `) }).click();
    expect(await line.locator('output').textContent()).toBe(kg(step * 2));
    await untilServer(context, (cart) => cart.items[0]?.quantity === 2);
    await context.close();
  });

  it('adds by URL, lands on / with the minicart open, and passes axe', async () => {
    const [first, second] = dairy;
    const skus = `${first!.items[0]!.itemId},${second!.items[0]!.itemId}`;
    const { context, page } = await open(`/?sku=${skus}&quantity=3`);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/');
    await minicart(page).waitFor();
    const cart = await serverCart(context);
    expect(cart.items.map((item) => [item.name, item.quantity]).sort()).toEqual(
      [
        [first!.productName, 3],
        [second!.productName, 1],
      ].sort(),
    );
    expect(await quantityOf(page, first!.productName).textContent()).toBe('3');
    expect(await minicart(page).getByTestId('cart-total').textContent()).toBe(formatCLP(cart.value));
    expect(await accessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it('opens the minicart only on the page the link landed on, not on the next one', async () => {
    const [first] = dairy;
    const { context, page } = await open('/lacteos');
    // The link is followed but its page never starts (the shopper moved on at once): the flag waits.
    const followed = await page.request.get(`/?sku=${first!.items[0]!.itemId}`, { maxRedirects: 0 });
    expect(followed.status()).toBe(302);
    await page.goto('/mi-carro');
    await page.locator('.cart-page__main .cart-line').first().waitFor();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-interactive'));
    expect(await minicart(page).isVisible()).toBe(false);
    expect(await context.cookies()).not.toContainEqual(
      expect.objectContaining({ name: 'despensa_minicart' }),
    );
    await context.close();
  });
});

describe('limits and line prices', () => {
  it('says which limit an add hit, by URL or with +, and what a link could not add', async () => {
    // No limit of its own and stock enough: 999 by URL stops at the 35 of §9, and the minicart says so.
    const free = dairy.find((product) => {
      const limit = Number(product.SkuData[product.items[0]!.itemId]?.cart_limit);
      const stock = product.items[0]!.sellers[0]!.commertialOffer.AvailableQuantity;
      return !(limit > 0 && limit < 35) && stock >= 35;
    })!;
    const { context, page } = await open(`/?sku=${free.items[0]!.itemId}&quantity=999`);
    await minicart(page).getByText('Puedes agregar hasta 35 unidades de este producto').waitFor();
    expect(await quantityOf(page, free.productName).textContent()).toBe('35');
    // + at the limit keeps 35 and says it again (the button is not a silent dead end).
    await page.goto('/mi-carro');
    await page.getByRole('button', { name: `Agregar una unidad de ${free.productName}` }).click();
    await page.getByText('Puedes agregar hasta 35 unidades de este producto').waitFor();
    expect(await quantityOf(page, free.productName).textContent()).toBe('35');
    expect((await untilServer(context, () => true)).items[0]!.quantity).toBe(35);
    // A link whose products cannot be bought still lands, and the minicart tells how many were left out.
    await page.goto(`/?sku=${free.items[0]!.itemId},99999999&quantity=1,1`);
    await minicart(page).getByText('No pudimos agregar 1 producto: ya no está disponible.').waitFor();
    await context.close();
  });

  it('prices a line so that its unit price times its quantity is its total, or names each discount', async () => {
    const { context, page } = await open('/lacteos');
    const added = dairy.slice(0, 8);
    const skus = added.map((product) => product.items[0]!.itemId).join(',');
    await page.goto(`/?sku=${skus}&quantity=${added.map(() => 3).join(',')}`);
    await page.goto('/mi-carro');
    const cart = await untilServer(context, (each) => each.items.length === added.length);
    const money = (text: string) => Number(text.replace(/[^\d]/g, ''));
    let lineSum = 0;
    for (const item of cart.items) {
      // The cart page's own line (the minicart drawer, when a late add opens it, holds one too).
      const line = page
        .locator('.cart-page__main .cart-line')
        .filter({ has: page.getByRole('link', { name: item.name, exact: true }) });
      const unit = money(await line.locator('.cart-line__price').innerText());
      const total = money(await line.locator('.cart-line__total').innerText());
      const discounts = await line.locator('.cart-line__saving').allInnerTexts();
      expect(unit * item.quantity - discounts.reduce((sum, text) => sum + money(text), 0), item.name).toBe(
        total,
      );
      lineSum += total;
    }
    const summary = page.getByRole('complementary', { name: 'Resumen de tu compra' });
    expect(money(await summary.getByTestId('cart-total').innerText())).toBe(lineSum);
    await context.close();
  });
});

describe('prices and failures', () => {
  it("shows on a promoted product's card the price its cart line charges", async () => {
    const { context, page } = await open('/lacteos');
    // A card whose promotion the card price already includes: it strikes the list price through.
    const card = page
      .locator('.product-grid .product-card')
      .filter({ has: page.locator('.product-price__list') })
      .filter({ has: page.locator('.add-to-cart:not([disabled]):not([aria-haspopup])') })
      .first();
    const price = await card
      .locator('.product-price__current')
      .evaluate((element) => element.lastChild!.textContent);
    const name = await card.getByRole('heading').textContent();
    await card.locator('.add-to-cart').click();
    const line = minicart(page).getByRole('listitem').filter({ hasText: name! });
    await expect.poll(() => line.locator('.cart-line__price').textContent()).toBe(`${price} c/u`);
    await context.close();
  });

  it('asks for the weight of a weighed item in the quick-purchase drawer and charges its total', async () => {
    const { context, page } = await open('/frutas-y-verduras');
    const card = page
      .locator('.product-grid .product-card')
      .filter({ has: page.locator('.add-to-cart[aria-haspopup]:not([disabled])') })
      .first();
    const name = (await card.getByRole('heading').textContent())!;
    await card.locator('.add-to-cart').click();
    const drawer = page.getByRole('dialog', { name: 'Compra rápida' });
    const stepper = drawer.getByRole('group', { name: `Cantidad de ${name}` });
    const one = await drawer.getByTestId('quick-purchase-total').textContent();
    await stepper.getByRole('button', { name: /^Agregar .* kg de / }).click();
    await expect.poll(() => drawer.getByTestId('quick-purchase-total').textContent()).not.toBe(one);
    const total = await drawer.getByTestId('quick-purchase-total').textContent();
    expect(await accessibilityViolations(page)).toEqual([]);
    await drawer.getByRole('button', { name: 'Agregar al carro' }).click();
    const line = minicart(page).getByRole('listitem').filter({ hasText: name });
    await expect.poll(() => line.locator('.cart-line__total').textContent()).toBe(total);
    const cart = await untilServer(context, (each) => each.items[0]?.quantity === 2);
    expect(formatCLP(cart.value)).toBe(total);
    await context.close();
  });

  it('retries a failing cart call 3 times, then shows the cached cart read-only; offline raises 503', async () => {
    const product = dairy[0]!;
    const { context, page } = await open(`/${product.linkText}/p`);
    await page.getByRole('button', { name: `Agregar ${product.productName} al carro` }).click();
    await expect.poll(() => quantityOf(page, product.productName).textContent()).toBe('1');
    await untilServer(context, (cart) => cart.items.length === 1);

    const attempts: number[] = [];
    await page.route('**/carro/acciones*', (route) => {
      // The change's POSTs (the upselling shelf's GETs fail too, and are not counted).
      if (route.request().method() === 'POST') attempts.push(Date.now());
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    });
    await minicart(page)
      .getByRole('button', { name: `Agregar una unidad de ${product.productName}` })
      .click();
    await minicart(page).getByText(CART_FALLBACK_NOTICE).waitFor();
    expect(attempts).toHaveLength(4);
    expect(attempts[3]! - attempts[0]!).toBeGreaterThanOrEqual(3 * 200);
    // The cached cart, read-only: its line without its controls.
    const line = minicart(page).getByRole('listitem').filter({ hasText: product.productName });
    expect(await line.locator('.cart-line__quantity').textContent()).toBe('1');
    expect(await line.getByRole('group').count()).toBe(0);
    expect((await serverCart(context)).items[0]!.quantity).toBe(1);

    await page.unroute('**/carro/acciones*');
    await page.route('**/carro/acciones*', (route) => route.abort('internetdisconnected'));
    await minicart(page).getByRole('button', { name: 'Reintentar' }).click();
    await page.getByText('En estos momentos no podemos completar tu solicitud').waitFor();
    await context.close();
  });

  it('drops a change a newer one replaced: never sent again after it, never reported as a failure', async () => {
    const product = dairy[0]!;
    const { context, page } = await open(`/?sku=${product.items[0]!.itemId}&quantity=1`);
    await page.goto('/mi-carro');
    const failures: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    // The first coupon's call is held on its way out, so the second replaces it while it waits.
    const held: { release?: () => void } = {};
    const heldCall = new Promise<void>((resolve) => {
      held.release = resolve;
    });
    let coupons = 0;
    await page.route('**/carro/acciones*', async (route) => {
      if (route.request().method() === 'POST' && (route.request().postData() ?? '').includes('"coupon"')) {
        coupons += 1;
        if (coupons === 1) await heldCall;
      }
      await route.continue().catch(() => {}); // the page gave this call up
    });
    const coupon = page.getByLabel('Código del cupón');
    await coupon.fill('bienvenida10');
    await coupon.press('Enter');
    await expect.poll(() => coupons).toBe(1);
    await coupon.fill('NOEXISTE');
    await coupon.press('Enter');
    await page.getByText('El cupón NOEXISTE no es válido').waitFor();
    held.release!();
    // Well past §8's retry gaps (3 × 200 ms): the replaced call stays unsent.
    await page.waitForTimeout(1_500);
    expect(coupons).toBe(2);
    expect((await serverCart(context)).marketingData?.coupon ?? null).toBeNull();
    expect(await page.getByText('Cupón activo').count()).toBe(0);
    expect(failures).toEqual([]);
    await context.close();
  });

  it("shows the cached cart read-only when the page's cart read fails, until Reintentar", async () => {
    const product = dairy[1]!;
    const { context, page } = await open(`/${product.linkText}/p`);
    // React reports a hydration mismatch (#418 in production) as an uncaught page error.
    const hydrationErrors: string[] = [];
    page.on('pageerror', (error) => {
      if (/hydrat|#418|#425/i.test(error.message)) hydrationErrors.push(error.message);
    });
    await page.getByRole('button', { name: `Agregar ${product.productName} al carro` }).click();
    await expect.poll(() => quantityOf(page, product.productName).textContent()).toBe('1');
    await untilServer(context, (cart) => cart.items.length === 1);

    // The server's cart reads now throw (its table is gone), which is not the 'no cart yet' of a 404.
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    const breakCarts = () => db.query('ALTER TABLE order_form RENAME TO order_form_unreadable');
    const restoreCarts = () => db.query('ALTER TABLE IF EXISTS order_form_unreadable RENAME TO order_form');
    try {
      await breakCarts();
      const response = await page.reload();
      // The server's HTML has the empty cart; the browser then shows the one it cached, read-only.
      expect(await response?.text()).toContain('Carro, 0 productos');
      await expect.poll(() => cartButton(page).getAttribute('aria-label')).toBe('Carro, 1 producto');
      await cartButton(page).click();
      await minicart(page).getByText(CART_FALLBACK_NOTICE).waitFor();
      const line = minicart(page).getByRole('listitem').filter({ hasText: product.productName });
      expect(await line.locator('.cart-line__quantity').textContent()).toBe('1');
      expect(await line.getByRole('group').count()).toBe(0);
      expect(await minicart(page).getByRole('button', { name: 'Reintentar' }).count()).toBe(1);

      // Nothing cached: the empty cart, with the same notice and Reintentar.
      await page.evaluate((key) => localStorage.removeItem(key), CART_CACHE_KEY);
      await page.reload();
      await page.waitForLoadState('networkidle');
      await cartButton(page).click();
      await minicart(page).getByText(CART_FALLBACK_NOTICE).waitFor();
      await minicart(page).getByText('Tu carro está vacío.').waitFor();

      await restoreCarts();
      await minicart(page).getByRole('button', { name: 'Reintentar' }).click();
      await expect.poll(() => quantityOf(page, product.productName).textContent()).toBe('1');
      expect(await minicart(page).getByText(CART_FALLBACK_NOTICE).count()).toBe(0);
      expect(await minicart(page).getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
      expect(await cartButton(page).getAttribute('aria-label')).toBe('Carro, 1 producto');
      expect(hydrationErrors).toEqual([]);
    } finally {
      await restoreCarts();
      await db.end();
    }
    await context.close();
  });
});

describe('cart page', () => {
  it("takes a product page's recipe to the recipe cart with all its ingredients", async () => {
    const pantry = await api<(ApiProduct & { recipe: string | null; recipeItems: string[] })[]>(
      '/api/products/search/despensa/arroz-y-legumbres?_from=0&_to=49',
    );
    const cook = pantry.find((product) => product.recipe && product.recipeItems.length > 0)!;
    expect(cook, 'a seeded pantry product with a recipe').toBeDefined();
    const { context, page } = await open(`/${cook.linkText}/p`);
    await page.getByRole('heading', { name: 'Receta' }).click();
    const count = cook.recipeItems.length + 1;
    await page.getByRole('link', { name: `Agregar los ${count} ingredientes al carro` }).click();
    await page.waitForURL('**/carrito-receta**');
    const added = page.getByRole('dialog', { name: 'Productos agregados a tu carro' });
    await added.waitFor();
    const cart = await untilServer(context, (each) => each.items.length > 0);
    // Every ingredient the store can sell now is in the cart (the dialog counts the rest).
    const refused = (await added.getByText(/^No pudimos agregar/).count()) > 0;
    if (!refused)
      expect(cart.items.map((item) => item.id).sort()).toEqual(
        [cook.items[0]!.itemId, ...cook.recipeItems].sort(),
      );
    expect(await added.getByRole('listitem').count()).toBe(cart.items.length);
    await context.close();
  });

  it('adds a recipe from /carrito-receta?skus=, names what it brought, and shows the same cart on /mi-carro', async () => {
    const [first, second] = dairy;
    // The last sku is not in the catalogue: the others are still added, and the dialog counts it.
    const skus = `${first!.items[0]!.itemId},${second!.items[0]!.itemId},999999999`;
    const { context, page } = await open(`/carrito-receta?skus=${skus}`);
    expect(new URL(page.url()).pathname).toBe('/carrito-receta');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Carro de la receta');
    const added = page.getByRole('dialog', { name: 'Productos agregados a tu carro' });
    await added.waitFor();
    await added.getByText(first!.productName).waitFor();
    await added.getByText(second!.productName).waitFor();
    await added.getByText('No pudimos agregar 1 producto: ya no está disponible.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await added.getByRole('button', { name: 'Seguir comprando' }).click();
    await added.waitFor({ state: 'hidden' });
    // Closed, the address forgets the set: a reload does not open the dialog again.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await quantityOf(page, first!.productName).textContent()).toBe('1');
    expect(await quantityOf(page, second!.productName).textContent()).toBe('1');
    // /_secure/cart is a private page (accounts issue): the anonymous shopper sees the same cart at /mi-carro.
    await page.goto('/mi-carro');
    expect(await quantityOf(page, second!.productName).textContent()).toBe('1');
    expect((await serverCart(context)).items).toHaveLength(2);
    await context.close();
  });

  it('applies a coupon, keeps the substitution choice, empties the cart, and passes axe', async () => {
    const product = dairy[0]!;
    const { context, page } = await open(`/?sku=${product.items[0]!.itemId}&quantity=2`);
    await page.goto('/mi-carro');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mi carro');
    expect(await quantityOf(page, product.productName).textContent()).toBe('2');
    expect(await accessibilityViolations(page)).toEqual([]);

    const coupon = page.getByLabel('Código del cupón');
    // An empty field says what is missing.
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ingresa el código del cupón' }).waitFor();
    expect(await coupon.getAttribute('aria-invalid')).toBe('true');
    await coupon.fill('NOEXISTE');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByText('El cupón NOEXISTE no es válido').waitFor();
    await coupon.fill('bienvenida10');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByText('Cupón BIENVENIDA10 aplicado').waitFor();
    const discounted = await serverCart(context);
    const discounts = discounted.totalizers.find((each) => each.id === 'Discounts')!.value;
    expect(discounts).toBeLessThan(0);
    const summary = page.getByRole('complementary', { name: 'Resumen de tu compra' });
    expect(await summary.getByText('Descuentos').count()).toBe(1);
    expect(await summary.getByTestId('cart-total').textContent()).toBe(formatCLP(discounted.value));

    const choice = page.getByRole('group', { name: `Si no tenemos ${product.productName}` });
    expect(await choice.getByRole('radio', { name: 'Criterio de la tienda' }).isChecked()).toBe(true);
    const saved = page.waitForResponse((response) => response.url().includes('/carro/acciones'));
    await choice.getByRole('radio', { name: 'No sustituir' }).check();
    await saved;
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(await choice.getByRole('radio', { name: 'No sustituir' }).isChecked()).toBe(true);
    // Chosen and typed on the server's page before the scripts run: kept and saved, not put back by hydration.
    const scripts = await holdScripts(page);
    const reloaded = page.reload();
    const note = choice.getByLabel('Nota para quien prepara tu pedido (opcional)');
    await choice.getByRole('radio', { name: 'Criterio de la tienda' }).check();
    await note.fill('Que esté bien fría');
    expect(await isInteractive(page)).toBe(false);
    const savedBeforeHydration = page.waitForResponse(
      (response) => response.url().includes('/carro/acciones') && response.request().method() === 'POST',
    );
    await scripts.release();
    await reloaded;
    await savedBeforeHydration;
    expect(await choice.getByRole('radio', { name: 'Criterio de la tienda' }).isChecked()).toBe(true);
    await page.reload();
    expect(await choice.getByRole('radio', { name: 'Criterio de la tienda' }).isChecked()).toBe(true);
    expect(await note.inputValue()).toBe('Que esté bien fría');

    // Not logged in: 'Ir a pagar' opens the login dialog over the cart (§2 go-to-checkout rules).
    await page.getByRole('button', { name: 'Ir a pagar' }).click();
    const login = page.getByRole('dialog', { name: 'Ingresa a tu cuenta' });
    await login.waitFor();
    expect(new URL(page.url()).pathname).toBe('/mi-carro');
    await page.keyboard.press('Escape');
    await login.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Vaciar carro' }).click();
    await page
      .getByRole('dialog', { name: '¿Vaciar tu carro?' })
      .getByRole('button', { name: 'Sí, vaciar carro' })
      .click();
    await page.getByText('Tu carro está vacío.').waitFor();
    await untilServer(context, (cart) => cart.items.length === 0);
    await context.close();
  });
});
