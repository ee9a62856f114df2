import type { SharedPageVariant } from '@despensa/contracts';
import {
  CONSENT_COOKIE,
  CONTRAST_COOKIE,
  DELIVERY_CHOICE_COOKIE,
  ORDER_FORM_COOKIE,
  SESSION_COOKIE,
} from '@despensa/domain';

/**
 * Which shared page a request may get (http/page-cache.ts): the cookies that shape a page everyone may
 * share — the delivery choice without its personal fields, contrast, consent, logged in or not — and the
 * rest dropped.
 */

/** The delivery choice's fields that are the shopper's own (apps/web choice-cookie, contracts deliveryChoice). */
const PERSONAL_CHOICE_FIELDS = ['addressId', 'addressLine', 'addressEssentials'] as const;

/** What of the shopper's cookies shapes a shared page (and its Cookie header); null: the page is their own. */
export function sharedCookies(cookies: Map<string, string>) {
  const choice = sharedChoice(cookies.get(DELIVERY_CHOICE_COOKIE));
  if (choice === undefined) return null;
  const personal = cookies.has(ORDER_FORM_COOKIE) || (choice?.personal ?? false);
  const contrast = cookies.get(CONTRAST_COOKIE) === 'high' ? 'high' : null;
  const given = cookies.get(CONSENT_COOKIE);
  const consent = given === 'all' || given === 'necessary' ? given : null;
  const kept = [
    choice ? `${DELIVERY_CHOICE_COOKIE}=${encodeURIComponent(choice.json)}` : null,
    contrast ? `${CONTRAST_COOKIE}=high` : null,
    consent ? `${CONSENT_COOKIE}=${consent}` : null,
  ].filter((part) => part !== null);
  // The session cookie is httpOnly, so the page itself must say that it came with one: its account is
  // then pending, not a visitor's, until the parts (and with them the session check of §4) arrive.
  const variant: SharedPageVariant = cookies.has(SESSION_COOKIE)
    ? 'session'
    : personal
      ? 'fill'
      : 'anonymous';
  return { choice, contrast, consent, variant, cookie: kept.join('; ') };
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header?.split(';') ?? []) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  return cookies;
}

/**
 * The delivery choice as a shared page sees it: without the shopper's address (which the client fills
 * in), as stable JSON for the key. null without a choice; undefined for a cookie this cache cannot read
 * (that shopper gets a page of their own, whose loaders decide what the cookie means).
 */
export function sharedChoice(
  raw: string | undefined,
): { json: string; channel: number; personal: boolean } | null | undefined {
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const choice = { ...(parsed as Record<string, unknown>) };
  const channel = choice.salesChannel;
  if (typeof channel !== 'number' || !Number.isInteger(channel)) return undefined;
  const personal = PERSONAL_CHOICE_FIELDS.some(
    (field) => choice[field] !== null && choice[field] !== undefined,
  );
  for (const field of PERSONAL_CHOICE_FIELDS) if (field in choice) choice[field] = null;
  const sorted = Object.fromEntries(Object.entries(choice).sort(([a], [b]) => a.localeCompare(b)));
  return { json: JSON.stringify(sorted), channel, personal };
}
