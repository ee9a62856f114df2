import { describe, expect, it } from 'vitest';
import { maskDocument, maskEmail, maskName, maskPhone } from '../src';

describe('masking a cart owner’s personal data', () => {
  it('keeps an e-mail’s initial and domain', () => {
    expect(maskEmail('cliente10000001@example.cl')).toBe('c***@example.cl');
    expect(maskEmail('not-an-email')).toBe('*****');
  });
  it('keeps a RUT’s last three digits and check digit', () => {
    expect(maskDocument('12.345.678-5')).toBe('*****678-5');
    expect(maskDocument('9.876.543-K')).toBe('*****543-K');
  });
  it('keeps a phone’s last four digits', () => {
    expect(maskPhone('+56912345678')).toBe('*****5678');
    expect(maskPhone('+56 9 1234-5678')).toBe('*****5678');
  });
  it('keeps a name’s initial', () => {
    expect(maskName(' María')).toBe('M***');
    expect(maskName('')).toBe('');
  });
});
