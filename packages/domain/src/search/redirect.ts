import { normalizeText } from '../text/normalize';

/** §2 redirect rules for search terms. Booking, queue and reservation words in Spanish and English. */
const BOOKING_WORDS = new Set([
  'reserva',
  'reservas',
  'reservar',
  'reservacion',
  'reservation',
  'booking',
  'book',
  'fila',
  'filas',
  'cola',
  'queue',
  'agendar',
  'agenda',
  'turno',
  'evita',
]);

export const SEARCH_REDIRECTS = {
  booking: '/informaciones/evita-la-fila',
  stores: '/locales',
  offers: '/oferta/ofertas-fdm',
} as const;

/** Where a search term sends the shopper instead of a result list, or null. */
export function searchRedirect(term: string): string | null {
  const normalized = normalizeText(term);
  if (normalized === 'locales') return SEARCH_REDIRECTS.stores;
  if (normalized === 'oferta' || normalized === 'ofertas') return SEARCH_REDIRECTS.offers;
  if (normalized.split(' ').some((word) => BOOKING_WORDS.has(word))) return SEARCH_REDIRECTS.booking;
  return null;
}

/** The empty-search page, carrying the term (§2). */
export function emptySearchPath(term: string): string {
  return `/Sistema/busquedavacia?term=${encodeURIComponent(term)}`;
}
