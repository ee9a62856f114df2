import { LOCALE, SHOP_TIME_ZONE, formatCLP, formatDecimal } from '@despensa/domain';

/** Cents to '$1.290' (domain's rule; re-exported so components import formatting from one place). */
export const formatPrice = formatCLP;

/**
 * A formatter made on first use and kept. Building an Intl formatter costs the browser tens of
 * milliseconds the first time, so none is built at start-up that the page may not need: every formatter
 * of the web is made through this.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dateFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: SHOP_TIME_ZONE,
    }),
);

/** '2026-11-01T12:00:00Z' → '1 de noviembre de 2026' (Santiago time). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter().format(date);
}

const dateTimeFormatter = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: SHOP_TIME_ZONE,
    }),
);

/** '2026-11-05T12:00:00Z' → 'jueves, 5 de noviembre, 09:00' (Santiago time). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormatter().format(date);
}

/** A number as shoppers read it: 12345 → '12.345', 4.25 with one decimal → '4,3' (domain's rule). */
export function formatNumber(value: number, maximumFractionDigits = 3): string {
  return formatDecimal(value, maximumFractionDigits);
}

/** An average rating: 4.25 → '4,3'. */
export function formatRating(average: number): string {
  return formatNumber(average, 1);
}

/** A distance to a store: "2,3 km". */
export function formatKm(km: number): string {
  return `${formatDecimal(km, 1, 1)} km`;
}
