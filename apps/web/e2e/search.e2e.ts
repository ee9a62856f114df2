import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function shopPage(width = 1280): Promise<Page> {
  const { page } = await newPage(browser, { width });
  return page;
}

function searchInput(page: Page) {
  return page.getByRole('combobox', { name: 'Buscar productos' });
}

/** Waits until the page's scripts run, so typing reaches React rather than a plain form. */
async function ready(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

describe('search combobox', () => {
  it('opens the suggestions for a box focused and typed in before the page was interactive', async () => {
    const page = await shopPage();
    // Hold the scripts back until the shopper has focused the box and typed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.js', async (route) => {
      await released;
      await route.continue();
    });
    // goto waits for the interactive page, which waits for the scripts: let it run alongside.
    const navigation = page.goto('/lacteos');
    const input = searchInput(page);
    await input.focus();
    await input.pressSequentially('lec', { delay: 30 });
    release();
    await navigation;
    const listbox = page.getByRole('listbox', { name: 'Sugerencias de búsqueda' });
    await listbox.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await input.inputValue()).toBe('lec');
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await page.close();
  });

  it('suggests products, brands and categories for "lec" and selects with the keyboard', async () => {
    const page = await shopPage();
    await ready(page, '/lacteos');
    const input = searchInput(page);
    await input.pressSequentially('lec', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Sugerencias de búsqueda' });
    await listbox.waitFor({ state: 'visible' });
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await input.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));
    const products = listbox.getByRole('group', { name: 'Productos' });
    expect(await products.getByRole('option').count()).toBeGreaterThan(0);
    expect((await products.getByRole('option').first().textContent())?.toLowerCase()).toContain('lec');
    expect(await products.getByRole('option').first().textContent()).toMatch(/\$\d/);
    expect(await listbox.getByRole('group', { name: 'Marcas' }).count()).toBe(1);
    expect(await listbox.getByRole('option').count()).toBeLessThanOrEqual(12);

    await input.press('ArrowDown');
    await input.press('ArrowDown');
    const activeId = await input.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    const active = page.locator(`[id="${activeId}"]`);
    expect(await active.getAttribute('aria-selected')).toBe('true');
    expect(await listbox.locator('[aria-selected="true"]').count()).toBe(1);

    await input.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    await input.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    const firstText = (await first.textContent()) ?? '';
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/lacteos');
    const url = new URL(page.url());
    // The first row is a term completion (a search) or a product: either way it opened what it named.
    if (url.pathname === '/busca') expect(url.searchParams.get('ft')).toBe(firstText.trim());
    else
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain(firstText.split('$')[0]!.trim());
    await page.context().close();
  });

  it('shows popular searches on focus while the box is empty', async () => {
    const page = await shopPage();
    await ready(page, '/lacteos');
    await searchInput(page).focus();
    const popular = page.getByRole('group', { name: 'Búsquedas populares' });
    await popular.waitFor({ state: 'visible' });
    expect(await popular.getByRole('option').count()).toBeGreaterThan(3);
    expect(await popular.getByRole('option', { name: 'leche', exact: true }).count()).toBe(1);
    await page.context().close();
  });

  it('follows the §2 redirect rules from the box and from the URL', async () => {
    const page = await shopPage();
    await ready(page, '/lacteos');
    await searchInput(page).fill('reservar hora');
    await searchInput(page).press('Enter');
    await page.waitForURL('**/informaciones/evita-la-fila');

    for (const [term, target] of [
      ['locales', '/locales'],
      ['ofertas', '/oferta/ofertas-fdm'],
      ['evita la fila', '/informaciones/evita-la-fila'],
    ]) {
      const response = await fetch(`${baseUrl()}/busca?ft=${encodeURIComponent(term!)}`, {
        redirect: 'manual',
      });
      expect(response.status, term).toBe(302);
      expect(response.headers.get('location'), term).toBe(target);
    }
    await page.context().close();
  });

  it('sends a search with no result to the empty-search page with the term', async () => {
    const page = await shopPage();
    await ready(page, '/lacteos');
    await searchInput(page).fill('zzxqwv');
    await searchInput(page).press('Enter');
    await page.waitForURL('**/Sistema/busquedavacia?term=zzxqwv');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('zzxqwv');
    await page.getByRole('heading', { name: 'Te recomendamos' }).waitFor();
    await page.getByRole('region', { name: 'Búsquedas populares' }).getByRole('link').first().waitFor();
    await page.context().close();
  });

  it('lists results for a term, and sends nothing for a blank one', async () => {
    const page = await shopPage();
    await ready(page, '/busca?ft=leche');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('leche');
    const total = await page.locator('#listing-total').textContent();
    expect(Number(total?.replace(/\D/g, ''))).toBeGreaterThan(0);

    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/search-suggestions/')) requests.push(request.url());
    });
    await searchInput(page).fill('   ');
    await page.waitForTimeout(400);
    expect(requests).toEqual([]);
    await searchInput(page).press('Enter');
    await page.waitForTimeout(200);
    expect(new URL(page.url()).search).toBe('?ft=leche');
    await page.context().close();
  });

  it('§8: a suggestion call that fails with a status and a message is tried again 3 times, 200 ms apart, then given up', async () => {
    const page = await shopPage();
    await ready(page, '/lacteos');
    const tries: number[] = [];
    let failures = 2;
    await page.route('**/search-suggestions/**', async (route) => {
      tries.push(Date.now());
      if (failures-- > 0) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"caído"}' });
      } else await route.continue();
    });
    const input = searchInput(page);
    await input.pressSequentially('lec', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Sugerencias de búsqueda' });
    await listbox.getByRole('group', { name: 'Productos' }).waitFor();
    expect(tries).toHaveLength(3);
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(200);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(200);

    // Always failing: the first call and 3 more, then the box gives up quietly (empty groups, no 503 screen).
    await page.unroute('**/search-suggestions/**');
    tries.length = 0;
    await page.route('**/search-suggestions/**', async (route) => {
      tries.push(Date.now());
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"caído"}' });
    });
    await input.fill('');
    await input.pressSequentially('yog', { delay: 30 });
    await expect.poll(() => tries.length, { timeout: 5000 }).toBe(4);
    await page.waitForTimeout(600);
    expect(tries).toHaveLength(4);
    expect(await page.getByText('En estos momentos no podemos completar tu solicitud').count()).toBe(0);
    await page.context().close();
  });

  it('has no accessibility violations on search results at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const page = await shopPage(width);
      await ready(page, '/busca?ft=leche');
      expect(await accessibilityViolations(page), `width ${width}`).toEqual([]);
      await page.context().close();
    }
  });
});
