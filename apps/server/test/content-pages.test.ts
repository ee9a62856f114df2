import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomePage, ScheduledBanner } from '@despensa/contracts';
import { SEED_MERCHANDISER, SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS } from './support/cart';
import { TEST_NOW } from './support/constants';
import { staffLogin } from './support/integration';
import { eventually } from './support/eventually';

const webBuilt = fs.existsSync(path.resolve(import.meta.dirname, '../../web/build/server/index.js'));
if (!webBuilt)
  throw new Error('content pages are tested on the web build: run `npm run build -w @despensa/web`');

const HOUR = 3_600_000;
const DOCUMENTS = '/api/admin/content/documents';
let shop: TestApp;
/** The test app's clock, moved by the tests. */
let now = TEST_NOW;
let editorToken: string;
let operatorToken: string;

const page = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers: { 'user-agent': 'Mozilla/5.0 Chrome/130.0', ...headers } });

function edit(method: 'PUT' | 'POST', url: string, payload: object) {
  return shop.app.inject({
    method,
    url,
    headers: { ...CART_HEADERS, 'x-staff-token': editorToken },
    payload,
  });
}

const cmsHome = async () =>
  (await shop.app.inject({ method: 'GET', url: '/api/cms/page-home.json', headers: CART_HEADERS })).body;

/** The published home with one more hero banner, whose text alternative is `alt`, live from `start`. */
async function homeWithBanner(alt: string, start: Date): Promise<HomePage> {
  const home = JSON.parse(await cmsHome()) as HomePage;
  const banner: ScheduledBanner = {
    id: alt.toLowerCase().replace(/\W+/g, '-'),
    title: alt,
    url: '/lacteos',
    image_desktop: '/media/banners/x-desktop.svg',
    image_mobile: '/media/banners/x-mobile.svg',
    alt,
    active: true,
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 24 * HOUR).toISOString(),
  };
  return {
    ...home,
    blocks: home.blocks.map((block) =>
      block.type === 'hero-carousel' ? { ...block, banners: [banner, ...block.banners] } : block,
    ),
  };
}

beforeAll(async () => {
  shop = await createTestApp({ web: true, clock: () => now });
  const [{ id: storeId }] = (await shop.database.pool.query('SELECT id FROM store LIMIT 1')).rows;
  editorToken = await staffLogin(shop, SEED_MERCHANDISER.email, SEED_MERCHANDISER.password);
  operatorToken = await staffLogin(shop, `operador.${storeId}@despensa.cl`, SEED_OPERATOR_PASSWORD);
});
afterAll(async () => {
  await shop?.close();
});

describe('the preview of a draft', { timeout: 60_000 }, () => {
  it('shows a content editor the page with the draft, unshared and framed by the shop only; no one else', async () => {
    const alt = 'Borrador de la portada';
    const saved = await edit('PUT', `${DOCUMENTS}/page-home/draft`, await homeWithBanner(alt, TEST_NOW));
    expect(saved.statusCode, saved.body).toBe(200);

    const preview = await page('/?vista-previa=1', { 'x-staff-token': editorToken });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain(`alt="${alt}"`);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(preview.headers['x-page-cache']).toBeUndefined();
    expect(String(preview.headers['content-security-policy'])).toContain("frame-ancestors 'self'");

    const strangers: Record<string, string>[] = [
      {},
      { 'x-staff-token': operatorToken },
      { 'x-staff-token': 'nadie' },
    ];
    for (const headers of strangers) {
      const refused = await page('/?vista-previa=1', headers);
      expect(refused.statusCode).toBe(200);
      expect(refused.body).not.toContain(alt);
      expect(refused.headers['x-frame-options']).toBe('DENY');
    }
    expect((await page('/')).body).not.toContain(alt);
  });

  it('shows the page at a chosen time (fecha): a banner that starts later is in it from then', async () => {
    const alt = 'Banner de mañana';
    const tomorrow = new Date(TEST_NOW.getTime() + 24 * HOUR);
    await edit('PUT', `${DOCUMENTS}/page-home/draft`, await homeWithBanner(alt, tomorrow));
    const today = await page('/?vista-previa=1', { 'x-staff-token': editorToken });
    expect(today.body).not.toContain(alt);
    const then = await page(`/?vista-previa=1&fecha=${encodeURIComponent(tomorrow.toISOString())}`, {
      'x-staff-token': editorToken,
    });
    expect(then.body).toContain(`alt="${alt}"`);
  });
});

describe('pages when dated content goes live', { timeout: 60_000 }, () => {
  it('a cached home is purged when the clock reaches a published banner’s start, not before', async () => {
    const alt = 'Semana del queso';
    const start = new Date(now.getTime() + 2 * HOUR);
    await edit('PUT', `${DOCUMENTS}/page-home/draft`, await homeWithBanner(alt, start));
    expect((await edit('POST', `${DOCUMENTS}/page-home/publish`, {})).statusCode).toBe(200);
    // The publish's signal reaches this instance (its documents and pages are forgotten, its next dated
    // change found again): then the home is rendered and cached again, without the banner yet.
    await eventually(async () => (await cmsHome()).includes(`"alt":"${alt}"`));
    let cached = await page('/');
    for (let tries = 0; cached.headers['x-page-cache'] !== 'hit' && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      cached = await page('/');
    }
    expect(cached.headers['x-page-cache']).toBe('hit');
    expect(cached.body).not.toContain(alt);

    now = new Date(start.getTime() - 1000);
    const before = await page('/');
    expect(before.headers['x-page-cache']).toBe('hit');
    expect(before.body).not.toContain(alt);

    now = start;
    const after = await page('/');
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(after.body).toContain(`alt="${alt}"`);
  });
});
