/**
 * How a cart shows its owner's personal data to anyone else (VTEX masks the orderForm of an identified
 * customer the same way): enough for the owner to recognise it, too little to use. The masked length
 * never depends on the value's length.
 */
const STARS = '*****';

/** 'cliente@example.cl' → 'c***@example.cl'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return STARS;
  return `${email[0]}***${email.slice(at)}`;
}

/** A RUT keeps its last three digits and check digit: '12.345.678-5' → '*****678-5'. */
export function maskDocument(document: string): string {
  return `${STARS}${document.slice(-5)}`;
}

/** A phone keeps its last four digits: '+56912345678' → '*****5678'. */
export function maskPhone(phone: string): string {
  return `${STARS}${phone.replace(/\D/g, '').slice(-4)}`;
}

/** A name keeps its initial: 'María' → 'M***'. */
export function maskName(name: string): string {
  const initial = [...name.trim()][0];
  return initial ? `${initial}***` : '';
}
