import { describe, it, expect } from 'vitest';
import {
  GIFT_CARD_ERRORS,
  GIFT_CARD_NUMBER_MESSAGE,
  GIFT_CARD_PASSWORD_MESSAGE,
  GIFT_CARD_SUCCESS_CODE,
  giftCardCanPay,
  isGiftCardErrorCode,
  isValidGiftCardNumber,
  isValidGiftCardPassword,
  isValidOrderFormId,
} from '../src/index';

describe('gift card', () => {
  it('has the §5 messages', () => {
    expect(GIFT_CARD_NUMBER_MESSAGE).toBe('Ingresa 16 dígitos');
    expect(GIFT_CARD_PASSWORD_MESSAGE).toBe('Ingresa 4 dígitos');
    expect(GIFT_CARD_SUCCESS_CODE).toBe('200-0');
  });
  it('needs exactly 16 digits for the number', () => {
    expect(isValidGiftCardNumber('1234567890123456')).toBe(true);
    expect(isValidGiftCardNumber('123456789012345')).toBe(false);
    expect(isValidGiftCardNumber('12345678901234567')).toBe(false);
    expect(isValidGiftCardNumber('1234 5678 9012 3456')).toBe(false);
    expect(isValidGiftCardNumber('123456789012345a')).toBe(false);
  });
  it('needs exactly 4 digits for the password', () => {
    expect(isValidGiftCardPassword('0123')).toBe(true);
    expect(isValidGiftCardPassword('123')).toBe(false);
    expect(isValidGiftCardPassword('12345')).toBe(false);
    expect(isValidGiftCardPassword('12a4')).toBe(false);
  });
  it('can pay only when the balance is at least the total', () => {
    expect(giftCardCanPay(100000, 100000)).toBe(true);
    expect(giftCardCanPay(100001, 100000)).toBe(true);
    expect(giftCardCanPay(99999, 100000)).toBe(false);
  });
  it('knows every §8 code', () => {
    expect(Object.keys(GIFT_CARD_ERRORS)).toEqual([
      'E001',
      'E002',
      'E003',
      'E005',
      'E006',
      'E011',
      'E012',
      'E013',
      'E014',
      'E015',
      'E016',
      'E027',
      'E030',
      'E075',
    ]);
    expect(GIFT_CARD_ERRORS.E001).toBe('Sin saldo');
    expect(GIFT_CARD_ERRORS.E014).toBe('Clave incorrecta');
    expect(isGiftCardErrorCode('E013')).toBe(true);
    expect(isGiftCardErrorCode('E004')).toBe(false);
    expect(isGiftCardErrorCode('toString')).toBe(false);
  });
});

describe('isValidOrderFormId', () => {
  it('is valid only when longer than 15 characters', () => {
    expect(isValidOrderFormId('a'.repeat(15))).toBe(false);
    expect(isValidOrderFormId('a'.repeat(16))).toBe(true);
    expect(isValidOrderFormId('')).toBe(false);
    expect(isValidOrderFormId(null)).toBe(false);
    expect(isValidOrderFormId(undefined)).toBe(false);
  });
});
