/**
 * A tiny console logger: `debug` lines print only when the address carried `?debug` (§2), remembered for the
 * tab so the flag survives navigation.
 */
const FLAG_KEY = 'despensa:debug';

let enabled = false;

export function initDebugFlag(search: string): void {
  try {
    if (new URLSearchParams(search).has('debug')) sessionStorage.setItem(FLAG_KEY, '1');
    enabled = sessionStorage.getItem(FLAG_KEY) === '1';
  } catch {
    // Storage can be blocked (private mode); the flag then lasts for this page only.
    enabled = new URLSearchParams(search).has('debug');
  }
  if (enabled) console.info('[despensa] debug logging on');
}

export const logger = {
  debug(...args: unknown[]): void {
    if (enabled) console.debug('[despensa]', ...args);
  },
  warn(...args: unknown[]): void {
    console.warn('[despensa]', ...args);
  },
  error(...args: unknown[]): void {
    console.error('[despensa]', ...args);
  },
};
