import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { inject } from 'vitest';
import { DEFERRED_MODULE_TYPE, INTERACTIVE_ATTRIBUTE } from '../../app/lib/deferred-scripts';
import { CONSENT_COOKIE } from '@despensa/domain';
import { PUSH_INVITATION_KEY } from '../../app/features/platform/texts';
import { CHROME_PATH, CHROMIUM_ARGS } from './chromium';
import { watchPage } from './failure-report';

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROMIUM_ARGS,
  });
}

/**
 * The user agent a shopper's Chrome sends. Headless Chromium says 'HeadlessChrome', which isbot's list
 * (rightly) takes for a bot: the shop would give it no cart and no analytics (§4).
 */
export function shopperUserAgent(browser: Browser): string {
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Safari/537.36`;
}

/** A fresh context (axe-core needs one from browser.newContext()) and a page on it. */
export async function newPage(
  browser: Browser,
  options: {
    width?: number;
    height?: number;
    userAgent?: string;
    /**
     * A first visit with the service worker running (platform.e2e.ts). Other journeys are a returning
     * shopper who already answered the consent banner and the push invitation, without the worker (which
     * would answer the requests a journey intercepts with page.route).
     */
    firstVisit?: boolean;
    /** The shop through another address (support/deployment.ts); the lane's shop by default. */
    origin?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const origin = options.origin ?? baseUrl();
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: 'es-CL',
    userAgent: options.userAgent ?? shopperUserAgent(browser),
    serviceWorkers: options.firstVisit ? 'allow' : 'block',
  });
  if (!options.firstVisit) {
    await context.addCookies([{ name: CONSENT_COOKIE, value: 'necessary', url: origin }]);
    await context.addInitScript((key) => {
      try {
        localStorage.setItem(key, 'answered');
      } catch {
        // An opaque origin (about:blank) has no storage.
      }
    }, PUSH_INVITATION_KEY);
  }
  context.on('page', actOnceInteractive);
  const page = await context.newPage();
  return { context, page };
}

/**
 * The shop starts its scripts after the first paint (app/lib/deferred-scripts.ts), so a page can be
 * 'loaded' before it is interactive. Journeys act on the interactive page: goto and reload also wait for
 * the app's mark, on every page that carries the deferred scripts (the outdated-browser page has none).
 */
function actOnceInteractive(page: Page): void {
  watchPage(page);
  const untilInteractive = () =>
    page.waitForFunction(
      ({ type, mark }) =>
        document.querySelector(`script[type="${type}"]`) === null ||
        document.documentElement.hasAttribute(mark),
      { type: DEFERRED_MODULE_TYPE, mark: INTERACTIVE_ATTRIBUTE },
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilInteractive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilInteractive();
    return response;
  };
}

/** WCAG 2.2 AA violations axe finds on the page, as "rule: target" lines (empty when clean). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  );
}

/**
 * A long listing draws its first cards with the page and the rest as the shopper scrolls near them (issue
 * 33): scrolls to its end, as a shopper would, until every card is drawn.
 */
export async function drawEveryCard(page: Page): Promise<void> {
  for (let round = 0; round < 30; round += 1) {
    if ((await page.locator('.product-card-later').count()) === 0) return;
    await page.locator('.product-card-later').first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(100);
  }
  throw new Error('the listing never drew every card');
}
