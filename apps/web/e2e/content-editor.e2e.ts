import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { localParts } from '@despensa/domain';
import { accessibilityViolations, launchBrowser, newPage } from './support/browser';
import { setShopClockAhead, shopNow } from './support/clock';

let browser: Browser;
let db: pg.Client;
/** The home as published before this journey, put back after it. */
let publishedHome: unknown;

/** The seeded merchandiser: a content editor (administrators are the other). */
const MERCHANDISER = { email: 'comercial@despensa.cl', password: 'comercial-despensa' };
const MINUTE = 60_000;

beforeAll(async () => {
  browser = await launchBrowser();
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  publishedHome = (await db.query(`SELECT data FROM cms_document WHERE key = 'page-home'`)).rows[0].data;
});
afterAll(async () => {
  await setShopClockAhead(0);
  // The other journeys count the seed's live banners: the home goes back as it was.
  await db.query(`UPDATE cms_document SET data = $1 WHERE key = 'page-home'`, [publishedHome]);
  await db.query(`DELETE FROM cms_draft WHERE key = 'page-home'`);
  await db.end();
  await browser?.close();
});

/** An instant as a datetime-local field takes it: the shop's wall clock (Santiago), to the minute. */
function localField(instant: Date): string {
  const p = localParts(instant);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

async function editorAt(path: string): Promise<Page> {
  const { page } = await newPage(browser, { width: 1280, height: 900 });
  await page.goto(path);
  await page.getByRole('heading', { name: 'Ingreso del personal' }).waitFor();
  await page.getByLabel('Correo').fill(MERCHANDISER.email);
  await page.getByLabel('Contraseña').fill(MERCHANDISER.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/ingreso'));
  await page.goto(path);
  return page;
}

/**
 * Whether the home's hero carousel, as a shopper loads it, has a slide for the banner whose text alternative
 * starts so (the slides not on screen are hidden until their turn, so they are found by their markup).
 */
async function homeShows(alt: string, path = '/'): Promise<boolean> {
  const { page } = await newPage(browser, { width: 1300 });
  await page.goto(path);
  const hero = page.getByRole('region', { name: 'Destacados' });
  await hero.waitFor();
  const shown = (await hero.locator(`img[alt^="${alt}"]`).count()) > 0;
  await page.context().close();
  return shown;
}

describe('a content editor schedules a banner', () => {
  it('that the home shows from its start time, not before (the shop clock moved to it)', async () => {
    const banner = 'Vida saludable';
    expect(await homeShows(banner)).toBe(false);
    // Whole minutes: the field takes minutes, and the start must lie ahead of the shop's clock.
    const start = new Date(Math.ceil(((await shopNow()).getTime() + 10 * MINUTE) / MINUTE) * MINUTE);

    const page = await editorAt('/admin/contenido');
    await page.getByRole('heading', { name: 'Contenido', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'page-home' }).click();
    await page.getByRole('heading', { name: 'Contenido: page-home' }).waitFor();
    await page.getByRole('checkbox', { name: 'Activo: Vida saludable' }).check();
    await page.getByLabel('Inicio: Vida saludable').fill(localField(start));
    await page
      .getByLabel('Término: Vida saludable')
      .fill(localField(new Date(start.getTime() + 7 * 1440 * MINUTE)));
    await page.getByRole('button', { name: 'Guardar fechas en el borrador' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Borrador guardado con las fechas de los banners.' })
      .waitFor();

    // The preview renders the real home with the draft, at a moment after the banner's start.
    await page
      .getByLabel('Ver la página en otra fecha (opcional)')
      .fill(localField(new Date(start.getTime() + MINUTE)));
    await page.getByRole('button', { name: 'Actualizar vista previa' }).click();
    await page.waitForURL(/fecha-local=/);
    const preview = page.frameLocator('iframe[title="Vista previa de la portada"]');
    await preview
      .getByRole('region', { name: 'Destacados' })
      .locator(`img[alt^="${banner}"]`)
      .waitFor({ state: 'attached' });
    expect(await accessibilityViolations(page)).toEqual([]);
    // A shopper asking for the preview gets the home shoppers see.
    const at = new Date(start.getTime() + MINUTE).toISOString();
    expect(await homeShows(banner, `/?vista-previa=1&fecha=${encodeURIComponent(at)}`)).toBe(false);

    await page.getByRole('button', { name: 'Publicar ahora' }).click();
    await page.getByRole('status').filter({ hasText: 'Publicado: los clientes ya lo ven.' }).waitFor();
    await page.context().close();
    expect(await homeShows(banner)).toBe(false);

    // The shop's clock reaches the start: the cached home is purged and the banner is shown.
    await setShopClockAhead(start.getTime() - Date.now() + 5_000);
    expect(await homeShows(banner)).toBe(true);
  }, 180_000); // Two axe runs and three shoppers' homes: on a loaded machine, well over a minute.
});
