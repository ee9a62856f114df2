import { LOCALE, formatCLP } from '@despensa/domain';

/** Cents to '$1.290' (domain's rule; re-exported so components import formatting from one place). */
export const formatPrice = formatCLP;

const dateFormatter = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Santiago',
});

/** '2026-11-01T12:00:00Z' → '1 de noviembre de 2026' (Santiago time). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter.format(date);
}
