import type { Promotion } from '@despensa/domain';
import type { CategoryDoc, ProductDoc, SkuDoc } from './index-types';

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
 * The products whose card prices these promotions can change, or null for any product. A promotion
 * applies only to what each of its non-empty inclusion lists names, so its first one bounds its reach (a
 * superset: an id that names nothing costs a product's card worked out again, never a stale price).
 */
export function productsReachedBy(
  promotions: readonly Promotion[],
  catalog: CatalogLookups,
): ProductDoc[] | null {
  const reached = new Set<ProductDoc>();
  for (const { inclusions } of promotions) {
    const add = (product: ProductDoc | undefined) => product && reached.add(product);
    if (inclusions.skus.length > 0)
      for (const id of inclusions.skus) add(catalog.skusById.get(Number(id))?.product);
    else if (inclusions.products.length > 0)
      for (const id of inclusions.products) add(catalog.productsById.get(Number(id)));
    else if (inclusions.categories.length > 0)
      for (const id of inclusions.categories)
        for (const doc of catalog.categories.get(Number(id))?.docs ?? []) add(catalog.products[doc]);
    else if (inclusions.brands.length > 0) {
      const brands = new Set(inclusions.brands);
      for (const product of catalog.products) if (brands.has(String(product.brandId))) add(product);
    } else if (inclusions.collections.length > 0) {
      const collections = new Set(inclusions.collections);
      for (const product of catalog.products)
        if (product.collectionIds.some((id) => collections.has(String(id)))) add(product);
    } else return null;
  }
  return [...reached];
}
