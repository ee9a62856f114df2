import type { CategoryNode } from '@despensa/contracts';
import type { CategoryDoc } from './index-types';
import type { CategoryRow } from './repo';
import { withoutSortedDoc, withSortedDoc } from './sorted-docs';

/** The catalogue's categories as a tree: by id, by path, the top level in menu order, and each leaf's chain. */
export class CategoryTree {
  readonly byId = new Map<number, CategoryDoc>();
  readonly byPath = new Map<string, CategoryDoc>();
  readonly top: CategoryDoc[] = [];
  /** A leaf's chain (top, sub, leaf), one array for all its products. */
  private readonly chains = new Map<number, CategoryDoc[]>();
  private shown: CategoryNode[] | null = null;
  /** Each category's documents as they are added, typed once the tree is sealed. */
  private adding = new Map<CategoryDoc, number[]>();

  constructor(rows: readonly CategoryRow[]) {
    for (const row of rows) {
      const category: CategoryDoc = { ...row, children: [], docs: new Int32Array(0) };
      this.byId.set(row.id, category);
      this.byPath.set(row.path, category);
    }
    for (const category of [...this.byId.values()].sort(byMenuOrder)) {
      const parent = category.parentId === null ? undefined : this.byId.get(category.parentId);
      if (parent) parent.children.push(category);
      else this.top.push(category);
    }
  }

  /** A document in these categories (its chain). */
  addDoc(chain: readonly CategoryDoc[], doc: number): void {
    for (const category of chain) {
      const docs = this.adding.get(category);
      if (docs) docs.push(doc);
      else this.adding.set(category, [doc]);
    }
  }

  /** Every document added: each category's list becomes typed (half the memory, and off the collected heap). */
  seal(): void {
    for (const [category, docs] of this.adding) category.docs = Int32Array.from(docs);
    this.adding = new Map();
  }

  /** After seal: a product moved in place from one aisle to another (each chain, top to leaf). */
  moveDoc(doc: number, from: readonly CategoryDoc[], to: readonly CategoryDoc[]): void {
    for (const category of from)
      if (!to.includes(category)) category.docs = withoutSortedDoc(category.docs, doc);
    for (const category of to)
      if (!from.includes(category)) category.docs = withSortedDoc(category.docs, doc);
  }

  /**
   * The tree as the API and the pages show it, built once (a category write builds a new index, and tree)
   * rather than on every page that shows a trail; frozen, since every caller shares it.
   */
  nodes(): CategoryNode[] {
    this.shown ??= Object.freeze(this.top.map(shownNode)) as CategoryNode[];
    return this.shown;
  }

  chainOf(categoryId: number): CategoryDoc[] {
    const known = this.chains.get(categoryId);
    if (known) return known;
    const chain: CategoryDoc[] = [];
    for (let category = this.byId.get(categoryId); category;) {
      chain.unshift(category);
      category = category.parentId === null ? undefined : this.byId.get(category.parentId);
    }
    this.chains.set(categoryId, chain);
    return chain;
  }
}

function byMenuOrder(a: CategoryDoc, b: CategoryDoc): number {
  return (a.fixedPosition ?? 99) - (b.fixedPosition ?? 99) || a.name.localeCompare(b.name, 'es');
}

function shownNode(category: CategoryDoc): CategoryNode {
  return Object.freeze({
    id: category.id,
    name: category.name,
    slug: category.slug,
    url: category.path,
    icon: category.icon,
    fixedPosition: category.fixedPosition,
    children: Object.freeze(category.children.map(shownNode)) as CategoryNode[],
  });
}
