import fs from 'node:fs';
import { inject } from 'vitest';
import { API_HEADERS } from './api';
import { baseUrl } from './browser';

/** The shop's time now, as its CMS dates content (/api/cms/datetime). */
export async function shopNow(): Promise<Date> {
  const response = await fetch(`${baseUrl()}/api/cms/datetime`, { headers: API_HEADERS });
  return new Date(((await response.json()) as { datetime: string }).datetime);
}

/**
 * Sets how far the shop's clock runs ahead of the machine's (0: back to real time), and waits until the
 * shop tells that time: the server reads its CLOCK_OFFSET_FILE again when the file changes.
 */
export async function setShopClockAhead(ms: number): Promise<void> {
  fs.writeFileSync(inject('clockFile'), String(ms));
  const deadline = Date.now() + 10_000;
  while (Math.abs((await shopNow()).getTime() - (Date.now() + ms)) > 2_000) {
    if (Date.now() > deadline) throw new Error("the shop's clock did not move");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
