import { describe, expect, it } from 'vitest';
import { contentForSeller, isShownToSeller } from '../src/index';

describe('§6 seller rules of content items', () => {
  it('shows an item without a rule to every seller, an included one only to its list, an excluded one to the rest', () => {
    expect(isShownToSeller(undefined, '2')).toBe(true);
    expect(isShownToSeller({ include: ['1'] }, '1')).toBe(true);
    expect(isShownToSeller({ include: ['1'] }, '2')).toBe(false);
    expect(isShownToSeller({ exclude: ['2'] }, '1')).toBe(true);
    expect(isShownToSeller({ exclude: ['2'] }, '2')).toBe(false);
    expect(isShownToSeller({ include: ['1', '2'], exclude: ['2'] }, '2')).toBe(false);
  });

  it('drops the items a seller is left out of at any depth of a document', () => {
    const home = {
      title: 'Inicio',
      sections: [
        { type: 'banner', title: 'Solo en Despensa', sellers: { include: ['1'] } },
        { type: 'banner', title: 'Para todos' },
        {
          type: 'carousel',
          items: [
            { title: 'Vinos', sellers: { exclude: ['1'] } },
            { title: 'Mascotas', sellers: { include: ['1', '2'] } },
          ],
        },
      ],
    };
    expect(contentForSeller(home, '2')).toEqual({
      title: 'Inicio',
      sections: [
        { type: 'banner', title: 'Para todos' },
        {
          type: 'carousel',
          items: [
            { title: 'Vinos', sellers: { exclude: ['1'] } },
            { title: 'Mascotas', sellers: { include: ['1', '2'] } },
          ],
        },
      ],
    });
    expect(contentForSeller(home, '1').sections.map((section) => section.title)).toEqual([
      'Solo en Despensa',
      'Para todos',
      undefined,
    ]);
    expect(contentForSeller(home, '1').sections[2]!.items!.map((item) => item.title)).toEqual(['Mascotas']);
    // The stored document is not changed.
    expect(home.sections).toHaveLength(3);
  });
});
