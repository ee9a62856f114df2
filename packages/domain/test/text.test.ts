import { describe, it, expect } from 'vitest';
import { isBlankTerm, normalizeText, slugify } from '../src/index';

describe('normalizeText', () => {
  it('removes accents, lowercases, trims and collapses whitespace', () => {
    expect(normalizeText('  Ñandú   Café\tCon\nLeche ')).toBe('nandu cafe con leche');
    expect(normalizeText('ÁÉÍÓÚ üÜ')).toBe('aeiou uu');
    expect(normalizeText('Lácteos')).toBe('lacteos');
  });
  it('keeps non-accent punctuation', () => {
    expect(normalizeText("O'Higgins 123")).toBe("o'higgins 123");
  });
});

describe('slugify', () => {
  it('turns non-alphanumerics into single dashes without leading or trailing dashes', () => {
    expect(slugify('Lácteos & Quesos')).toBe('lacteos-quesos');
    expect(slugify('  ¡Frutas y Verduras!  ')).toBe('frutas-y-verduras');
    expect(slugify('Región Metropolitana de Santiago')).toBe('region-metropolitana-de-santiago');
    expect(slugify('---')).toBe('');
  });
});

describe('isBlankTerm', () => {
  it('detects empty and whitespace-only terms', () => {
    expect(isBlankTerm('')).toBe(true);
    expect(isBlankTerm('   \t\n')).toBe(true);
    expect(isBlankTerm(null)).toBe(true);
    expect(isBlankTerm(undefined)).toBe(true);
    expect(isBlankTerm(' leche ')).toBe(false);
  });
});
