import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DEFERRED_MODULE_TYPE,
  DEFERRED_PRELOAD_REL,
  INTERACTIVE_ATTRIBUTE,
} from '../app/lib/deferred-scripts';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { cartWithHomeDelivery, deliveringStore, newShopper } from './support/orders';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page at `path`; `hydrated` waits for the scripts (needed before interacting), else the HTML is enough. */
async function open(
  path: string,
  options: { width?: number; userAgent?: string; hydrated?: boolean } = {},
): Promise<Page> {
  const { hydrated = true, ...pageOptions } = options;
  const { page } = await newPage(browser, pageOptions);
  await page.goto(path);
  await page.waitForLoadState(hydrated ? 'networkidle' : 'load');
  return page;
}

const deliveryButton = (page: Page) => page.getByRole('button', { name: 'Elige tu modo de entrega' });
const footer = (page: Page) => page.getByRole('contentinfo');

describe('§2 layout rules per path', () => {
  it('shows the main header on / with logo, categories, delivery mode, account and minicart', async () => {
    const page = await open('/');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Despensa, ir al inicio' }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('button', { name: 'Categorías' }).isVisible()).toBe(true);
    expect(await deliveryButton(page).getAttribute('aria-haspopup')).toBe('dialog');
    expect(await header.getByRole('button', { name: 'Carro, 0 productos' }).isVisible()).toBe(true);
    expect(await header.getByRole('button', { name: 'Ingresa' }).getAttribute('aria-haspopup')).toBe(
      'dialog',
    );
    expect(await header.getByRole('search').count()).toBe(1);
    const links = page.getByRole('navigation', { name: 'Ofertas y campañas' });
    expect(await links.getByRole('link', { name: 'Ofertas' }).getAttribute('href')).toBe(
      '/oferta/ofertas-fdm',
    );
    // General footer: prefooter, three groups, payment icons and legal links.
    const prefooter = footer(page).getByRole('navigation', { name: 'Ayuda al cliente' });
    expect(await prefooter.getByRole('link').count()).toBe(4);
    for (const name of [
      'Mastercard',
      'Visa',
      'Magna',
      'American Express',
      'Diners Club',
      'Redcompra',
      'Tarjeta Despensa',
    ]) {
      expect(await footer(page).getByRole('img', { name }).count(), name).toBe(1);
    }
    const legal = footer(page).getByRole('navigation', { name: 'Información legal' });
    expect(await legal.getByRole('link').allTextContents()).toEqual([
      'Términos y condiciones',
      'Seguridad y privacidad',
      'Código de ética',
    ]);
    await page.context().close();
  });

  it('sends a visitor from /checkout to the login page (checkout needs an account; its header: checkout.e2e)', async () => {
    const page = await open('/checkout', { hydrated: false });
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe('/login-page?callback=%2Fcheckout');
    expect(await footer(page).count()).toBe(0);
    await page.context().close();
  });

  it('serves the checkout at /new-checkout: a visitor logs in first, a customer lands on their next step without the general footer', async () => {
    const visitor = await open('/new-checkout', { hydrated: false });
    const url = new URL(visitor.url());
    expect(`${url.pathname}${url.search}`).toBe('/login-page?callback=%2Fnew-checkout');
    await visitor.context().close();

    const shopper = await newShopper();
    const store = await deliveringStore();
    const cart = await cartWithHomeDelivery(shopper, store.sc, [{ id: store.skus[0]!, quantity: 1 }]);
    const { context, page } = await newPage(browser);
    // The customer's own cart: their session and the cookie naming it.
    await context.addCookies([
      { name: 'despensa_session', value: shopper.token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' },
      { name: 'checkout.vtex.com', value: `__ofid=${cart}`, url: baseUrl() },
    ]);
    await page.goto('/new-checkout');
    expect(new URL(page.url()).pathname).toBe('/checkout/shipping');
    expect(await page.title()).toBe('Finaliza tu compra | Despensa');
    expect(await page.getByText('muy pronto').count()).toBe(0);
    expect(await footer(page).count()).toBe(0);
    await context.close();
  });

  it('has no main header and no footer on the cart and login paths', async () => {
    for (const path of ['/mi-carro', '/login-page']) {
      const page = await open(path, { hydrated: false });
      expect(await page.getByRole('banner').count(), path).toBe(0);
      expect(await deliveryButton(page).count(), path).toBe(0);
      expect(await footer(page).count(), path).toBe(0);
      await page.context().close();
    }
  });

  it('hides the footer when the address carries source=app, and shows only the copyright on /cupones', async () => {
    const app = await open('/informaciones?source=app', { hydrated: false });
    expect(await footer(app).count()).toBe(0);
    expect(await app.getByRole('banner').count()).toBe(1);
    await app.context().close();

    const coupons = await open('/cupones', { hydrated: false });
    expect((await footer(coupons).innerText()).trim()).toMatch(
      /^© \d{4} Despensa\. Todos los derechos reservados\.$/,
    );
    expect(await coupons.getByRole('heading', { name: 'Suscríbete' }).count()).toBe(0);
    // The coupons page itself (loyalty): what points buy, WCAG-clean.
    await coupons.getByRole('heading', { name: 'Cupones', level: 1 }).waitFor();
    expect(await accessibilityViolations(coupons)).toEqual([]);
    await coupons.context().close();
  });

  it('switches to the mobile header below 1202 px', async () => {
    const mobile = await open('/informaciones', { width: 1000 });
    expect(await mobile.getByRole('navigation', { name: 'Ofertas y campañas' }).isVisible()).toBe(false);
    // The menu button keeps its name but shows only its icon.
    expect((await mobile.getByText('Categorías', { exact: true }).boundingBox())!.width).toBeLessThanOrEqual(
      1,
    );
    const logo = await mobile.getByRole('link', { name: 'Despensa, ir al inicio' }).boundingBox();
    const search = await mobile.getByRole('search').boundingBox();
    expect(search!.y).toBeGreaterThan(logo!.y + logo!.height - 1); // search on its own row
    await mobile.context().close();

    const desktop = await open('/informaciones', { width: 1300 });
    expect(await desktop.getByRole('navigation', { name: 'Ofertas y campañas' }).isVisible()).toBe(true);
    expect((await desktop.getByText('Categorías', { exact: true }).boundingBox())!.width).toBeGreaterThan(20);
    await desktop.context().close();
  });
});

describe('header behaviour', () => {
  it('opens the category menu by keyboard, shows at most 4 children and only live banners, Escape closes', async () => {
    const page = await open('/informaciones');
    const toggle = page.getByRole('button', { name: 'Categorías' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator(`#${(await toggle.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`);
    const categories = panel.locator('.category-menu__category');
    expect(await categories.count()).toBe(7);

    // Every fixed category has a live banner (seed); at 1280 px the menu shows its desktop image.
    const detailOf = async (index: number) => {
      await categories.nth(index).click();
      expect(await categories.nth(index).getAttribute('aria-expanded')).toBe('true');
      const detail = page.locator(
        `#${(await categories.nth(index).getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`,
      );
      return {
        children: await detail.locator('.category-menu__children a').count(),
        banners: await detail.getByRole('img').count(),
        // The picture chooses its source once the browser starts loading it, a moment after it shows.
        image: () =>
          detail
            .getByRole('img')
            .first()
            .evaluate((image) => (image as HTMLImageElement).currentSrc)
            .catch(() => ''),
      };
    };
    const first = await detailOf(0);
    expect(first.children).toBeGreaterThan(0);
    expect(first.children).toBeLessThanOrEqual(4);
    for (let index = 0; index < 7; index++) {
      const detail = await detailOf(index);
      expect(detail.banners, `category ${index + 1}`).toBe(1);
      await expect.poll(detail.image, { message: `category ${index + 1}` }).toMatch(/-desktop\.png$/);
    }

    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await panel.isVisible()).toBe(false);
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('makes the header active once the top marker leaves the view, and hides the pre-header', async () => {
    const page = await open('/locales');
    const header = page.getByRole('banner');
    expect(await header.getAttribute('class')).not.toContain('site-header--active');
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() =>
      document.querySelector('header')?.classList.contains('site-header--active'),
    );
    // The pre-header slides up out of view (a short transition) once the page is scrolled.
    await page.waitForFunction(() => {
      const preHeader = document.querySelector('.pre-header')?.getBoundingClientRect();
      return preHeader !== undefined && preHeader.bottom <= 1;
    });
    expect(await header.getAttribute('class')).toContain('site-header--scrolled');
    await page.context().close();
  });
});

describe('application start and failures', () => {
  it('shows the 503 screen on the global error_503 event, and Reintentar reloads', async () => {
    const page = await open('/informaciones');
    await page.evaluate(() => {
      (window as unknown as { beforeReload: boolean }).beforeReload = true;
      window.dispatchEvent(new Event('error_503'));
    });
    const title = page.getByRole('heading', { name: 'En estos momentos no podemos completar tu solicitud' });
    await title.waitFor();
    expect(await page.getByText('Por favor, inténtalo más tarde', { exact: true }).isVisible()).toBe(true);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reintentar' }).click()]);
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    expect(await title.count()).toBe(0);
    await page.context().close();
  });

  it('shows the outdated-browser page to Chrome 49 instead of the site', async () => {
    const page = await open('/', {
      userAgent:
        'Mozilla/5.0 (Windows NT 6.1; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/49.0.2623.112 Safari/537.36',
    });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Tu navegador está desactualizado',
    );
    for (const name of ['Google Chrome', 'Mozilla Firefox', 'Microsoft Edge', 'Safari']) {
      expect(await page.getByRole('link', { name }).count(), name).toBe(1);
    }
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.locator('script[src], script[type="module"]').count()).toBe(0);
    await page.context().close();
  });

  it('shows the site, not the curtain, by default', async () => {
    const page = await open('/', { hydrated: false });
    expect(await page.getByText('Estamos en mantención').count()).toBe(0);
    expect(await page.getByText('se renueva').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Destacados' }).count()).toBe(1);
    await page.context().close();
  });

  it('shows the curtain notice, then the whole-site landing, when the CMS turns them on', async () => {
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    const setCurtain = (path: string, active: boolean) =>
      db.query(
        `UPDATE cms_document SET data = jsonb_set(data, $1::text[], to_jsonb($2::boolean)) WHERE key = 'curtain'`,
        [path, active],
      );
    try {
      await setCurtain('{content,0,active}', true);
      let page = await open('/', { hydrated: false });
      expect(await page.getByRole('complementary', { name: 'Estamos en mantención' }).count()).toBe(1);
      expect(await page.getByRole('region', { name: 'Destacados' }).count()).toBe(1);
      await page.context().close();

      await setCurtain('{landing,active}', true);
      page = await open('/lacteos', { hydrated: false });
      expect(await page.getByRole('heading', { name: /se renueva/ }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'locales' }).getAttribute('href')).toBe('/locales');
      // Instead of the site: no header, no listing.
      expect(await deliveryButton(page).count()).toBe(0);
      expect(await page.locator('#listing-total').count()).toBe(0);
      await page.context().close();
    } finally {
      await setCurtain('{landing,active}', false);
      await setCurtain('{content,0,active}', false);
      await db.end();
    }
  });

  it('answers 404 with the not-found page for unknown paths and /Sistema/404', async () => {
    const { page } = await newPage(browser);
    for (const path of ['/esto/no/existe/nunca', '/Sistema/404', '/informaciones/no-existe']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).innerText(), path).toBe(
        'No encontramos esta página',
      );
      expect(await page.getByRole('banner').count(), path).toBe(1);
    }
    await page.context().close();
  });

  it('survives shoppers who leave while a page is still arriving (aborted compressed documents)', async () => {
    const { port } = new URL(baseUrl());
    for (let i = 0; i < 40; i++) {
      await new Promise<void>((resolve) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: i % 2 ? '/' : '/locales',
            headers: { 'accept-encoding': 'gzip, br' },
          },
          (response) => response.once('data', () => request.destroy()),
        );
        request.on('close', () => resolve());
        request.on('error', () => resolve());
        // Cut some requests before the first byte, at varying points of rendering.
        setTimeout(() => request.destroy(), 2 + (i % 10) * 3);
      });
    }
    const health = await fetch(`${baseUrl()}/api/health`);
    expect(health.status).toBe(200);
  });

  it('paints before it loads scripts: the HTML carries them inert, and they start after the first frame', async () => {
    const response = await fetch(`${baseUrl()}/`);
    const html = await response.text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    // Nor does it wait for a stylesheet: the styles come inline, and every link to them is print-only.
    expect(html).toMatch(/<style data-critical>[^<]{1000,}<\/style>/);
    expect(
      html.match(/<link[^>]*rel="stylesheet"[^>]*>/g)?.filter((link) => !link.includes('media="print"')),
    ).toEqual([]);
    // Its module preloads come inert too, and leave with it: every module at once, not in waves.
    expect(html).toContain(`<link rel="${DEFERRED_PRELOAD_REL}"`);
    // Inert; when the starter makes it a module, the page's policy allows its text: this shared page
    // (the same bytes for everyone, so no nonce) names it by its hash.
    const inert = html.match(new RegExp(`<script type="${DEFERRED_MODULE_TYPE}">([\\s\\S]*?)</script>`));
    expect(inert).not.toBeNull();
    expect(response.headers.get('content-security-policy')).toContain(
      `'sha256-${createHash('sha256').update(inert![1]!).digest('base64')}'`,
    );
    const { page, context } = await newPage(browser);
    await page.goto('/');
    // The first script request leaves after the first paint.
    const { firstPaint, firstScript } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      firstScript: Math.min(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(firstPaint).not.toBeNull();
    expect(firstScript).toBeGreaterThan(firstPaint!);
    // The entry React Router imports last and what the routes import were asked for with the routes,
    // before any module answered (they came in three waves, ~1 s of a cold home page's wait).
    const modules = await page.evaluate((rel) => {
      const preloaded = [...document.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)].map(
        (l) => l.href,
      );
      const asked = performance
        .getEntriesByType('resource')
        .filter((entry): entry is PerformanceResourceTiming => preloaded.includes(entry.name));
      return {
        preloaded: preloaded.length,
        asked: asked.length,
        lastAsked: Math.max(...asked.map((entry) => entry.startTime)),
        firstAnswered: Math.min(...asked.map((entry) => entry.responseEnd)),
      };
    }, DEFERRED_PRELOAD_REL);
    expect(modules.preloaded).toBeGreaterThan(2);
    expect(modules.asked).toBe(modules.preloaded);
    expect(modules.lastAsked).toBeLessThan(modules.firstAnswered);
    // Once started, the app hydrates, keeping the styles the server inlined, and the page answers taps.
    await expect.poll(() => page.locator(`html[${INTERACTIVE_ATTRIBUTE}]`).count()).toBe(1);
    expect(
      await page.locator('style[data-critical]').evaluate((style) => style.textContent!.length),
    ).toBeGreaterThan(1000);
    await page.getByRole('button', { name: 'Elige tu modo de entrega' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('accepts client error reports on /api/client-errors', async () => {
    const page = await open('/informaciones');
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/client-errors', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-api-key': 'despensa-web-dev-key',
          'x-consumer': 'web',
        },
        body: JSON.stringify({ kind: 'ChunkLoadError', message: 'e2e check', resource: '/assets/x.js' }),
      });
      return response.status;
    });
    expect(status).toBe(204);
    await page.context().close();
  });

  it('shows the error page and reports the failure when a page cannot be rendered', async () => {
    const page = await open('/locales');
    // A broken answer for the next page's data makes the navigation fail inside the app.
    await page.route('**/informaciones/centro-de-ayuda.data*', (route) =>
      route.fulfill({ status: 200, contentType: 'text/x-script', body: 'esto no es una respuesta' }),
    );
    const [report] = await Promise.all([
      page.waitForRequest(
        (request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST',
      ),
      page.getByRole('contentinfo').getByRole('link', { name: 'Centro de ayuda', exact: true }).click(),
    ]);
    expect(report.postDataJSON()).toMatchObject({ kind: 'render' });
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Algo salió mal');
    expect(
      await page.getByRole('main').getByRole('link', { name: 'Volver al inicio' }).getAttribute('href'),
    ).toBe('/');
    await page.context().close();
  });

  it('reports a stylesheet that fails to load as CSS_CHUNK_LOAD_FAILED', async () => {
    const { page } = await newPage(browser);
    await page.route('**/assets/*.css', (route) => route.abort());
    const [report] = await Promise.all([
      page.waitForRequest(
        (request) => request.url().endsWith('/api/client-errors') && request.method() === 'POST',
      ),
      page.goto('/informaciones'),
    ]);
    expect(report.postDataJSON()).toMatchObject({ kind: 'CSS_CHUNK_LOAD_FAILED' });
    expect(report.postDataJSON().resource).toMatch(/\/assets\/.+\.css$/);
    expect(await report.headerValue('x-consumer')).toBe('web');
    await page.context().close();
  });

  it('hydrates the document the server sent in place: one <html>, <head> and <body>, its own header and grid', async () => {
    const { page, context } = await newPage(browser, { width: 412 });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const parsed = [
          document.querySelector('header.site-header'),
          document.querySelector('.product-grid'),
        ];
        (window as unknown as { serverNodes: (Element | null)[] }).serverNodes = parsed;
      });
    });
    await page.goto('/lacteos');
    await expect.poll(() => page.locator(`html[${INTERACTIVE_ATTRIBUTE}]`).count()).toBe(1);
    const documentShape = await page.evaluate(() => ({
      html: document.getElementsByTagName('html').length,
      head: document.getElementsByTagName('head').length,
      body: document.getElementsByTagName('body').length,
      headers: document.querySelectorAll('header.site-header').length,
      serverNodesKept: (window as unknown as { serverNodes: (Element | null)[] }).serverNodes.every(
        (node) => node !== null && node.isConnected,
      ),
    }));
    expect(documentShape).toEqual({ html: 1, head: 1, body: 1, headers: 1, serverNodesKept: true });
    // A card the server drew answers once hydrated: its product goes to the cart, and the minicart opens.
    await page
      .getByRole('button', { name: /^Agregar .+ al carro$/ })
      .first()
      .click();
    await expect.poll(() => page.locator('dialog[open]').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('keeps the high-contrast setting after a reload, from an accessible dialog', async () => {
    const page = await open('/informaciones');
    const button = page.getByRole('button', { name: 'Accesibilidad' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Accesibilidad' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: /Alto contraste/ }).check();
    expect(await page.locator('html').getAttribute('class')).toContain('contrast-high');
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.reload();
    expect(await page.locator('html').getAttribute('class')).toContain('contrast-high');
    await page.getByRole('button', { name: 'Accesibilidad' }).click();
    expect(await page.getByRole('radio', { name: /Alto contraste/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Normal/ }).check();
    await page.reload();
    expect(await page.locator('html').getAttribute('class')).toBeNull();
    await page.context().close();
  });
});
