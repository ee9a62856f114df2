import { describe, it, expect } from 'vitest';
import {
  EMAIL_INVALID_MESSAGE,
  cleanContactPhone,
  isValidEmail,
  isValidPhone,
  isValidShortPhone,
} from '../src/index';

describe('isValidPhone', () => {
  it('accepts an optional plus and 9 to 11 digits', () => {
    expect(isValidPhone('912345678')).toBe(true);
    expect(isValidPhone('+56912345678')).toBe(true);
    expect(isValidPhone('56912345678')).toBe(true);
    expect(isValidPhone('+912345678')).toBe(true);
  });
  it('rejects 8 or 12 digits, spaces and other characters', () => {
    expect(isValidPhone('12345678')).toBe(false);
    expect(isValidPhone('123456789012')).toBe(false);
    expect(isValidPhone('+569 1234 5678')).toBe(false);
    expect(isValidPhone('++56912345678')).toBe(false);
    expect(isValidPhone('9123a5678')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });
});

describe('isValidShortPhone', () => {
  it('accepts 8 to 10 digits only', () => {
    expect(isValidShortPhone('12345678')).toBe(true);
    expect(isValidShortPhone('1234567890')).toBe(true);
    expect(isValidShortPhone('1234567')).toBe(false);
    expect(isValidShortPhone('12345678901')).toBe(false);
    expect(isValidShortPhone('+12345678')).toBe(false);
  });
});

describe('isValidEmail', () => {
  it('has the §8 message', () => {
    expect(EMAIL_INVALID_MESSAGE).toBe('Mail inválido');
  });
  it('accepts ordinary addresses', () => {
    for (const email of [
      'ana@despensa.cl',
      'ana.maria+ofertas@mail.despensa.cl',
      "o'higgins@correo.com",
      'A_B-1@x-y.io',
    ]) {
      expect(isValidEmail(email), email).toBe(true);
    }
  });
  it('rejects accented letters', () => {
    expect(isValidEmail('josé@despensa.cl')).toBe(false);
    expect(isValidEmail('ana@ñandú.cl')).toBe(false);
    expect(isValidEmail('maría@correo.com')).toBe(false);
  });
  it('rejects malformed addresses', () => {
    for (const email of [
      '',
      'ana',
      'ana@',
      '@despensa.cl',
      'ana@despensa',
      'ana@@despensa.cl',
      'ana @despensa.cl',
      '.ana@despensa.cl',
      'ana..maria@despensa.cl',
      'ana@-despensa.cl',
      'ana@despensa.c',
    ]) {
      expect(isValidEmail(email), email).toBe(false);
    }
  });
});

describe('cleanContactPhone', () => {
  it('ignores spaces and dashes, then takes a phone (9–11 digits) or a short phone (8–10)', () => {
    expect(cleanContactPhone('+56 9 1234-5678')).toBe('+56912345678');
    expect(cleanContactPhone('2 2345 6789')).toBe('223456789');
    expect(cleanContactPhone('1234-567')).toBeNull();
    expect(cleanContactPhone('+56 9 1234 5678 9')).toBeNull();
  });
});
