import { describe, expect, it } from 'vitest';
import { DocLookup, hashId, hashText } from '../src/modules/catalog/doc-tables';

type Doc = { id: number; slug: string };

function lookups(docs: Doc[]) {
  const byId = new DocLookup(
    (at) => docs[at]!,
    (at) => docs[at]!.id,
    hashId,
  );
  const bySlug = new DocLookup(
    (at) => docs[at]!,
    (at) => docs[at]!.slug,
    hashText,
  );
  docs.forEach((_, at) => {
    byId.add(at);
    bySlug.add(at);
  });
  return { byId, bySlug };
}

describe('documents by id and by slug without a Map entry each (issue 33: ≤ 1 GB at 500,000 products)', () => {
  it('finds every document as it grows past its first places, and misses what it does not hold', () => {
    // Ids with gaps and one far above the rest, as a catalogue's are after deletions and an ERP's import.
    const docs = Array.from({ length: 5_000 }, (_, at) => ({ id: at * 3 + 1, slug: `producto-${at}` }));
    docs.push({ id: 2_000_000_000, slug: 'leche-entera-1-l' });
    const { byId, bySlug } = lookups(docs);
    expect(byId.size).toBe(5_001);
    expect(bySlug.size).toBe(5_001);
    for (const doc of docs) {
      expect(byId.get(doc.id)).toBe(doc);
      expect(bySlug.get(doc.slug)).toBe(doc);
    }
    for (const absent of [0, 2, 15_001, -1, 1.5, Number.NaN, 2_000_000_001])
      expect([byId.get(absent), byId.has(absent)]).toEqual([undefined, false]);
    for (const absent of ['', 'producto-5000', 'Producto-1', 'leche-entera-1-l '])
      expect([bySlug.get(absent), bySlug.has(absent)]).toEqual([undefined, false]);
  });

  it('tells apart keys that land on the same place', () => {
    const docs = [{ id: 7, slug: 'a' }];
    const { byId } = lookups(docs);
    // Every id whose spread value shares the first place's low bits probes past it and misses.
    const sharing = Array.from({ length: 1 << 16 }, (_, id) => id).filter(
      (id) => id !== 7 && (hashId(id) & 1023) === (hashId(7) & 1023),
    );
    expect(sharing.length).toBeGreaterThan(0);
    for (const id of sharing) expect(byId.get(id)).toBeUndefined();
    expect(byId.get(7)).toBe(docs[0]);
  });
});
