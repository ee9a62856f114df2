import type { Page } from 'playwright-core';
import { INTERACTIVE_ATTRIBUTE } from '../../app/lib/deferred-scripts';

/**
 * Holds the app's scripts back, so the page a journey opens next stays the server's HTML (a shopper on a
 * slow phone acting before hydration), until `release` lets them run and waits for the app's
 * interactive mark. `page.goto` waits for that mark (support/browser.ts): start it, act, then release.
 */
export async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const scripts = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  return {
    release: async () => {
      letGo();
      await page.waitForFunction(
        (mark) => document.documentElement.hasAttribute(mark),
        INTERACTIVE_ATTRIBUTE,
      );
      await page.unroute(scripts);
    },
  };
}

/** Whether the app has hydrated the page (its interactive mark). */
export function isInteractive(page: Page): Promise<boolean> {
  return page.evaluate((mark) => document.documentElement.hasAttribute(mark), INTERACTIVE_ATTRIBUTE);
}

/**
 * Holds the shopper's own parts (GET /comprador/partes, read after hydration on a shared page) until
 * `release` lets them through or `fail` makes the request fail: the page stays as the shared page was
 * rendered, a logged-in shopper's account pending, as on a slow phone. `asked` settles once the page has
 * asked for them.
 */
export async function holdShopperParts(
  page: Page,
): Promise<{ asked: Promise<unknown>; release: () => void; fail: () => void }> {
  let answer: (through: boolean) => void = () => {};
  const held = new Promise<boolean>((resolve) => (answer = resolve));
  const parts = (url: URL) => url.pathname.startsWith('/comprador/partes');
  const asked = page.waitForRequest((request) => parts(new URL(request.url())));
  await page.route(parts, async (route) => {
    if (await held) await route.continue();
    else await route.abort();
  });
  return { asked, release: () => answer(true), fail: () => answer(false) };
}

/**
 * Waits until the app's router has had nothing in flight (navigation, revalidation, fetcher) for 500 ms. A
 * journey that ends the session behind the page's back waits for this first: a read the page was still
 * making (the delivery sync after a login, its revalidation) would otherwise find the session over itself.
 */
export async function routerSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const scope = window as unknown as {
        __reactRouterDataRouter: {
          state: {
            navigation: { state: string };
            revalidation: string;
            fetchers: Map<string, { state: string }>;
          };
        };
        settledSince?: number;
      };
      const { state } = scope.__reactRouterDataRouter;
      const busy =
        state.navigation.state !== 'idle' ||
        state.revalidation !== 'idle' ||
        [...state.fetchers.values()].some((fetcher) => fetcher.state !== 'idle');
      if (busy) {
        scope.settledSince = undefined;
        return false;
      }
      scope.settledSince ??= performance.now();
      return performance.now() - scope.settledSince >= 500;
    },
    undefined,
    { polling: 100 },
  );
}
