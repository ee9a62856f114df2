import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Issue 33, goal 1: compressed JavaScript of a first load, on every page type. */
const JAVASCRIPT_BUDGET_BYTES = 100 * 1024;

/** The bytes of JavaScript a first visit to `path` transfers, until the network is quiet, on a phone. */
async function firstLoadJavaScript(path: string): Promise<number> {
  const { context, page } = await newPage(browser, { width: 412 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  let bytes = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) bytes += event.encodedDataLength;
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await context.close();
  return bytes;
}

describe('issue 33: what a first load costs', () => {
  it('transfers at most 100 KB of compressed JavaScript on the home, a category, a search and a product page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/lacteos');
    const product = await page.locator('a[href$="/p"]').first().getAttribute('href');
    await context.close();
    const paths = ['/', '/lacteos', '/busca?ft=leche', product!];
    const loaded: Record<string, number> = {};
    for (const path of paths) loaded[path] = await firstLoadJavaScript(path);
    const over = Object.entries(loaded).filter(([, bytes]) => bytes > JAVASCRIPT_BUDGET_BYTES);
    expect(over, `bytes of JavaScript per page: ${JSON.stringify(loaded)}`).toEqual([]);
    // Every page ran its scripts: a page that loaded none would pass the budget without being a shop.
    for (const bytes of Object.values(loaded)) expect(bytes).toBeGreaterThan(40 * 1024);
  });
});
