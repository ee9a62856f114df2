import type { Page } from 'playwright-core';
import { beforeEach } from 'vitest';

/**
 * When a journey fails, what each page still open was showing: its address, its alerts and the start of its
 * text. A CI log keeps no screenshot, and "waiting for a heading" alone does not say whether the page showed
 * an error, a login refusal or something else.
 */
const openPages = new Set<Page>();
/** The answers of 500 and over each page received, newest last (a handful is enough to name a fault). */
const serverErrors = new WeakMap<Page, string[]>();

export function watchPage(page: Page): void {
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  page.on('response', (response) => {
    if (response.status() < 500) return;
    const seen = serverErrors.get(page) ?? [];
    serverErrors.set(page, [...seen.slice(-4), `${response.status()} ${response.url()}`]);
  });
}

async function describe(page: Page): Promise<string> {
  const text = await page
    .evaluate(() => {
      const alerts = [...document.querySelectorAll('[role="alert"], [role="status"]')]
        .map((each) => each.textContent?.trim())
        .filter(Boolean);
      const body = (document.body?.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 600);
      return `alerts: ${JSON.stringify(alerts)}\n  text: ${body}`;
    })
    .catch((error: unknown) => `(unreadable: ${String(error).split('\n')[0]})`);
  const errors = serverErrors.get(page) ?? [];
  return `- ${page.url()}\n  ${text}${errors.length ? `\n  5xx: ${errors.join(', ')}` : ''}`;
}

beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const pages = [...openPages].filter((page) => !page.isClosed());
    if (pages.length === 0) return;
    const described = await Promise.all(pages.map(describe));
    console.log(`The pages open when the journey failed:\n${described.join('\n')}`);
  });
});
