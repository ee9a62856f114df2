import { inflateSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { AnalyticsBatch } from '@despensa/contracts';
import { OFFLINE_NOTICE, PUSH_INVITATION, UPDATE_AVAILABLE } from '../app/features/platform/texts';
import { PUSH_PERMISSION_FAILURE } from '../app/features/platform/push';
import { CONSENT_COOKIE } from '@despensa/domain';
import { api, heldCart } from './support/api';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';
import { startDeployment } from './support/deployment';

interface ApiProduct {
  productName: string;
  linkText: string;
  items: {
    itemId: string;
    sellers: { commertialOffer: { AvailableQuantity: number; ListPrice: number } }[];
  }[];
}

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let browser: Browser;
let products: ApiProduct[];

beforeAll(async () => {
  browser = await launchBrowser();
  products = (await api<ApiProduct[]>('/api/products/search/lacteos')).filter((product) => {
    const offer = product.items[0]?.sellers[0]?.commertialOffer;
    return (offer?.AvailableQuantity ?? 0) >= 30 && (offer?.ListPrice ?? 0) > 0;
  });
  expect(products.length).toBeGreaterThan(1);
});
afterAll(async () => {
  await browser?.close();
});

/** A shopper who accepted analytics (the consent cookie set as 'Aceptar' sets it). */
async function shopper(options: { userAgent?: string; consent?: boolean; origin?: string } = {}) {
  const opened = await newPage(browser, {
    firstVisit: true,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    ...(options.origin ? { origin: options.origin } : {}),
  });
  if (options.consent !== false)
    await opened.context.addCookies([
      { name: CONSENT_COOKIE, value: 'all', url: options.origin ?? baseUrl() },
    ]);
  return opened;
}

interface Sent {
  beacon: boolean;
  batch: AnalyticsBatch;
}

/** Every analytics batch the page sends, by fetch or by sendBeacon (which carries the key in the query). */
function sentBy(context: BrowserContext): Sent[] {
  const sent: Sent[] = [];
  context.on('request', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().includes('/api/analytics/events')) return;
    const body = request.postData();
    sent.push({
      beacon: request.url().includes('apiKey='),
      batch: body ? (JSON.parse(body) as AnalyticsBatch) : { consent: true, events: [] },
    });
  });
  return sent;
}

const addsIn = (sent: Sent[]) =>
  sent
    .map(({ batch }) => batch.events.filter((event) => event.type === 'add_to_cart').length)
    .filter(Boolean);

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function serverCartQuantity(context: BrowserContext, skuId: string): Promise<number> {
  const held = await heldCart(context);
  if (!held) return 0;
  const form = await api<{ items: { id: string; quantity: number }[] }>(`/api/orderform/${held.id}`, {
    cookie: held.cookie,
  });
  return form.items.find((item) => item.id === skuId)?.quantity ?? 0;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!ok(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

describe('analytics and tag events (§7)', () => {
  it('sends 25 adds as two batches (20 + 5), what is pending on page hide, and nothing breaks when the endpoint fails', async () => {
    const { context, page } = await shopper();
    const sent = sentBy(context);
    const product = products[0]!;
    await page.goto(`/${product.linkText}/p`);
    const add = page.getByRole('button', { name: `Agregar ${product.productName} al carro` });
    await add.waitFor();
    // 25 quick adds, as a shopper tapping fast.
    await add.evaluate((button: HTMLElement) => {
      for (let i = 0; i < 25; i++) button.click();
    });
    await until(
      async () => addsIn(sent),
      (adds) => adds.reduce((a, b) => a + b, 0) === 25,
    );
    expect(addsIn(sent)).toEqual([20, 5]);
    const events = sent.flatMap(({ batch }) => batch.events);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'page_view', pageType: 'product' }),
        expect.objectContaining({ type: 'product_view', pageType: 'product' }),
      ]),
    );
    expect(sent.every(({ batch }) => batch.consent && batch.sessionId && batch.appVersion)).toBe(true);

    // The page hides before the 300 ms are up: what is pending leaves at once, with sendBeacon.
    const sessionId = sent[0]!.batch.sessionId;
    await page.evaluate(() => {
      window.dispatchEvent(
        new CustomEvent('cart:add', { detail: { skuId: 'oculta', quantity: 1, seller: '1' } }),
      );
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const stored = await until(
      () =>
        query<{ n: number }>(
          "SELECT count(*)::int AS n FROM analytics_event WHERE session_id = $1 AND sku_id = 'oculta'",
          [sessionId],
        ),
      (rows) => rows[0]!.n === 1,
      3000,
    );
    expect(stored[0]!.n).toBe(1);
    expect(sent.some(({ beacon }) => beacon)).toBe(true);
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    });

    // The analytics endpoint fails: the cart works on, no error screen.
    await page.route('**/api/analytics/events*', (route) => route.fulfill({ status: 500, body: 'roto' }));
    const other = products[1]!;
    await page.goto(`/${other.linkText}/p`);
    await page.getByRole('button', { name: `Agregar ${other.productName} al carro` }).click();
    await until(
      () => serverCartQuantity(context, other.items[0]!.itemId),
      (quantity) => quantity === 1,
    );
    expect(await serverCartQuantity(context, other.items[0]!.itemId)).toBe(1);
    expect(await page.getByText('En estos momentos no podemos completar tu solicitud').count()).toBe(0);
    await context.close();
  });

  it('a bot sends nothing, sees no consent banner and gets no cart (§4)', async () => {
    const { context, page } = await shopper({ userAgent: GOOGLEBOT });
    const sent = sentBy(context);
    const product = products[0]!;
    await page.goto(`/${product.linkText}/p`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: `Agregar ${product.productName} al carro` }).click();
    await page.waitForTimeout(800);
    expect(sent).toEqual([]);
    expect(await page.getByRole('region', { name: 'Privacidad' }).count()).toBe(0);
    expect((await context.cookies()).some((cookie) => cookie.name === 'checkout.vtex.com')).toBe(false);
    await context.close();
  });

  it("asks consent in Spanish; 'Solo lo necesario' sends no page views", async () => {
    const { context, page } = await shopper({ consent: false });
    const sent = sentBy(context);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Privacidad' });
    await banner.getByRole('button', { name: 'Solo lo necesario' }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await context.cookies()).find((cookie) => cookie.name === CONSENT_COOKIE)?.value).toBe(
      'necessary',
    );
    await page.goto(`/${products[0]!.linkText}/p`);
    await page.waitForTimeout(600);
    expect(sent.flatMap(({ batch }) => batch.events).filter((event) => event.type !== 'web_vital')).toEqual(
      [],
    );
    await context.close();
  });
});

/** A PNG's size and its RGBA pixel at (x, y); the shop's icons are 8-bit RGBA, unfiltered scanlines. */
function readPng(png: Buffer) {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  const data: Buffer[] = [];
  let width = 0;
  let height = 0;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect([...body.subarray(8, 10)]).toEqual([8, 6]);
    }
    if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(data));
  expect(rows.length).toBe(height * (width * 4 + 1));
  return {
    width,
    height,
    pixel: (x: number, y: number) => {
      const start = y * (width * 4 + 1);
      expect(rows[start]).toBe(0);
      return [...rows.subarray(start + 1 + x * 4, start + 5 + x * 4)];
    },
  };
}

describe('installable: the web app manifest', () => {
  it("names the brand and its PNG icons (192, 512, maskable), drawn in the brand's colour", async () => {
    const response = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await response.json()) as {
      name: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest.name).toBe('Despensa');
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    const brand = [1, 3, 5].map((at) => Number.parseInt(manifest.theme_color.slice(at, at + 2), 16));
    for (const icon of pngs) {
      const answer = await fetch(`${baseUrl()}${icon.src}`);
      expect(answer.headers.get('content-type')).toBe('image/png');
      const png = readPng(Buffer.from(await answer.arrayBuffer()));
      const size = Number(icon.sizes.split('x')[0]);
      expect([png.width, png.height]).toEqual([size, size]);
      // The basket is white in the middle; the ground is the brand's colour; only 'any' rounds its corners.
      expect(png.pixel(size / 2, Math.round(size * 0.56))).toEqual([255, 255, 255, 255]);
      expect(png.pixel(Math.round(size * 0.1), size / 2)).toEqual([...brand, 255]);
      expect(png.pixel(0, 0)[3]).toBe(icon.purpose === 'maskable' ? 255 : 0);
    }
  });
});

describe('service worker, offline and push (§7 /sw.js)', () => {
  let context: BrowserContext;
  let page: Page;
  const product = () => products[0]!;

  beforeAll(async () => {
    ({ context, page } = await shopper());
  });
  afterAll(async () => {
    await context?.close();
  });

  it('installs, then home, a listing, a product and the cart open offline with the notice; the offline page for the rest', async () => {
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      while (!navigator.serviceWorker.controller) await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await page.goto('/lacteos');
    await page.goto(`/${product().linkText}/p`);
    await page.getByRole('button', { name: `Agregar ${product().productName} al carro` }).click();
    await until(
      () => serverCartQuantity(context, product().items[0]!.itemId),
      (quantity) => quantity === 1,
    );
    await page.goto('/mi-carro');
    await page.getByRole('button', { name: `Agregar una unidad de ${product().productName}` }).waitFor();

    await context.setOffline(true);
    for (const [path, text] of [
      ['/', null],
      ['/lacteos', null],
      [`/${product().linkText}/p`, product().productName],
      ['/mi-carro', product().productName],
    ] as const) {
      await page.goto(path);
      await page.getByText(OFFLINE_NOTICE).waitFor();
      if (text) expect(await page.getByText(text).first().isVisible()).toBe(true);
    }
    await page.goto('/informaciones/nunca-vista');
    expect(await page.getByRole('heading', { name: 'Sin conexión', level: 1 }).isVisible()).toBe(true);
    // Private pages are never kept, and offline they too get the shop's page, not the browser's (issue 28).
    for (const path of ['/mis-compras', '/checkout/shipping']) {
      await page.goto(path);
      expect(await page.getByRole('heading', { name: 'Sin conexión', level: 1 }).isVisible()).toBe(true);
    }
  });

  it('a quantity changed offline reaches the server when the network returns', async () => {
    await page.goto('/mi-carro');
    const plus = page.getByRole('button', { name: `Agregar una unidad de ${product().productName}` });
    await plus.click();
    await page.getByText(OFFLINE_NOTICE).waitFor();
    await page
      .getByRole('group', { name: `Cantidad de ${product().productName}` })
      .getByText('2')
      .waitFor();
    expect(await serverCartQuantity(context, product().items[0]!.itemId)).toBe(1);
    await context.setOffline(false);
    expect(
      await until(
        () => serverCartQuantity(context, product().items[0]!.itemId),
        (quantity) => quantity === 2,
      ),
    ).toBe(2);
  });

  it('a push message shows a notification whose click opens its page (the order), or brings forward the tab on it; a refused permission is logged (§8)', async () => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto(`/${products[1]!.linkText}/p`);
    await page.getByRole('button', { name: `Agregar ${products[1]!.productName} al carro` }).click();
    // The invitation waits until the minicart the add opened is closed.
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    const invitation = page.getByRole('region', { name: 'Avisos de pedidos' });
    await invitation.getByText(PUSH_INVITATION).waitFor();
    await invitation.getByRole('button', { name: 'Activar avisos' }).click();
    await until(
      async () => messages,
      (lines) => lines.some((line) => line.includes(PUSH_PERMISSION_FAILURE)),
    );
    expect(messages.some((line) => line.includes(PUSH_PERMISSION_FAILURE))).toBe(true);

    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    // The grant reaches the worker's process later than the page's: a push before it shows nothing.
    const granted = await until(
      async () => {
        const seen = await Promise.all(
          context
            .serviceWorkers()
            .map((worker) => worker.evaluate(() => Notification.permission).catch(() => '')),
        );
        return seen.length > 0 && seen.every((permission) => permission === 'granted');
      },
      (all) => all,
    );
    expect(granted).toBe(true);
    const cdp = await context.newCDPSession(page);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((each) => each.scopeURL === `${baseUrl()}/` && !each.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const message = {
      title: 'Pedido confirmado',
      body: 'Tu pedido G-1 está confirmado.',
      url: '/mis-compras/G-1-01',
      // One notification per order: a message handed over twice (below) replaces, never doubles.
      tag: 'pedido-G-1',
    };
    const shownNow = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          data: notification.data as unknown,
        })),
      );
    // CDP hands the message to the worker directly; on a starved machine one handed over while Chromium
    // is still starting the worker is lost (no push service stands between to keep it), so it is handed
    // over again, at most three times, until the worker has shown it.
    let shown: Awaited<ReturnType<typeof shownNow>> = [];
    for (let delivery = 0; delivery < 3 && shown.length === 0; delivery++) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: baseUrl(),
        registrationId: await registration,
        data: JSON.stringify(message),
      });
      shown = await until(shownNow, (list) => list.length > 0, 5_000);
    }
    expect(shown).toEqual([{ title: message.title, body: message.body, data: { url: message.url } }]);

    // The click. A headless browser has no notification to click on screen, so the worker's own
    // notificationclick handler is driven inside the worker: the event carries the shown notification, and
    // clients.openWindow / WindowClient.focus (which need a real click's user activation) record the page
    // they are asked for.
    // The worker that shows the notification: Chromium may have stopped an idle worker and started the
    // registration's worker again, and an earlier one can linger in the list.
    const showingWorker = async () =>
      until(
        async () => {
          // A message wakes a worker Chromium stopped while idle (the worker ignores what it does not know).
          await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.postMessage('ping'));
          for (const worker of context.serviceWorkers().toReversed()) {
            const shown = await worker
              .evaluate(async () => {
                const scope = globalThis as unknown as {
                  registration: { getNotifications(): Promise<unknown[]> };
                };
                return (await scope.registration.getNotifications()).length;
              })
              .catch(() => 0);
            if (shown > 0) return worker;
          }
          return null;
        },
        (worker) => worker !== null,
      );
    const click = async () => {
      const worker = await showingWorker();
      if (!worker)
        throw new Error(`none of ${context.serviceWorkers().length} workers shows the notification`);
      return worker.evaluate(async () => {
        const scope = globalThis as unknown as {
          registration: { getNotifications(): Promise<Notification[]> };
          clients: { openWindow(url: string): Promise<null> };
          dispatchEvent(event: Event): boolean;
        };
        const asked: string[] = [];
        scope.clients.openWindow = async (url) => {
          asked.push(`open ${url}`);
          return null;
        };
        const windowClient = (globalThis as unknown as { WindowClient: { prototype: { focus(): unknown } } })
          .WindowClient.prototype;
        windowClient.focus = async function (this: { url: string }) {
          asked.push(`focus ${this.url}`);
          return this;
        };
        const [notification] = await scope.registration.getNotifications();
        const NotificationEvent = (globalThis as unknown as { NotificationEvent: typeof Event })
          .NotificationEvent;
        const event = new (
          NotificationEvent as unknown as new (type: string, init: { notification?: Notification }) => Event
        )('notificationclick', { notification });
        // A script's event cannot extend its life (waitUntil throws when untrusted): the test awaits it.
        const pending: Promise<unknown>[] = [];
        Object.defineProperty(event, 'waitUntil', { value: (work: Promise<unknown>) => pending.push(work) });
        scope.dispatchEvent(event);
        await Promise.all(pending);
        return { asked, left: (await scope.registration.getNotifications()).length };
      });
    };
    // No tab shows the order: the click opens its page, and the notification is gone.
    expect(await click()).toEqual({ asked: [`open ${baseUrl()}${message.url}`], left: 0 });
    // A tab already on a message's page (here the product page this tab shows) is brought forward instead.
    const onThisPage = { ...message, url: new URL(page.url()).pathname };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseUrl(),
      registrationId: await registration,
      data: JSON.stringify(onThisPage),
    });
    await until(
      () =>
        page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length),
      (count) => count === 1,
    );
    expect(await click()).toEqual({ asked: [`focus ${baseUrl()}${onThisPage.url}`], left: 0 });
  });
});

describe('push for a device that already allowed it', () => {
  it('subscribes a visitor whose browser already granted notifications, without asking (issue 28)', async () => {
    const { context, page } = await shopper();
    onTestFinished(() => context.close());
    await context.grantPermissions(['notifications'], { origin: baseUrl() });
    // Chromium has no Push API in a test's incognito profile: the browser's subscription is the sandbox
    // push service's (README), as a real browser's would be its vendor's.
    await context.addInitScript(() => {
      PushManager.prototype.getSubscription = () => Promise.resolve(null);
      PushManager.prototype.subscribe = async () => {
        const answer = await fetch('/sandbox/push/subscriptions', { method: 'POST' });
        const { id: _id, ...subscription } = (await answer.json()) as Record<string, unknown>;
        return { toJSON: () => subscription } as unknown as PushSubscription;
      };
    });
    await page.goto('/');
    const deviceId = () => page.evaluate(() => localStorage.getItem('despensa:device'));
    const db = new pg.Client({ connectionString: inject('databaseUrl') });
    await db.connect();
    onTestFinished(() => db.end());
    const registered = async () => {
      const id = await deviceId();
      if (!id) return 0;
      return (await db.query('SELECT 1 FROM customer_device WHERE device_id = $1', [id])).rowCount ?? 0;
    };
    expect(await until(registered, (rows) => rows === 1, 15_000)).toBe(1);
    // Nothing was asked: the invitation is for a device that has not answered yet.
    expect(await page.getByText(PUSH_INVITATION).count()).toBe(0);
  });
});

describe('a new deployment (§1 service worker)', () => {
  it("offers 'Nueva versión disponible' once the next worker waits; 'Actualizar' puts it in charge and reloads the page", async () => {
    // A proxy and a shopper of its own on every run: a retry starts again before any deployment.
    const deployment = await startDeployment();
    onTestFinished(() => deployment.close());
    const { context, page } = await shopper({ origin: deployment.origin });
    onTestFinished(() => context.close());
    const controlled = () =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        while (!navigator.serviceWorker.controller) await new Promise((resolve) => setTimeout(resolve, 50));
      });

    await page.goto('/lacteos');
    await controlled();
    const prompt = page.getByRole('status', { name: UPDATE_AVAILABLE });
    // The shop's own worker, first installed: nothing to offer.
    await page.reload();
    await controlled();
    await page.waitForTimeout(1_500);
    expect(await prompt.count()).toBe(0);

    deployment.deployNext();
    // The browser checks the worker's script when the shopper opens a page.
    await page.goto('/');
    await prompt.waitFor({ timeout: 30_000 });
    expect(deployment.nextWorkerFetches()).toBeGreaterThan(0);
    // The next worker waits: the page is still served by the one it started with.
    const before = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      return {
        waiting: registration.waiting?.state ?? null,
        controller: Boolean(navigator.serviceWorker.controller),
      };
    });
    expect(before).toEqual({ waiting: 'installed', controller: true });

    await Promise.all([
      page.waitForEvent('load'),
      prompt.getByRole('button', { name: 'Actualizar' }).click(),
    ]);
    await controlled();
    const after = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return {
        reloaded: !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate,
        waiting: registration.waiting !== null,
        active: registration.active?.state ?? null,
      };
    });
    expect(after).toEqual({ reloaded: true, waiting: false, active: 'activated' });
    // The reloaded page runs under the worker it just accepted: no new version left to offer.
    await page.waitForTimeout(1_500);
    expect(await prompt.count()).toBe(0);
  });
});

describe('the analytics the merchandiser reads', () => {
  it('keeps the events in PostgreSQL', async () => {
    const rows = await query<{ type: string; n: number }>(
      "SELECT type, count(*)::int AS n FROM analytics_event WHERE type IN ('add_to_cart', 'product_view') GROUP BY type",
    );
    const counts = Object.fromEntries(rows.map((row) => [row.type, row.n]));
    expect(counts.add_to_cart).toBeGreaterThanOrEqual(26);
    expect(counts.product_view).toBeGreaterThanOrEqual(2);
  });

  it("shows the dashboard to the merchandiser's staff login, with charts that name their figures", async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/operaciones/analitica');
    // No staff session: the console's login; a merchandiser lands on the dashboard.
    await page.getByRole('heading', { name: 'Ingreso del personal' }).waitFor();
    await page.getByLabel('Correo').fill('comercial@despensa.cl');
    await page.getByLabel('Contraseña').fill('clave-equivocada');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('alert').getByText('Usuario o contraseña incorrectos').waitFor();
    await page.getByLabel('Correo').fill('comercial@despensa.cl');
    await page.getByLabel('Contraseña').fill('comercial-despensa');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.getByRole('heading', { name: 'Embudo de compra' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/operaciones/analitica');
    const viewed = page.getByRole('img', { name: /^Productos más vistos\./ });
    expect(await viewed.getAttribute('aria-label')).toContain(products[0]!.productName.slice(0, 12));
    expect(await page.getByRole('img', { name: /^Embudo en Escritorio\. Visitas: \d+/ }).count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
    // The store's orders are not a merchandiser's: the console sends it back to its dashboard.
    await page.goto('/operaciones');
    await page.getByRole('heading', { name: 'Embudo de compra' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/operaciones/analitica');
    await context.close();
  });
});
