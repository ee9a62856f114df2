import type { CategoryDoc, ProductDoc } from './index-types';

/**
 * Each document's leaf category, as a column of positions in `leafIds`: a two-letter search prefix matches
 * a fifth of the catalogue, and counting its leaves reads small typed arrays, not a map.
 */
export class LeafCategories {
  private readonly leafOf: Int32Array;
  private readonly leafIds: number[] = [];
  private readonly positions = new Map<number, number>();

  constructor(
    products: readonly ProductDoc[],
    private readonly categories: ReadonlyMap<number, CategoryDoc>,
  ) {
    this.leafOf = Int32Array.from(products, ({ categoryId }) => this.positionOf(categoryId));
  }

  /** The product moved in place to another aisle. */
  moved({ doc, categoryId }: ProductDoc): void {
    this.leafOf[doc] = this.positionOf(categoryId);
  }

  private positionOf(categoryId: number): number {
    let position = this.positions.get(categoryId);
    if (position === undefined)
      this.positions.set(categoryId, (position = this.leafIds.push(categoryId) - 1));
    return position;
  }

  /** The leaf categories most of these documents sit in, most first. */
  top(docs: ArrayLike<number>, limit: number): CategoryDoc[] {
    const counts = new Int32Array(this.leafIds.length);
    for (let i = 0; i < docs.length; i++) counts[this.leafOf[docs[i]!]!]!++;
    return this.leafIds
      .map((id, position) => ({ id, count: counts[position]! }))
      .filter(({ count }) => count > 0)
      .sort((a, b) => b.count - a.count || a.id - b.id)
      .slice(0, limit)
      .flatMap(({ id }) => this.categories.get(id) ?? []);
  }
}
