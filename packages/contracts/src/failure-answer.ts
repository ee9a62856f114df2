import type { FailureCode } from './failures';

/**
 * What the browser needs of the failures, in a module of its own (with service-unavailable.ts): the failure
 * messages are about 4 KB of Spanish that no page needs on its first load (the API's answer carries its own
 * message), and a module the first load imports ships whole.
 */

/**
 * The failure code of an answer of this shop's own API, read by the browser: every code the API sends is
 * one of these, so its shape is checked, not its place in `failureMessages`. Checking that would ship every
 * Spanish message to every page's first load; the API's answer carries its own message.
 */
export function answeredFailureCode(payload: unknown): FailureCode | undefined {
  const code = (payload as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[a-z][A-Za-z0-9]{1,60}$/.test(code)
    ? (code as FailureCode)
    : undefined;
}
