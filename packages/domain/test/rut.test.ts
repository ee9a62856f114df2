import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  RUT_DEFAULT_MESSAGE,
  RUT_INVALID_MESSAGE,
  RUT_MAX_INPUT_LENGTH,
  cleanRut,
  computeRutCheckDigit,
  formatRut,
  isValidRut,
} from '../src/index';

describe('RUT texts and limits', () => {
  it('uses the §5 texts and 12-character input', () => {
    expect(RUT_INVALID_MESSAGE).toBe('Rut inválido');
    expect(RUT_DEFAULT_MESSAGE).toBe('Ingrese un RUT válido');
    expect(RUT_MAX_INPUT_LENGTH).toBe(12);
  });
});

describe('computeRutCheckDigit', () => {
  it('computes modulo-11 check digits of known RUTs', () => {
    expect(computeRutCheckDigit('11111111')).toBe('1');
    expect(computeRutCheckDigit('12345678')).toBe('5');
    expect(computeRutCheckDigit(7775735)).toBe('K');
    expect(computeRutCheckDigit('12.345.678')).toBe('5');
  });
  it('maps 11 to "0" and 10 to "K"', () => {
    // 3*2 + 1*3 + 1*2 = 11 → 11 - 0 = 11 → '0'
    expect(computeRutCheckDigit('1000013')).toBe('0');
    // 5*2 + 1*2 = 12 → 11 - 1 = 10 → 'K'
    expect(computeRutCheckDigit('1000005')).toBe('K');
    // weights cycle back to 2 after 7: 1 at the 7th position weighs 2
    expect(computeRutCheckDigit('1000000')).toBe('9');
    expect(computeRutCheckDigit('10000000')).toBe('8');
  });
  it('rejects non-digit bodies', () => {
    expect(() => computeRutCheckDigit('12a45')).toThrow(RangeError);
    expect(() => computeRutCheckDigit('')).toThrow(RangeError);
  });
});

describe('cleanRut', () => {
  it('keeps digits and an upper-case K, strips leading zeros', () => {
    expect(cleanRut('12.345.678-5')).toBe('123456785');
    expect(cleanRut(' 7.775.735-k ')).toBe('7775735K');
    expect(cleanRut('0012345678-5')).toBe('123456785');
    expect(cleanRut('')).toBe('');
  });
});

describe('formatRut', () => {
  it('adds dots and dash', () => {
    expect(formatRut('12345678-5')).toBe('12.345.678-5');
    expect(formatRut('123456785')).toBe('12.345.678-5');
    expect(formatRut('7775735k')).toBe('7.775.735-K');
    expect(formatRut('11.111.111-1')).toBe('11.111.111-1');
  });
  it('strips leading zeros', () => {
    expect(formatRut('0012345678-5')).toBe('12.345.678-5');
    expect(formatRut('0.012.345.678-5')).toBe('12.345.678-5');
  });
  it('formats partial input as it is typed', () => {
    expect(formatRut('')).toBe('');
    expect(formatRut('1')).toBe('1');
    expect(formatRut('12')).toBe('1-2');
    expect(formatRut('1234')).toBe('123-4');
    expect(formatRut('12345')).toBe('1.234-5');
  });
  it('never produces more than 12 characters', () => {
    expect(formatRut('1234567890123')).toBe('12.345.678-9');
    expect(formatRut('1234567890123')).toHaveLength(RUT_MAX_INPUT_LENGTH);
  });
});

describe('isValidRut', () => {
  it('accepts valid RUTs with or without dots and dash, k or K', () => {
    for (const rut of [
      '11.111.111-1',
      '12.345.678-5',
      '12345678-5',
      '123456785',
      '7.775.735-K',
      '7775735-k',
    ]) {
      expect(isValidRut(rut), rut).toBe(true);
    }
    expect(isValidRut('1.000.013-0')).toBe(true);
    expect(isValidRut(' 12.345.678-5 ')).toBe(true);
  });
  it('rejects a wrong check digit', () => {
    expect(isValidRut('12.345.678-4')).toBe(false);
    expect(isValidRut('11.111.111-K')).toBe(false);
    expect(isValidRut('7.775.735-0')).toBe(false);
  });
  it('rejects what the §5 pattern does not allow', () => {
    expect(isValidRut('')).toBe(false);
    expect(isValidRut('123.456-0')).toBe(false); // body shorter than 7 digits
    expect(isValidRut('0012345678-5')).toBe(false); // 10 digits before the check digit
    expect(isValidRut('12,345,678-5')).toBe(false);
    expect(isValidRut('12.345.678-X')).toBe(false);
    expect(isValidRut('12.345.678--5')).toBe(false);
  });
});

const validBody = fc.integer({ min: 1_000_000, max: 99_999_999 });

describe('RUT properties', () => {
  it('formatRut ∘ cleanRut of any valid RUT, however written, is a valid canonical RUT', () => {
    fc.assert(
      fc.property(
        validBody,
        fc.boolean(),
        fc.nat({ max: 3 }),
        fc.constantFrom('', ' ', '.', '-'),
        (body, lower, zeros, noise) => {
          const dv = computeRutCheckDigit(body);
          const typed = `${'0'.repeat(zeros)}${String(body).split('').join(noise)}${noise}${lower ? dv.toLowerCase() : dv}`;
          const formatted = formatRut(cleanRut(typed));
          expect(isValidRut(formatted)).toBe(true);
          expect(formatted.length).toBeLessThanOrEqual(RUT_MAX_INPUT_LENGTH);
          expect(cleanRut(formatted)).toBe(`${body}${dv}`);
          expect(formatted).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/);
        },
      ),
    );
  });

  it('changing the check digit of a valid RUT makes it invalid', () => {
    fc.assert(
      fc.property(validBody, fc.constantFrom(...'0123456789K'), (body, other) => {
        fc.pre(other !== computeRutCheckDigit(body));
        expect(isValidRut(formatRut(`${body}${other}`))).toBe(false);
      }),
    );
  });
});
