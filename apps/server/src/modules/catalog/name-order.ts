import { firstPlace } from './first-place';
import type { ProductDoc } from './index-types';

/**
 * The documents in Spanish alphabetical order of their names, for the name orders of listings. A renamed
 * product moves to its place without sorting the catalogue again: its rank becomes a number between its new
 * neighbours' (ranks are fractional for that), found by a binary search of the documents in order.
 */
export class NameOrder {
  /** Each document's place: only the order of these numbers means anything. */
  readonly rank: Float64Array;
  /** The documents in order. */
  private readonly byName: Int32Array;
  private readonly collator = new Intl.Collator('es');

  constructor(private readonly products: readonly ProductDoc[]) {
    this.byName = Int32Array.from(products, (product) => product.doc).sort((a, b) =>
      this.collator.compare(products[a]!.name, products[b]!.name),
    );
    this.rank = new Float64Array(products.length);
    this.byName.forEach((doc, place) => (this.rank[doc] = place));
  }

  /** The product's name changed: it moves between the documents its new name falls between. */
  renamed(doc: number): void {
    const { byName, rank, products } = this;
    const name = products[doc]!.name;
    // Out of the order first: the rest stay in theirs, one place apart where the document was.
    const from = byName.indexOf(doc);
    byName.copyWithin(from, from + 1);
    const others = byName.length - 1;
    const low = firstPlace(others, (at) => this.collator.compare(products[byName[at]!]!.name, name) <= 0);
    byName.copyWithin(low + 1, low, others);
    byName[low] = doc;
    const before = low > 0 ? rank[byName[low - 1]!]! : undefined;
    const after = low < others ? rank[byName[low + 1]!]! : undefined;
    rank[doc] =
      before === undefined
        ? (after ?? 0) - 1
        : after === undefined
          ? before + 1
          : before + (after - before) / 2;
  }
}
