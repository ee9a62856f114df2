import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { inject } from 'vitest';
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
  const page = await context.newPage();
  return { context, page };
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
