import type { Promotion } from '@despensa/domain';
import type { CategoryDoc, ProductDoc, SkuDoc } from './index-types';

/** The inclusion lists a promotion can be found by, most particular first. */
const LISTS = ['skus', 'products', 'brands', 'categories', 'collections'] as const;
export type InclusionList = (typeof LISTS)[number];

/**
 * The list that bounds what a promotion reaches: it applies only to items every non-empty inclusion list
 * names, so its first one is enough; null when it has none (it may apply to any item).
 */
export function boundingList(promotion: Promotion): InclusionList | null {
  return LISTS.find((list) => promotion.inclusions[list].length > 0) ?? null;
}

/** What the reach of a promotion is looked up in: the index's own maps. */
export interface CatalogLookups {
  products: readonly ProductDoc[];
  productsById: ReadonlyMap<number, ProductDoc>;
  skusById: ReadonlyMap<number, { sku: SkuDoc; product: ProductDoc }>;
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
      for (const product of catalog.products) {
        const own = list === 'brands' ? [product.brandId] : product.collectionIds;
        if (own.some((id) => named.has(String(id)))) add(product);
      }
    }
  }
  return [...reached];
}
