import { COUNTRY_CODE_ISO3, LOCALE } from '../constants';

/**
 * §3 persisted values and §6: the anonymous visitor's segment id, sent on every call in this header. It is
 * VTEX's `vtex_segment`: the segment (the sales channel and the shop's country, currency and culture)
 * as base64 JSON, so the catalogue prices a call without `sc` in the visitor's channel.
 */
export const SEGMENT_HEADER = 'x-vtex-segment';
/** Where the browser keeps it (§3 local storage; the delivery-choice cookie holds it too). */
export const SEGMENT_STORAGE_KEY = 'despensa.segmentId';

const CURRENCY = 'CLP';

/** The segment id of a sales channel. */
export function segmentIdOf(salesChannel: number): string {
  return btoa(
    JSON.stringify({
      channel: String(salesChannel),
      countryCode: COUNTRY_CODE_ISO3,
      currencyCode: CURRENCY,
      cultureInfo: LOCALE,
      channelPrivacy: 'public',
    }),
  );
}

/** The sales channel a segment id names; null for anything that is not one (a forged or broken header). */
export function salesChannelOfSegment(segmentId: string | undefined): number | null {
  if (!segmentId || segmentId.length > 500) return null;
  try {
    const segment: unknown = JSON.parse(atob(segmentId));
    const channel = (segment as { channel?: unknown } | null)?.channel;
    if (typeof channel !== 'string' || !/^\d{1,6}$/.test(channel)) return null;
    const salesChannel = Number(channel);
    return salesChannel >= 1 && salesChannel <= 100000 ? salesChannel : null;
  } catch {
    return null;
  }
}
