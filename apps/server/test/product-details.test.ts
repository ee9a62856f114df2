import fs from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ProductDetailStore } from '../src/modules/catalog/product-details';

/** A product's page texts as repo's productDetailBatches packs them. */
const packed = (description: string, specifications: Record<string, string> = {}) =>
  JSON.stringify([description, 'Leche entera', null, specifications, null]);

const ownFiles = () =>
  fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`despensa-details-${process.pid}-`));

describe('product page texts kept outside the process', () => {
  it('reads back every product, from the file and from what is not written yet', () => {
    const documents = 3000;
    const store = new ProductDetailStore(documents);
    // 3,000 texts of about 4 KB each: more than one block, so most are read back from the file.
    const text = (doc: number) => `Descripción ${doc} — ñandú ${'á'.repeat(2000)}`;
    for (let doc = 0; doc < documents; doc++) store.set(doc, packed(text(doc), { Origen: `Chile ${doc}` }));
    for (const doc of [0, 1, 1500, 2998, 2999]) {
      const details = store.get(doc);
      expect(details.description).toBe(text(doc));
      expect(details.ingredients).toBe('Leche entera');
      expect(details.specifications).toEqual({ Origen: `Chile ${doc}` });
    }
  });

  it('keeps a text larger than a block whole, and the latest text of a product set twice', () => {
    const store = new ProductDetailStore(3);
    const long = 'x'.repeat(9 * 1024 * 1024);
    store.set(0, packed('primera'));
    store.set(1, packed(long));
    store.set(0, packed('segunda'));
    expect(store.get(1).description).toBe(long);
    expect(store.get(0).description).toBe('segunda');
  });

  it('answers a product with no texts as empty, and leaves no file behind', () => {
    const store = new ProductDetailStore(2);
    store.set(0, packed('con texto'));
    expect(store.get(1)).toEqual({
      description: '',
      ingredients: null,
      nutrition: null,
      specifications: {},
      recipe: null,
    });
    // The file is unlinked as soon as it is open: a crash leaves nothing on disk.
    expect(ownFiles()).toEqual([]);
  });
});
