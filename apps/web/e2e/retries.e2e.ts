import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { DATA_FETCH_RETRY_GAP_MS, RETRY_LIMIT } from '@despensa/domain';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../app/lib/api-client';
import { launchBrowser, newPage } from './support/browser';
import { deliverySelector } from './support/shopper';

/**
 * §4, §8, §9 (issue 29, item 8): the catalogue's calls in the browser fail after 3 tries, the sales-channel
 * change is tried again 3 times; 200 ms apart. (Search: search.e2e.ts; the cart: cart.e2e.ts.)
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string): Promise<Page> {
  const { page } = await newPage(browser);
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page;
}

/** The listing's own data reads (React Router's `.data` requests for the category route). */
const listingRead = (url: URL) => url.pathname === '/lacteos.data' && url.search.includes('category');

/** Answers the listing's reads with a server failure `failures` times, then lets them through. */
async function failListingReads(page: Page, failures: number): Promise<number[]> {
  const tries: number[] = [];
  let left = failures;
  await page.route(listingRead, async (route: Route) => {
    tries.push(Date.now());
    if (left-- > 0)
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    else await route.continue();
  });
  return tries;
}

function gaps(tries: number[]): number[] {
  return tries.slice(1).map((at, index) => at - tries[index]!);
}

describe('catalogue retries', () => {
  it("a listing's next page that fails twice is tried a third time, 200 ms apart, and shown", async () => {
    const page = await open('/lacteos');
    const tries = await failListingReads(page, 2);
    await page.getByRole('link', { name: 'Siguiente' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator('.pagination [aria-current="page"]').textContent()).toContain('2');
    expect(tries).toHaveLength(3);
    for (const gap of gaps(tries)) expect(gap).toBeGreaterThanOrEqual(DATA_FETCH_RETRY_GAP_MS);
    expect(await page.getByText('En estos momentos no podemos completar tu solicitud').count()).toBe(0);
    await page.context().close();
  });

  it('gives up after 3 consecutive failed tries with the 503 screen', async () => {
    const page = await open('/lacteos');
    const tries = await failListingReads(page, Number.POSITIVE_INFINITY);
    await page.getByRole('link', { name: 'Siguiente' }).click();
    await page
      .getByRole('heading', { name: 'En estos momentos no podemos completar tu solicitud' })
      .waitFor();
    expect(await page.getByText('Por favor, inténtalo más tarde', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Reintentar' }).count()).toBe(1);
    // Well past another gap: no fourth try.
    await page.waitForTimeout(3 * DATA_FETCH_RETRY_GAP_MS);
    expect(tries).toHaveLength(RETRY_LIMIT);
    for (const gap of gaps(tries)) expect(gap).toBeGreaterThanOrEqual(DATA_FETCH_RETRY_GAP_MS);
    await page.context().close();
  });
});

/** The sales-channel change's POSTs, answered with a server failure `failures` times, then let through. */
async function failChannelChanges(page: Page, failures: number): Promise<number[]> {
  const tries: number[] = [];
  let left = failures;
  await page.route('**/entrega/acciones*', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.continue();
    tries.push(Date.now());
    if (left-- > 0)
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    else await route.continue();
  });
  return tries;
}

/** Pickup at the nearest store in its first free window, confirmed. */
async function choosePickup(page: Page): Promise<void> {
  await page.locator('#modo-de-entrega').click();
  const dialog = deliverySelector(page);
  await dialog.getByRole('radio', { name: /^Retiro en Tienda/ }).check();
  await dialog.getByRole('radio', { name: / km$/ }).first().check();
  await dialog
    .getByRole('group', { name: 'Horario de entrega' })
    .getByRole('radio', { disabled: false })
    .first()
    .check();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
}

describe('sales-channel retries', () => {
  it('a change that fails twice is tried again 200 ms apart and applied; one that keeps failing is given up after 3 more', async () => {
    const page = await open('/');
    const tries = await failChannelChanges(page, 2);
    await choosePickup(page);
    await deliverySelector(page).waitFor({ state: 'hidden' });
    expect(tries).toHaveLength(3);
    for (const gap of gaps(tries)) expect(gap).toBeGreaterThanOrEqual(DATA_FETCH_RETRY_GAP_MS);
    expect(await page.locator('#modo-de-entrega').innerText()).toContain('Retiro en Tienda');

    await page.unroute('**/entrega/acciones*');
    const failing = await failChannelChanges(page, Number.POSITIVE_INFINITY);
    await choosePickup(page);
    await deliverySelector(page)
      .getByRole('alert')
      .filter({ hasText: SERVICE_UNAVAILABLE_MESSAGE })
      .waitFor();
    expect(failing).toHaveLength(1 + RETRY_LIMIT);
    for (const gap of gaps(failing)) expect(gap).toBeGreaterThanOrEqual(DATA_FETCH_RETRY_GAP_MS);
    await page.context().close();
  });
});
