import { MIN_BROWSER_VERSIONS, type BrowserName } from '../constants';

/** Order matters: Edge and Opera also say 'Chrome', and Chrome also says 'Safari'. */
const SIGNATURES: [BrowserName, RegExp][] = [
  ['ie', /MSIE (\d+)/],
  ['ie', /Trident\/.*rv:(\d+)/],
  ['edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['opera', /OPR\/(\d+)/],
  ['opera', /Opera\/.*Version\/(\d+)/],
  ['firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['safari', /Version\/(\d+)[\d.]*.*Safari\//],
];

export interface DetectedBrowser {
  name: BrowserName;
  version: number;
}

/** The browser family and major version a User-Agent names, or null when it names none we know. */
export function detectBrowser(userAgent: string): DetectedBrowser | null {
  for (const [name, pattern] of SIGNATURES) {
    const match = pattern.exec(userAgent);
    if (match?.[1]) return { name, version: Number(match[1]) };
  }
  return null;
}

/** §5: a browser below the minimum versions (mobile variants alike); crawlers are told apart by the caller. */
export function isBelowMinimumBrowser(userAgent: string): boolean {
  const browser = detectBrowser(userAgent);
  return browser !== null && browser.version < MIN_BROWSER_VERSIONS[browser.name];
}
