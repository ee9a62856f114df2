import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CONSENT_COOKIE,
  DEFAULT_SALES_CHANNEL,
  NO_COVERAGE_TEXT,
  PRIME_INVITATION_DELAY_MS,
  PRIME_INVITATION_ORDER_COUNT,
  ROUTE_SCROLL_DELAY_MS,
  SCROLL_THROTTLE_MS,
  SEGMENT_HEADER,
  SEGMENT_STORAGE_KEY,
  salesChannelOfSegment,
  segmentIdOf,
} from '@despensa/domain';
import { baseUrl, launchBrowser, newPage } from './support/browser';
import { holdShopperParts } from './support/hydration';
import { deliveringStore, newShopper, placeOrderFor } from './support/orders';
import { api } from './support/api';
import { SECOND_BRAND } from './support/global-setup';

/** Pages and timers of the spec (§2, §8, §9) that work but nothing checked (issue 29, item 16). */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page at `path`, its scripts running; `clock` installs a clock the journey moves itself. */
async function open(path: string, options: { clock?: boolean; debugLines?: string[] } = {}): Promise<Page> {
  const { page } = await newPage(browser);
  if (options.clock) await page.clock.install();
  const lines = options.debugLines;
  if (lines) page.on('console', (message) => lines.push(message.text()));
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page;
}

/** The staff console's feature flags (§9), as account.e2e.ts turns Prime on. */
async function setFlag(flag: string, enabled: boolean): Promise<void> {
  const response = await fetch(`${baseUrl()}/api/operations/feature-flags/${flag}`, {
    method: 'PUT',
    headers: { 'x-api-key': 'despensa-osm-dev-key', 'x-consumer': 'osm', 'content-type': 'application/json' },
    body: JSON.stringify({ enabled }),
  });
  expect(response.status).toBe(200);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('§2 pages nothing visited', () => {
  it('/cyber shows the live sale: its banners and its products', async () => {
    const page = await open('/cyber');
    expect(
      await page
        .getByRole('img', { name: 'Cyber: hasta 50 % de descuento en productos seleccionados' })
        .count(),
    ).toBeGreaterThan(0);
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    expect(await page.getByText('El evento Cyber no está activo en este momento.').count()).toBe(0);
    await page.context().close();
  });

  it('/busqueda/… lists a category by its path, and searches words that name none', async () => {
    const page = await open('/busqueda/lacteos');
    expect(await heading(page).innerText()).toBe('Lácteos');
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await page.goto('/busqueda/leche');
    expect(await heading(page).innerText()).toBe('Resultados para «leche»');
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('/plan-por-el-futuro shows the plan and each pillar has its page', async () => {
    const page = await open('/plan-por-el-futuro');
    expect(await heading(page).innerText()).toBe('Plan por el futuro');
    await page.goto('/plan-por-el-futuro/reciclaje');
    expect(await heading(page).innerText()).toBe('Reciclaje y envases');
    const missing = await page.goto('/plan-por-el-futuro/no-existe');
    expect(missing?.status()).toBe(404);
    await page.context().close();
  });

  it('/productos-frecuentes: a visitor logs in first; a customer without purchases is told what it will show', async () => {
    const visitor = await open('/productos-frecuentes');
    const url = new URL(visitor.url());
    expect(`${url.pathname}${url.search}`).toBe('/login-page?callback=%2Fproductos-frecuentes');
    await visitor.context().close();

    const shopper = await newShopper();
    const { context, page } = await newPage(browser);
    await context.addCookies([
      { name: 'despensa_session', value: shopper.token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' },
    ]);
    await page.goto('/productos-frecuentes');
    expect(await page.title()).toBe('Productos frecuentes | Despensa');
    await page
      .getByText('Aquí verás los productos que más compras, en cuanto hagas tu primera compra.', {
        exact: true,
      })
      .waitFor();
    await context.close();
  });
});

describe('§2 and §9 timers, on a clock the journey moves', () => {
  it('the debug flag in the query string turns the extra logging on, for the rest of the visit', async () => {
    const plain: string[] = [];
    const without = await open('/', { debugLines: plain });
    expect(plain).not.toContain('[despensa] debug logging on');
    await without.context().close();

    const lines: string[] = [];
    const page = await open('/?debug', { debugLines: lines });
    expect(lines).toContain('[despensa] debug logging on');
    lines.length = 0;
    await page.goto('/locales');
    await page.waitForLoadState('networkidle');
    expect(lines).toContain('[despensa] debug logging on');
    await page.context().close();
  });

  it(`a route change scrolls to the top after ${ROUTE_SCROLL_DELAY_MS} ms`, async () => {
    const page = await open('/', { clock: true });
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    await page.locator('a.category-tile').first().click();
    await page.waitForURL((url) => url.pathname !== '/');
    await page.locator('.product-card').first().waitFor();
    // The shopper (or content arriving late) moves the new page within its first 500 ms: it goes back up.
    await page.evaluate(() => window.scrollTo({ top: 600 }));
    await page.clock.runFor(ROUTE_SCROLL_DELAY_MS - 100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.clock.runFor(100);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it(`the header's scroll handler runs at most once every ${SCROLL_THROTTLE_MS} ms, and sees the last scroll`, async () => {
    const page = await open('/lacteos', { clock: true });
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    const header = page.locator('header.site-header');
    const scrolled = () => header.evaluate((element) => element.classList.contains('site-header--scrolled'));
    expect(await scrolled()).toBe(false);
    await page.evaluate(() => window.scrollTo({ top: 400 }));
    await expect.poll(scrolled).toBe(true);
    // Back at the top within the same 60 ms: the handler waits, then sees the page at the top.
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await page.clock.runFor(SCROLL_THROTTLE_MS - 10);
    expect(await scrolled()).toBe(true);
    await page.clock.runFor(10);
    await expect.poll(scrolled).toBe(false);
    await page.context().close();
  });

  it(`a script chunk not loaded after ${CHUNK_LOAD_TIMEOUT_MS} ms is reported as ChunkLoadError`, async () => {
    const page = await open('/', { clock: true });
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    // From now on the shop's scripts never arrive (a stalled network).
    await page.route('**/assets/*.js', () => {});
    const reports: Record<string, string>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors') && request.method() === 'POST') {
        reports.push(request.postDataJSON() as Record<string, string>);
      }
    });
    // Pointing at a category tile preloads its page's script (prefetch on intent), which never comes.
    const preloads = page.locator('link[rel="modulepreload"]');
    const before = await preloads.count();
    await page.locator('a.category-tile').first().hover();
    // React Router waits 100 ms of pointing before it prefetches.
    await page.clock.runFor(100);
    await expect.poll(() => preloads.count()).toBeGreaterThan(before);
    await page.clock.runFor(CHUNK_LOAD_TIMEOUT_MS - 1_000);
    expect(reports.filter((report) => report.kind === 'ChunkLoadError')).toEqual([]);
    await page.clock.runFor(1_000);
    await expect
      .poll(() => reports.filter((report) => report.kind === 'ChunkLoadError').length)
      .toBeGreaterThan(0);
    const report = reports.find((each) => each.kind === 'ChunkLoadError')!;
    expect(report.message).toMatch(/^ChunkLoadError: not loaded after 120000 ms .*\/assets\/.+\.js$/);
    await page.context().close();
  });

  it(`the Prime invitation drawer opens ${PRIME_INVITATION_DELAY_MS / 1000} s after a page opens, for a customer with ${PRIME_INVITATION_ORDER_COUNT} orders`, async () => {
    const shopper = await newShopper();
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    await db.query('UPDATE customer SET count_order = $1 WHERE lower(email) = lower($2)', [
      PRIME_INVITATION_ORDER_COUNT,
      shopper.email,
    ]);
    await db.end();
    await setFlag('prime', true);
    try {
      const { context, page } = await newPage(browser);
      await context.addCookies([
        { name: 'despensa_session', value: shopper.token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' },
      ]);
      await page.clock.install();
      // A shared page: who is logged in arrives after hydration, with the shopper's parts. Held until the
      // clock is paused, the drawer's timer starts on the journey's clock however slow the machine is.
      const parts = await holdShopperParts(page);
      await page.goto('/');
      await parts.asked;
      // A second ahead: the page's clock runs on while this call travels ('cannot fast-forward to the past').
      await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1000));
      parts.release();
      await page.getByText(/^Hola, /).waitFor();
      const drawer = page.getByRole('dialog', { name: 'Hazte Prime' });
      await page.clock.runFor(PRIME_INVITATION_DELAY_MS - 100);
      expect(await drawer.isVisible()).toBe(false);
      await page.clock.runFor(100);
      await drawer.waitFor();
      expect(await drawer.getByRole('link', { name: 'Quiero ser Prime' }).getAttribute('href')).toBe(
        '/mi-cuenta/prime',
      );
      await context.close();
    } finally {
      await setFlag('prime', false);
    }
  });
});

describe('§8 the other brand', () => {
  it('tells a shopper outside coverage its own wording: pickup for now', async () => {
    const shopper = await newShopper();
    await api('/api/user/address', {
      method: 'POST',
      token: shopper.token,
      body: {
        receiverName: 'Camila Rojas',
        state: 'Aysén del General Carlos Ibáñez del Campo',
        addressName: 'Cabaña Tortel',
        street: 'Pasarela Principal',
        number: '10',
        city: 'Tortel',
      },
    });
    const origin = baseUrl().replace('127.0.0.1', 'localhost');
    const { context, page } = await newPage(browser, { origin });
    await context.addCookies([{ name: 'despensa_session', value: shopper.token, url: origin }]);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page
      .getByRole('banner')
      .getByRole('link', { name: `${SECOND_BRAND.name}, ir al inicio` })
      .waitFor();
    await page.locator('#modo-de-entrega').click();
    const dialog = page.getByRole('dialog', { name: 'Elige tu modo de entrega' });
    await dialog.getByRole('radio', { name: /^Despacho a Domicilio/ }).check();
    await dialog.getByRole('radio', { name: /^Cabaña Tortel/ }).check();
    const inside = dialog.getByRole('region', { name: 'Sin cobertura' });
    await inside
      .getByText('¡Pronto llegaremos a tu zona! Por ahora, puedes hacer retiros en local.', { exact: true })
      .waitFor();
    expect(await inside.getByText(NO_COVERAGE_TEXT.default).count()).toBe(0);
    await context.close();
  });
});

describe('§6 the anonymous segment', () => {
  it("a visitor's segment id is kept in local storage and every catalogue call carries it in its header", async () => {
    const page = await open('/');
    const segment = segmentIdOf(DEFAULT_SALES_CHANNEL);
    expect(await page.evaluate((key) => localStorage.getItem(key), SEGMENT_STORAGE_KEY)).toBe(segment);
    const suggestions = page.waitForRequest(
      (request) => request.url().includes('/api/') && request.url().includes('leche'),
    );
    await page.getByRole('combobox', { name: 'Buscar productos' }).fill('leche');
    const request = await suggestions;
    expect(request.headers()[SEGMENT_HEADER]).toBe(segment);
    expect(salesChannelOfSegment(request.headers()[SEGMENT_HEADER])).toBe(DEFAULT_SALES_CHANNEL);
    await page.context().close();
  });
});

describe('§7 analytics', () => {
  it("the order-placed page sends the purchase with the visitor's e-mail", async () => {
    const store = await deliveringStore();
    const shopper = await newShopper();
    const orderId = await placeOrderFor(shopper, store.sc, [{ id: store.skus[0]!, quantity: 1 }]);
    const orderGroup = orderId.replace(/-\d+$/, '');
    const { context, page } = await newPage(browser);
    await context.addCookies([
      { name: 'despensa_session', value: shopper.token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' },
      { name: CONSENT_COOKIE, value: 'all', url: baseUrl() },
    ]);
    const events: Record<string, unknown>[] = [];
    context.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().includes('/api/analytics/events')) return;
      events.push(...(JSON.parse(request.postData() ?? '{"events":[]}') as { events: [] }).events);
    });
    await page.goto(`/checkout/orderPlaced?og=${orderGroup}`);
    await page.getByRole('heading', { name: 'Confirmación de compra', level: 1 }).waitFor();
    await expect
      .poll(() => events.find((event) => event.type === 'purchase'))
      .toMatchObject({ type: 'purchase', orderId: orderGroup, email: shopper.email });
    await context.close();
  });
});
