import { boundingList, type Promotion } from '@despensa/domain';
import type { Lookup } from './doc-tables';
import type { CategoryDoc, ProductDoc, SkuEntry } from './index-types';

/** What the reach of a promotion is looked up in: the index's own maps. */
export interface CatalogLookups {
  products: readonly ProductDoc[];
  productsById: Lookup<number, ProductDoc>;
  skusById: Lookup<number, SkuEntry>;
  categories: ReadonlyMap<number, CategoryDoc>;
}

/** The promotions added, removed or changed from `before` to `after`, each version that differs. */
export function changedPromotions(before: readonly Promotion[], after: readonly Promotion[]): Promotion[] {
  const old = new Map(before.map((promotion) => [promotion.id, promotion]));
  const changed: Promotion[] = [];
  for (const promotion of after) {
    const was = old.get(promotion.id);
    old.delete(promotion.id);
    if (!was) changed.push(promotion);
    else if (JSON.stringify(was) !== JSON.stringify(promotion)) changed.push(was, promotion);
  }
  return [...changed, ...old.values()];
}

/**
 * The products whose card prices these promotions can change, or null for any product: what each one's
 * bounding list names (a superset: an id that names nothing costs a card worked out again, never a stale
 * price).
 */
export function productsReachedBy(
  promotions: readonly Promotion[],
  catalog: CatalogLookups,
): ProductDoc[] | null {
  const reached = new Set<ProductDoc>();
  for (const promotion of promotions) {
    const list = boundingList(promotion);
    if (list === null) return null;
    const ids = promotion.inclusions[list];
    const add = (product: ProductDoc | undefined) => product && reached.add(product);
    if (list === 'skus') for (const id of ids) add(catalog.skusById.get(Number(id))?.product);
    else if (list === 'products') for (const id of ids) add(catalog.productsById.get(Number(id)));
    else if (list === 'categories')
      for (const id of ids)
        for (const doc of catalog.categories.get(Number(id))?.docs ?? []) add(catalog.products[doc]);
    else {
      const named = new Set(ids);
      const names = (product: ProductDoc) =>
        list === 'brands'
          ? named.has(String(product.brandId))
          : product.collectionIds.some((id) => named.has(String(id)));
      for (const product of catalog.products) if (names(product)) add(product);
    }
  }
  return [...reached];
}
