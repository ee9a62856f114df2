import { describe, expect, it } from 'vitest';
import { TextIndex } from '../src/modules/catalog/text-index';

const names = [
  'Leche Entera Praderas del Sur 1 L',
  'Leche Descremada Lechería El Alerce 1 L',
  'Leche Chocolate Despensa 1 L',
  'Yoghurt Griego Miel Despensa 900 g',
  'Lentejas Despensa 1 kg',
];

function indexOf(texts: string[]): TextIndex {
  const index = new TextIndex();
  texts.forEach((text, doc) => index.add(doc, [{ text, weight: 2 }]));
  index.freeze();
  return index;
}

const sorted = (docs: Int32Array) => [...docs].sort((a, b) => a - b);

describe('text index searches one after another (typed buffers reused between them)', () => {
  it('matches every word, then answers the next search with nothing left of the last one', () => {
    const index = indexOf(names);
    expect(sorted(index.search('leche despensa').docs)).toEqual([2]);
    // A wider search right after: the first one's marks and scores are gone.
    const leche = index.search('leche');
    expect(sorted(leche.docs)).toEqual([0, 1, 2]);
    expect(leche.scores[3]).toBe(0);
    expect(leche.scores[4]).toBe(0);
    const scoreOfChocolate = leche.scores[2]!;
    // The same search again scores alike (nothing accumulated from the searches before).
    expect(index.search('leche').scores[2]).toBe(scoreOfChocolate);
    expect(sorted(index.search('despensa').docs)).toEqual([2, 3, 4]);
    expect(index.search('queso').docs).toHaveLength(0);
  });

  it('ranks a word in the name above the same word only in a category (weights kept in quarters)', () => {
    const index = new TextIndex();
    index.add(0, [
      { text: 'Galletas de Avena', weight: 3 },
      { text: 'Cereales', weight: 1.5 },
    ]);
    index.add(1, [
      { text: 'Barra de Frutos Secos', weight: 3 },
      { text: 'Avena y Cereales', weight: 1.5 },
    ]);
    index.freeze();
    const { docs, scores } = index.search('avena');
    expect(sorted(docs)).toEqual([0, 1]);
    // 3 against 1.5: the bonus of a name's first word does not apply ('avena' is its third).
    expect(scores[0]! / scores[1]!).toBeCloseTo(3 / 1.5, 10);
  });

  it('takes the last word as a prefix as the shopper types, and keeps only documents with every word', () => {
    const index = indexOf(names);
    expect(sorted(index.search('le', { prefix: true }).docs)).toEqual([0, 1, 2, 4]);
    expect(sorted(index.search('despensa le', { prefix: true }).docs)).toEqual([2, 4]);
    expect(index.search('le').docs).toHaveLength(0);
  });
});

describe("a typed word's best matches, read best first (issue 33: autocomplete at 500,000 products)", () => {
  // Ties of score go to the lower rank: here the last document first.
  const rank = Int32Array.from([4, 3, 2, 1, 0]);

  function rankedIndex(): TextIndex {
    const index = new TextIndex();
    names.forEach((text, doc) => index.add(doc, [{ text, weight: 2 }]));
    index.freeze(rank);
    return index;
  }

  it("visits a prefix's documents once each, by score and then rank, as search() scores them", () => {
    const index = rankedIndex();
    const visited: number[] = [];
    expect(index.visitBest('le', { prefix: true }, (doc) => (visited.push(doc), true))).toBe(true);
    // 'lentejas' and 'lechería' are rarer words than 'leche' (one document each against three): they score
    // higher, the name's first word (a bonus) highest. The other two milks tie and go by rank. The second
    // milk, under both 'leche' and 'lechería', is visited once.
    expect(visited).toEqual([4, 1, 2, 0]);
    const { docs, scores } = index.search('le', { prefix: true });
    expect(visited).toEqual([...docs].sort((a, b) => scores[b]! - scores[a]! || rank[a]! - rank[b]!));
  });

  it('merges the forty postings of a two-letter prefix as search() orders its matches', () => {
    // Words sharing a beginning, in names of one to three of them, over 400 documents ranked at random.
    const words = Array.from(
      { length: 45 },
      (_, i) => `ma${String.fromCharCode(97 + (i % 26))}${'nrst'[i % 4]}o${i}`,
    );
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const texts = Array.from({ length: 400 }, () =>
      Array.from(
        { length: 1 + Math.floor(random() * 3) },
        () => words[Math.floor(random() * words.length)],
      ).join(' '),
    );
    const order = Int32Array.from(texts.keys()).sort(() => random() - 0.5);
    const ranks = new Int32Array(texts.length);
    order.forEach((doc, place) => (ranks[doc] = place));
    const index = new TextIndex();
    texts.forEach((text, doc) => index.add(doc, [{ text, weight: 2 }]));
    index.freeze(ranks);
    const visited: number[] = [];
    index.visitBest('ma', { prefix: true }, (doc) => (visited.push(doc), true));
    const { docs, scores } = index.search('ma', { prefix: true });
    expect(visited).toHaveLength(docs.length);
    expect(visited).toEqual([...docs].sort((a, b) => scores[b]! - scores[a]! || ranks[a]! - ranks[b]!));
  });

  it('stops when told, and leaves a query of several words to search()', () => {
    const index = rankedIndex();
    const visited: number[] = [];
    index.visitBest('le', { prefix: true }, (doc) => visited.push(doc) < 2);
    expect(visited).toEqual([4, 1]);
    expect(index.visitBest('leche despensa', { prefix: true }, () => true)).toBe(false);
    // A search between two visits changes neither.
    expect(sorted(index.search('despensa').docs)).toEqual([2, 3, 4]);
    const again: number[] = [];
    index.visitBest('leche', { prefix: false }, (doc) => (again.push(doc), true));
    expect(again).toEqual([2, 1, 0]);
  });
});

describe('a renamed document reindexed in place (issue 33: a new name without rebuilding the catalogue)', () => {
  const renamed = [...names];
  renamed[2] = 'Bebida Chocolate Despensa 1 L';
  renamed[4] = 'Garbanzos Despensa 1 kg';
  const fields = (text: string) => [{ text, weight: 2 }];
  const visitAll = (index: TextIndex, query: string) => {
    const docs: number[] = [];
    index.visitBest(query, { prefix: true }, (doc) => docs.push(doc) > 0);
    return docs;
  };

  it('searches, scores, completes and visits as an index built with the new names does', () => {
    const patched = indexOf(names);
    patched.reindex(2, fields(names[2]!), fields(renamed[2]!));
    patched.reindex(4, fields(names[4]!), fields(renamed[4]!));
    const built = indexOf(renamed);
    for (const query of ['leche', 'bebida', 'chocolate', 'despensa', 'garbanzos', 'le', 'de']) {
      const [a, b] = [patched.search(query, { prefix: true }), built.search(query, { prefix: true })];
      expect(sorted(a.docs), query).toEqual(sorted(b.docs));
      expect(
        [...a.docs].map((doc) => a.scores[doc]),
        query,
      ).toEqual([...b.docs].map((doc) => b.scores[doc]));
      expect(visitAll(patched, query), query).toEqual(visitAll(built, query));
    }
    expect(sorted(patched.search('leche').docs)).toEqual([0, 1]);
    expect(patched.completions('beb', 5)).toEqual(['bebida']);
    // No document says 'lentejas' any more: it is neither completed nor corrected to.
    expect(patched.completions('lent', 5)).toEqual([]);
    expect(patched.search('lentejs').docs).toHaveLength(0);
    expect(patched.completions('lech', 5)).toEqual(built.completions('lech', 5));
  });
});
