import { ADDRESS_TEXT_MAX_LENGTH, ADDRESS_TRUNCATE_LENGTH, FIRST_NAME_TRUNCATE_LENGTH } from '../constants';

/** The §3 address fields the display line uses. */
export interface AddressLineParts {
  street?: string | null;
  number?: string | number | null;
  complement?: string | null;
  neighborhood?: string | null;
  city?: string | null;
  state?: string | null;
}

const present = (value: string | number | null | undefined): value is string | number =>
  value != null && String(value).trim() !== '';

/** §3: 'street number, complement, neighborhood, city, state', empty parts skipped. */
export function addressDisplayLine(address: AddressLineParts): string {
  const streetAndNumber = [address.street, address.number]
    .filter(present)
    .map((v) => String(v).trim())
    .join(' ');
  return [streetAndNumber, address.complement, address.neighborhood, address.city, address.state]
    .filter(present)
    .map((v) => String(v).trim())
    .join(', ');
}

/** Cuts to at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  const head = text.slice(0, Math.max(0, max));
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** What ends a shortened text: one ellipsis character, not three dots. */
export const ELLIPSIS = '…';

/**
 * Shortens to at most `max` characters (§9: addresses to 30, first names to 12). When cut, the ellipsis '…'
 * is counted inside `max` (so the result never exceeds the width the layout reserved), and trailing spaces
 * before it are dropped.
 */
export function truncate(text: string, max: number = ADDRESS_TRUNCATE_LENGTH): string {
  if (text.length <= max) return text;
  if (max <= 1) return cut(text, max);
  return `${cut(text, max - 1).trimEnd()}${ELLIPSIS}`;
}

/** What identifies an address where room is short: its street, number and comuna (§3 `city`). */
export interface AddressEssentials {
  street: string;
  number: string;
  comuna: string;
}

/** A street cut shorter than this no longer reads as a street: the comuna gives way instead. */
const SHORT_STREET_MIN = 8;

/**
 * The §3 display line where room is short (the header's delivery button): 'street number, comuna', and
 * when longer than §9's 30 characters the street gives way, so the number and comuna that tell two
 * addresses apart stay ('Avenida Libert… 1234, Santiago', not 'Avenida Libertador Bernardo O…').
 * Split in two so a page can let the street alone shrink further.
 */
export function shortAddressLine(
  address: AddressEssentials,
  max: number = ADDRESS_TRUNCATE_LENGTH,
): { street: string; rest: string } {
  const street = address.street.trim();
  const number = address.number.trim();
  const comuna = address.comuna.trim();
  const rest = `${number ? ` ${number}` : ''}${comuna ? `, ${comuna}` : ''}`;
  if (street.length + rest.length <= max) return { street, rest };
  const cutStreet = truncate(street, Math.max(SHORT_STREET_MIN, max - rest.length));
  return { street: cutStreet, rest: truncate(rest, max - cutStreet.length) };
}

/**
 * The greeting name 'Hola, {name}' (§2): trimmed, at most 12 characters (§9). A cut that would leave the
 * start of a second name ('Ana María J…') ends after the last whole one instead ('Ana María…'); a single
 * name longer than that can only be cut inside it.
 */
export function truncateFirstName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const shown = truncate(trimmed, FIRST_NAME_TRUNCATE_LENGTH);
  if (shown === trimmed) return shown;
  const kept = shown.slice(0, -ELLIPSIS.length);
  const wordCut = trimmed[kept.length] !== ' ' && kept.includes(' ');
  return wordCut ? `${kept.slice(0, kept.lastIndexOf(' '))}${ELLIPSIS}` : shown;
}

/** §3: addresses whose id contains a comma or space are hidden; an empty id cannot be selected either. */
export function isListableAddressId(id: string): boolean {
  return id.trim() !== '' && !/[,\s]/.test(id);
}

/** §3: labels containing '*' are hidden from options. */
export function isListableLabel(label: string): boolean {
  return !label.includes('*');
}

/**
 * Free-text address fields (complement, reference) as stored and shown: tags ('<b>', '</x>', '<!--')
 * removed, then any leftover angle bracket or backtick, control and invisible format characters;
 * whitespace collapsed; at most 100 characters.
 */
export function sanitizeAddressText(text: string): string {
  const cleaned = text
    .replace(/<\/?[A-Za-z!?][^>]*>/g, ' ')
    .replace(/[<>`]/g, '')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cut(cleaned, ADDRESS_TEXT_MAX_LENGTH).trimEnd();
}

/** Where a pickup order is collected, in one line (e-mail, order-placed page, detail): 'Name, address'. */
export function storePlaceLine(store: { name: string; address: string }): string {
  return `${store.name}, ${store.address}`;
}
