import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, launchBrowser, newPage } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, width = 1300): Promise<Page> {
  const { page } = await newPage(browser, { width });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page;
}

/** The heading with this id is on screen, below the sticky header. */
async function anchorInView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((anchor) => {
    const target = document.getElementById(anchor);
    const header = document.querySelector('header')?.getBoundingClientRect();
    if (!target || !header) return false;
    const box = target.getBoundingClientRect();
    return (
      /^H[1-6]$/.test(target.tagName) && box.top >= header.bottom - 1 && box.bottom <= window.innerHeight
    );
  }, id);
}

describe('content pages from the CMS', () => {
  it('home shows only live hero banners, with a pause button, category tiles and shelves', async () => {
    const page = await open('/');
    const hero = page.getByRole('region', { name: 'Destacados' });
    // Seed: 4 live banners; one ended, one starts later, one is inactive.
    expect(await hero.locator('[aria-roledescription="diapositiva"]').count()).toBe(4);
    expect(await hero.getByRole('img', { name: /Fiestas Patrias/ }).count()).toBe(0);
    expect(await hero.getByRole('img', { name: /Se viene el Cyber/ }).count()).toBe(0);
    const pause = hero.getByRole('button', { name: 'Pausar carrusel' });
    await pause.click();
    expect(await hero.getByRole('button', { name: 'Reanudar carrusel' }).count()).toBe(1);
    await hero.getByRole('button', { name: 'Siguiente' }).click();
    expect(await hero.getByRole('group', { name: /^2 de 4/ }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Compra por categoría' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Lácteos' }).first().getAttribute('href')).toBe('/lacteos');
    expect(await page.getByRole('heading', { name: 'Ofertas de la semana' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Elige cómo recibir tu compra' }).count()).toBe(1);
    await page.context().close();
  });

  it('opens the legal pages at their §2 anchors (#1 for terms, #topic-1 for privacy)', async () => {
    const terms = await open('/informaciones-legales/terminos-y-condiciones#1');
    expect(await terms.getByRole('heading', { level: 1 }).innerText()).toBe('Términos y condiciones');
    expect(await anchorInView(terms, '1')).toBe(true);
    await terms.context().close();

    const privacy = await open('/informaciones-legales/politica-de-privacidad#topic-1');
    expect(await anchorInView(privacy, 'topic-1')).toBe(true);
    await privacy.context().close();
  });

  it('lists the information pages and opens one', async () => {
    const page = await open('/informaciones');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Informaciones');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Evita la fila/ })
      .click();
    await page.waitForURL('**/informaciones/evita-la-fila');
    // Client-side navigation: the new page renders just after the address changes.
    await page.getByRole('heading', { level: 1, name: 'Evita la fila' }).waitFor();
    await page.context().close();
  });

  it('lists the stores by region and comuna with hours and pickup flags on both locator paths', async () => {
    for (const path of ['/locales', '/institucional/locales-santa-isabel']) {
      const page = await open(path);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Nuestros locales');
      expect(await page.getByRole('heading', { level: 2, name: 'Metropolitana de Santiago' }).count()).toBe(
        1,
      );
      const cards = page.locator('article.store-card');
      expect(await cards.count()).toBeGreaterThan(5);
      expect(await cards.first().getByRole('list', { name: 'Horario' }).innerText()).toMatch(
        /\d{2}:\d{2} a \d{2}:\d{2}/,
      );
      expect(await page.getByText('Click al Auto', { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/locales$/);
      await page.context().close();
    }
  });

  it('sets title, description, canonical and Open Graph tags', async () => {
    const page = await open('/institucional/servicios');
    expect(await page.title()).toBe('Servicios | Despensa');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
      /\/institucional\/servicios$/,
    );
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
      'Servicios | Despensa',
    );
    await page.context().close();
  });
});

describe('WCAG 2.2 AA (axe)', () => {
  it('finds no violations on home, a content page, 404 and /locales, desktop and mobile', async () => {
    const pages = ['/', '/informaciones/evita-la-fila', '/esto-no-existe/de-verdad/nunca', '/locales'];
    const { page } = await newPage(browser, { width: 1300 });
    const found: string[] = [];
    for (const path of pages) {
      await page.setViewportSize({ width: 1300, height: 900 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      found.push(...(await accessibilityViolations(page)).map((violation) => `${path} @1300 ${violation}`));
      // Media queries follow the new width at once: the same page is checked as the mobile layout.
      await page.setViewportSize({ width: 390, height: 844 });
      found.push(...(await accessibilityViolations(page)).map((violation) => `${path} @390 ${violation}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
    // Eight axe passes over whole pages: a busy machine needs more than the default minute.
  }, 120_000);
});
