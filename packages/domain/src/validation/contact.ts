/** Phone and e-mail rules of §5. Values are checked as given: callers trim if they want to. */

export const EMAIL_INVALID_MESSAGE = 'Mail inválido';
/** Not quoted by the spec, which names no phone error; worded like its e-mail and RUT errors. */
export const PHONE_INVALID_MESSAGE = 'Teléfono inválido';
export const FIRST_NAME_REQUIRED_MESSAGE = 'Ingresa tu nombre';
export const LAST_NAME_REQUIRED_MESSAGE = 'Ingresa tu apellido';

const PHONE_PATTERN = /^\+?\d{9,11}$/;
const SHORT_PHONE_PATTERN = /^\d{8,10}$/;
/**
 * ASCII-only local part (dot-atoms) and domain labels with a TLD of 2+ letters, so accented letters
 * ('josé@…', '…@ñandú.cl') are rejected as §5 asks.
 */
const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Optional '+' then 9 to 11 digits. */
export function isValidPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone);
}

/** 8 to 10 digits, no '+'. */
export function isValidShortPhone(phone: string): boolean {
  return SHORT_PHONE_PATTERN.test(phone);
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/**
 * A contact phone as typed (account data, receiver): spaces and dashes ignored, then §5's phone or short
 * phone. Returns the cleaned number, or null when it is neither.
 */
export function cleanContactPhone(phone: string): string | null {
  const clean = phone.replace(/[\s-]/g, '');
  return isValidPhone(clean) || isValidShortPhone(clean) ? clean : null;
}
