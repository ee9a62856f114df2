/** Chilean RUT (national id) rules of §5. */

export const RUT_MAX_INPUT_LENGTH = 12;
export const RUT_INVALID_MESSAGE = 'Rut inválido';
export const RUT_DEFAULT_MESSAGE = 'Ingrese un RUT válido';

/** §5: 1–2 digits, optional dot, 3 digits, optional dot, 3 digits, optional dash, a digit or K. */
export const RUT_PATTERN = /^\d{1,2}\.?\d{3}\.?\d{3}-?[\dkK]$/;

/** Longest body the pattern allows (8 digits), so a formatted RUT fits RUT_MAX_INPUT_LENGTH. */
const RUT_MAX_BODY_DIGITS = 8;

/** Keeps only digits and K (upper-cased) and strips leading zeros: ' 0012.345.678-5 ' → '123456785'. */
export function cleanRut(rut: string): string {
  return rut
    .replace(/[^\dkK]/g, '')
    .toUpperCase()
    .replace(/^0+/, '');
}

/** Modulo-11 check digit of a RUT body (digits, dots allowed): '12345678' → '5', '7775735' → 'K'. */
export function computeRutCheckDigit(body: string | number): string {
  const digits = String(body).replace(/\./g, '');
  if (!/^\d+$/.test(digits)) throw new RangeError(`Invalid RUT body: ${String(body)}`);
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

/**
 * Auto-format as typed: '123456785' → '12.345.678-5', '0012345678-5' → '12.345.678-5'.
 * The 12-character cap is applied to the result (body cut to 8 digits) rather than to the raw text, so a
 * pasted value with extra spaces, dots or leading zeros is still read whole.
 */
export function formatRut(input: string): string {
  const clean = cleanRut(input).slice(0, RUT_MAX_BODY_DIGITS + 1);
  if (clean.length <= 1) return clean;
  const body = clean.slice(0, -1);
  const checkDigit = clean.slice(-1);
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}-${checkDigit}`;
}

/** §5 pattern plus the check digit; 'k' and 'K' are both accepted, surrounding spaces ignored. */
export function isValidRut(rut: string): boolean {
  const value = rut.trim();
  if (!RUT_PATTERN.test(value)) return false;
  const clean = value.replace(/[.-]/g, '').toUpperCase();
  return computeRutCheckDigit(clean.slice(0, -1)) === clean.slice(-1);
}
