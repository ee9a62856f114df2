import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addressDisplayLine,
  isListableAddressId,
  isListableLabel,
  sanitizeAddressText,
  shortAddressLine,
  truncate,
  truncateFirstName,
} from '../src/index';

describe('addressDisplayLine', () => {
  it('joins street and number, complement, neighborhood, city and state', () => {
    expect(
      addressDisplayLine({
        street: 'Av. Providencia',
        number: '1234',
        complement: 'Depto 501',
        neighborhood: 'Providencia',
        city: 'Santiago',
        state: 'Región Metropolitana',
      }),
    ).toBe('Av. Providencia 1234, Depto 501, Providencia, Santiago, Región Metropolitana');
  });
  it('skips empty parts', () => {
    expect(
      addressDisplayLine({
        street: 'Los Aromos',
        number: 55,
        complement: '  ',
        neighborhood: null,
        city: 'Maipú',
      }),
    ).toBe('Los Aromos 55, Maipú');
    expect(addressDisplayLine({ number: '12', city: 'Santiago' })).toBe('12, Santiago');
    expect(addressDisplayLine({})).toBe('');
  });
});

describe('shortAddressLine', () => {
  const joined = (parts: { street: string; rest: string }) => parts.street + parts.rest;
  it('keeps the number and comuna of a long street within 30 characters: the street gives way', () => {
    const line = joined(
      shortAddressLine({
        street: "Avenida Libertador Bernardo O'Higgins",
        number: '1234',
        comuna: 'Santiago',
      }),
    );
    expect(line).toBe('Avenida Libert… 1234, Santiago');
    expect(line).toHaveLength(30);
    expect(
      joined(shortAddressLine({ street: 'Av. Providencia', number: '1234', comuna: 'Providencia' })),
    ).toBe('Av. Provide… 1234, Providencia');
  });
  it('is the whole line when it fits', () => {
    expect(shortAddressLine({ street: 'Los Aromos', number: '55', comuna: 'Maipú' })).toEqual({
      street: 'Los Aromos',
      rest: ' 55, Maipú',
    });
    expect(joined(shortAddressLine({ street: 'Los Aromos', number: '', comuna: 'Maipú' }))).toBe(
      'Los Aromos, Maipú',
    );
  });
  it('cuts the comuna only when the street would no longer read, and never exceeds 30', () => {
    const line = joined(
      shortAddressLine({ street: 'Pasaje Los Aromos Altos', number: '12345-B', comuna: 'San José de Maipo' }),
    );
    expect(line).toBe('Pasaje… 12345-B, San José de…');
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60 }),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 40 }),
        (street, number, comuna) => {
          expect(joined(shortAddressLine({ street, number, comuna })).length).toBeLessThanOrEqual(30);
        },
      ),
    );
  });
});

describe('truncate', () => {
  it('leaves text of at most 30 characters alone', () => {
    const thirty = 'a'.repeat(30);
    expect(truncate(thirty)).toBe(thirty);
    expect(truncate('Los Aromos 55')).toBe('Los Aromos 55');
  });
  it('cuts longer text to 30 characters including the ellipsis', () => {
    const result = truncate('Avenida Libertador Bernardo O Higgins 1234');
    expect(result).toBe('Avenida Libertador Bernardo O…');
    expect(result).toHaveLength(30);
    expect(truncate('a'.repeat(31))).toBe(`${'a'.repeat(29)}…`);
  });
  it('ends on the ellipsis character, drops spaces before it and never splits an emoji', () => {
    expect(truncate('abcd efgh', 6)).toBe('abcd…');
    expect(truncate('ab😀cdef', 4)).toBe('ab…');
    expect(truncate('a😀cdef', 3)).toBe('a…');
    expect(truncate('abcdef', 1)).toBe('a');
  });
  it('is never longer than max and keeps short text whole', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.integer({ min: 0, max: 60 }),
        (text, max) => {
          const result = truncate(text, max);
          expect(result.length).toBeLessThanOrEqual(max);
          expect(() => encodeURIComponent(result)).not.toThrow(); // throws on a lone surrogate
          if (text.length <= max) expect(result).toBe(text);
          else if (max > 1) expect(result.endsWith('…')).toBe(true);
        },
      ),
    );
  });
});

describe('truncateFirstName', () => {
  it('keeps names of up to 12 characters and cuts longer ones', () => {
    expect(truncateFirstName(' Josefina ')).toBe('Josefina');
    expect(truncateFirstName('Maximiliano1')).toBe('Maximiliano1');
    expect(truncateFirstName('Maximiliano Andrés')).toBe('Maximiliano…');
    expect(truncateFirstName('Maximiliano Andrés')).toHaveLength(12);
  });

  it('ends on the ellipsis after a whole name, not inside the next one (issue #17)', () => {
    expect(truncateFirstName('Ana María José')).toBe('Ana María…');
    expect(truncateFirstName('María José Antonia')).toBe('María José…');
    expect(truncateFirstName('Ana   María   José')).toBe('Ana María…');
    // One long name can only be cut inside it, still with the one ellipsis character.
    expect(truncateFirstName('Maximilianoooo')).toBe('Maximiliano…');
    expect(truncateFirstName('Ana María José')).not.toContain('...');
  });
});

describe('address list filters', () => {
  it('hides ids with a comma or space', () => {
    expect(isListableAddressId('a1b2c3')).toBe(true);
    expect(isListableAddressId('a1,b2')).toBe(false);
    expect(isListableAddressId('a1 b2')).toBe(false);
    expect(isListableAddressId('')).toBe(false);
  });
  it('hides labels with an asterisk', () => {
    expect(isListableLabel('Casa')).toBe(true);
    expect(isListableLabel('*Casa')).toBe(false);
    expect(isListableLabel('Oficina*')).toBe(false);
  });
});

describe('sanitizeAddressText', () => {
  it('removes markup and control characters and collapses whitespace', () => {
    expect(sanitizeAddressText('Depto <b>501</b>')).toBe('Depto 501');
    expect(sanitizeAddressText('<script>alert(1)</script>Torre B')).toBe('alert(1) Torre B');
    expect(sanitizeAddressText('Casa\n\tazul\u0000  portón\u200B verde')).toBe('Casa azul portón verde');
    expect(sanitizeAddressText('a < b > c `d`')).toBe('a b c d');
    expect(sanitizeAddressText("Pasaje O'Higgins #12")).toBe("Pasaje O'Higgins #12");
  });
  it('caps the text at 100 characters', () => {
    expect(sanitizeAddressText('x'.repeat(150))).toHaveLength(100);
  });
  it('never leaves angle brackets or control characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const result = sanitizeAddressText(text);
        expect(result).not.toMatch(/[<>`\p{Cc}]/u);
        expect(result.length).toBeLessThanOrEqual(100);
        expect(result).toBe(result.trim());
      }),
    );
  });
});
