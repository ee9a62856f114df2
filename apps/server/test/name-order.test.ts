import { describe, expect, it } from 'vitest';
import type { ProductDoc } from '../src/modules/catalog/index-types';
import { NameOrder } from '../src/modules/catalog/name-order';

const productsNamed = (names: string[]) => names.map((name, doc) => ({ doc, name }) as unknown as ProductDoc);
const inOrder = (order: NameOrder, count: number) =>
  Array.from({ length: count }, (_, doc) => doc).sort((a, b) => order.rank[a]! - order.rank[b]!);

describe('a renamed product moves in the name order without sorting the catalogue (issue 33)', () => {
  it('takes its place between its new neighbours, first, last or among equals, as a fresh order puts it', () => {
    const products = productsNamed(['Arroz', 'Ñoquis', 'Azúcar', 'Leche', 'Harina', 'Zapallo']);
    const order = new NameOrder(products);
    expect(inOrder(order, 6)).toEqual([0, 2, 4, 3, 1, 5]);
    for (const [doc, name] of [
      [3, 'Aceite'],
      [0, 'Zanahoria'],
      [5, 'Ñandú'],
      [1, 'Harina'],
      [4, 'Ábaco'],
      [2, 'Zanahoria'],
    ] as const) {
      products[doc]!.name = name;
      order.renamed(doc);
      const names = inOrder(order, 6).map((each) => products[each]!.name);
      expect(names, name).toEqual(inOrder(new NameOrder(products), 6).map((each) => products[each]!.name));
    }
    expect(inOrder(order, 6).map((each) => products[each]!.name)).toEqual([
      'Ábaco',
      'Aceite',
      'Harina',
      'Ñandú',
      'Zanahoria',
      'Zanahoria',
    ]);
  });
});
