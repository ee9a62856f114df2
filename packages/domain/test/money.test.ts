import { describe, it, expect } from 'vitest';
import { centsFromPesos, formatCLP, roundToWholePesos } from '../src/index';

describe('formatCLP', () => {
  it('divides cents by 100 and formats es-CL', () => {
    expect(formatCLP(129000)).toBe('$1.290');
    expect(formatCLP(0)).toBe('$0');
    expect(formatCLP(50000)).toBe('$500');
    expect(formatCLP(123456700)).toBe('$1.234.567');
  });
  it('rounds to whole pesos, half away from zero', () => {
    expect(formatCLP(129049)).toBe('$1.290');
    expect(formatCLP(129050)).toBe('$1.291');
  });
  it('puts the minus sign before the symbol and never prints -0', () => {
    expect(formatCLP(-50000)).toBe('-$500');
    expect(formatCLP(-40)).toBe('$0');
  });
});

describe('cents and pesos', () => {
  it('converts pesos to integer cents', () => {
    expect(centsFromPesos(1290)).toBe(129000);
    expect(centsFromPesos(12.345)).toBe(1235);
    expect(centsFromPesos(0.1 + 0.2)).toBe(30);
  });
  it('rounds cents to whole pesos', () => {
    expect(roundToWholePesos(129049)).toBe(129000);
    expect(roundToWholePesos(129050)).toBe(129100);
    expect(roundToWholePesos(-150)).toBe(-200);
    expect(Object.is(roundToWholePesos(-40), 0)).toBe(true);
  });
});
