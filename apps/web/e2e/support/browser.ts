import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { inject } from 'vitest';
import { DEFERRED_MODULE_TYPE, INTERACTIVE_ATTRIBUTE } from '../../app/lib/deferred-scripts';
import { CHROME_PATH, CHROMIUM_ARGS } from './chromium';

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROME_PATH,
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context (axe-core needs one from browser.newContext()) and a page on it. */
export async function newPage(
  browser: Browser,
  options: { width?: number; height?: number; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    locale: 'es-CL',
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
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
