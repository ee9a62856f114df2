import { deliveryChoice, type DeliveryChoice } from '@despensa/contracts';
import { DELIVERY_CHOICE_COOKIE, PERSISTED_DATA_MAX_AGE_S } from '@despensa/domain';
import { cookieString, cookieValue } from '../../lib/cookies';

/**
 * §4: the chosen delivery mode (seller, sales channel, store name, shipping method name, segment, …)
 * persists for 30 days. One JSON cookie carries it so the server renders prices of the chosen channel;
 * scripts may read it (not httpOnly) to mirror it into localStorage. A second cookie keeps the previous
 * choice while the shopper may still restore it (lost-products dialog).
 */
export const PREVIOUS_CHOICE_COOKIE = 'despensa_delivery_prev';

/** The stored choice, or null when absent or unreadable (then the default channel applies). */
export function deliveryChoiceFromCookie(
  cookieHeader: string | null,
  name: string = DELIVERY_CHOICE_COOKIE,
): DeliveryChoice | null {
  const raw = cookieValue(cookieHeader, name);
  if (!raw) return null;
  try {
    const parsed = deliveryChoice.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Only the sales channel, for browser code: reading it without the schema keeps zod out of the scripts
 * every page loads (the server validates the whole choice above).
 */
export function salesChannelFromCookie(cookieHeader: string): number | null {
  const raw = cookieValue(cookieHeader, DELIVERY_CHOICE_COOKIE);
  if (!raw) return null;
  try {
    const channel: unknown = (JSON.parse(decodeURIComponent(raw)) as { salesChannel?: unknown }).salesChannel;
    return typeof channel === 'number' && Number.isInteger(channel) && channel >= 1 ? channel : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie value that remembers a choice for 30 days. */
export function deliveryChoiceCookie(choice: DeliveryChoice, name: string = DELIVERY_CHOICE_COOKIE): string {
  const value = encodeURIComponent(JSON.stringify(choice));
  return cookieString(name, value, PERSISTED_DATA_MAX_AGE_S);
}

/** The Set-Cookie value that forgets the choice (logout, §4: back to the default channel and store name). */
export function clearedDeliveryChoiceCookie(name: string = DELIVERY_CHOICE_COOKIE): string {
  return cookieString(name, '', 0);
}
