import type {
  AuditActor,
  CatalogBrand,
  CatalogBrandCreateBody,
  CatalogCategory,
  CatalogCategoryCreateBody,
  CatalogProduct,
  CatalogProductBody,
  CatalogProductCreateBody,
  CatalogSku,
  CatalogSkuBody,
  CatalogSkuCreateBody,
} from '@despensa/contracts';
import type { AuditService } from '../modules/audit/service';
import type { CatalogService } from '../modules/catalog/service';
import { defineFlow } from './flow';

export interface CatalogEditModules {
  catalog: CatalogService;
  audit: AuditService;
}

/** PUT /api/catalog/pvt/product/{productId}: the product's fields and the audit row, in ONE transaction. */
export function editProductFlow({ catalog, audit }: CatalogEditModules) {
  return defineFlow<{ actor: AuditActor; productId: number; body: CatalogProductBody }, CatalogProduct>(
    'edit-product',
    async ({ actor, productId, body }, { tx, step }) => {
      const { before, after } = await step('updateProduct', () => catalog.updateProduct(productId, body, tx));
      await step('audit', () =>
        audit.record(tx, { actor, action: 'product.put', subject: `product:${productId}`, before, after }),
      );
      return after;
    },
  );
}

/** POST /api/catalog/pvt/brand: the new brand and the audit row, in ONE transaction. */
export function createBrandFlow({ catalog, audit }: CatalogEditModules) {
  return defineFlow<{ actor: AuditActor; body: CatalogBrandCreateBody }, CatalogBrand>(
    'create-brand',
    async ({ actor, body }, { tx, step }) => {
      const after = await step('insertBrand', () => catalog.records.createBrand(body, tx));
      await step('audit', () =>
        audit.record(tx, {
          actor,
          action: 'brand.create',
          subject: `brand:${after.Id}`,
          before: null,
          after,
        }),
      );
      return after;
    },
  );
}

/** POST /api/catalog/pvt/category: the new category of the menu and the audit row, in ONE transaction. */
export function createCategoryFlow({ catalog, audit }: CatalogEditModules) {
  return defineFlow<{ actor: AuditActor; body: CatalogCategoryCreateBody }, CatalogCategory>(
    'create-category',
    async ({ actor, body }, { tx, step }) => {
      const after = await step('insertCategory', () => catalog.records.createCategory(body, tx));
      await step('audit', () =>
        audit.record(tx, {
          actor,
          action: 'category.create',
          subject: `category:${after.Id}`,
          before: null,
          after,
        }),
      );
      return after;
    },
  );
}

/** POST /api/catalog/pvt/product: the new product and the audit row, in ONE transaction. */
export function createProductFlow({ catalog, audit }: CatalogEditModules) {
  return defineFlow<{ actor: AuditActor; body: CatalogProductCreateBody }, CatalogProduct>(
    'create-product',
    async ({ actor, body }, { tx, step }) => {
      const after = await step('insertProduct', () => catalog.records.createProduct(body, tx));
      await step('audit', () =>
        audit.record(tx, {
          actor,
          action: 'product.create',
          subject: `product:${after.Id}`,
          before: null,
          after,
        }),
      );
      return after;
    },
  );
}

/** POST /api/catalog/pvt/stockkeepingunit: the new SKU and the audit row, in ONE transaction. */
export function createSkuFlow({ catalog, audit }: CatalogEditModules) {
  return defineFlow<{ actor: AuditActor; body: CatalogSkuCreateBody }, CatalogSku>(
    'create-sku',
    async ({ actor, body }, { tx, step }) => {
      const after = await step('insertSku', () => catalog.records.createSku(body, tx));
      await step('audit', () =>
        audit.record(tx, { actor, action: 'sku.create', subject: `sku:${after.Id}`, before: null, after }),
      );
      return after;
    },
  );
}

/** PUT /api/catalog/pvt/stockkeepingunit/{skuId}: the SKU's fields and the audit row, in ONE transaction. */
export function editSkuFlow({ catalog, audit }: CatalogEditModules) {
  return defineFlow<{ actor: AuditActor; skuId: number; body: CatalogSkuBody }, CatalogSku>(
    'edit-sku',
    async ({ actor, skuId, body }, { tx, step }) => {
      const { before, after } = await step('updateSku', () => catalog.updateSku(skuId, body, tx));
      await step('audit', () =>
        audit.record(tx, { actor, action: 'sku.put', subject: `sku:${skuId}`, before, after }),
      );
      return after;
    },
  );
}

/** The back office's popular searches: the list replaced and the audit row, in ONE transaction. */
export function setPopularSearchesFlow({ catalog, audit }: CatalogEditModules) {
  return defineFlow<{ actor: AuditActor; terms: string[] }, string[]>(
    'set-popular-searches',
    async ({ actor, terms }, { tx, step }) => {
      const { before, after } = await step('replace', () => catalog.setPopularSearches(terms, tx));
      await step('audit', () =>
        audit.record(tx, { actor, action: 'popularSearches.set', subject: 'popularSearches', before, after }),
      );
      return after;
    },
  );
}
