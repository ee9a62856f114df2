import { LOCALE, formatCLP } from '@despensa/domain';

/** Cents to '$1.290' (domain's rule; re-exported so components import formatting from one place). */
export const formatPrice = formatCLP;

/**
 * A formatter made on first use and kept: building an Intl formatter costs the browser tens of
 * milliseconds the first time, so none is built at start-up that the page may not need.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dateFormatter = once(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Santiago',
    }),
);

/** '2026-11-01T12:00:00Z' → '1 de noviembre de 2026' (Santiago time). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter().format(date);
}

const ratingFormatter = once(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 }));

/** An average rating as shoppers read it: 4.25 → '4,3' (one formatter for the 40 cards of a listing). */
export function formatRating(average: number): string {
  return ratingFormatter().format(average);
}
