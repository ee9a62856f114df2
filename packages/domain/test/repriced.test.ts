import { describe, expect, it } from 'vitest';
import { repricedLines, type CartPriceLine } from '../src/index';

const line = (id: string, price: number, available = true): CartPriceLine => ({
  id,
  name: `Producto ${id}`,
  imageUrl: `/img/${id}.svg`,
  price,
  available,
});

describe('re-priced lines on a channel change (§4, issue #17)', () => {
  it('names each line the new channel sells at another price, with both prices', () => {
    const before = [line('leche', 143100), line('pan', 99000), line('queso', 450000)];
    const after = [line('leche', 151100), line('pan', 99000), line('queso', 0, false)];
    expect(repricedLines(before, after)).toEqual([
      { id: 'leche', name: 'Producto leche', imageUrl: '/img/leche.svg', oldPrice: 143100, newPrice: 151100 },
    ]);
  });
  it('leaves out lines that were not sold before, are lost now, or were added', () => {
    expect(repricedLines([line('a', 100, false)], [line('a', 200)])).toEqual([]);
    expect(repricedLines([line('a', 100)], [line('a', 200, false)])).toEqual([]);
    expect(repricedLines([], [line('b', 200)])).toEqual([]);
  });
});
