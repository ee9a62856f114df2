import { describe, it, expect } from 'vitest';
import { centsFromPesos, formatCLP, formatDecimal, formatPesos, roundToWholePesos } from '../src/index';

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

describe('es-CL numbers without Intl', () => {
  // Pseudo-random but fixed, so a failure names the same value on every run.
  const values: number[] = [0, 1, 7, 999, 1000, 1290, 9999, 10000, 123456, 1234567, 987654321, 2 ** 40];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 400; i++) values.push(Math.floor(next() * 10 ** (1 + (i % 9))));
  for (let i = 0; i < 400; i++) values.push(Number((next() * 10 ** (i % 6)).toFixed(1 + (i % 5))));
  values.push(0.5, 1.5, 2.5, 1.0005, 1.2345, 0.0004, 0.0005, 4.25, 4.35, 1.005, 8.675, 999.9995);

  it('prints every number as Intl es-CL does, for 0 to 3 decimals', () => {
    for (const digits of [0, 1, 2, 3]) {
      const intl = new Intl.NumberFormat('es-CL', { maximumFractionDigits: digits });
      for (const value of values) {
        expect(formatDecimal(value, digits), `${value} with ${digits} decimals`).toBe(intl.format(value));
        // Intl prints '-0' for a negative that rounds to zero; a shopper reads '0'.
        const negative = intl.format(-value);
        expect(formatDecimal(-value, digits), `${-value} with ${digits} decimals`).toBe(
          negative === '-0' ? '0' : negative,
        );
      }
    }
  });
  it('pads to the minimum decimals as Intl does', () => {
    const intl = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
    for (const value of values) expect(formatDecimal(value, 1, 1), String(value)).toBe(intl.format(value));
  });
  it("prints pesos as Intl's CLP currency does, with the minus before the symbol", () => {
    const intl = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP' });
    for (const value of values.filter(Number.isInteger)) {
      expect(formatPesos(value), String(value)).toBe(intl.format(value));
      if (value > 0) expect(formatPesos(-value)).toBe(`-${intl.format(value)}`);
    }
  });
});
