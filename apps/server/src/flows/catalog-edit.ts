import type {
  AuditActor,
  CatalogBrandBody,
  CatalogCategoryBody,
  CatalogBrandCreateBody,
  CatalogCategoryCreateBody,
  CatalogProductBody,
  CatalogProductCreateBody,
  CatalogSkuBody,
  CatalogSkuCreateBody,
  CatalogSpecificationBody,
  CatalogCollectionCreateBody,
  CatalogCollectionSku,
} from '@despensa/contracts';
import type { Tx } from '../db/client';
import type { AuditService } from '../modules/audit/service';
import type { CatalogService } from '../modules/catalog/service';
import { defineFlow } from './flow';

export interface CatalogEditModules {
  catalog: CatalogService;
  audit: AuditService;
}

/**
 * PUT /api/catalog/pvt/{product,stockkeepingunit,brand,category}/{id} (and the back office's product and SKU
 * forms): the record's fields and the audit row (`{kind}.put` unless named, subject `{kind}:{id}`), in ONE
 * transaction.
 */
function editRecordFlow<Id extends string, Body, Record>(
  { audit }: CatalogEditModules,
  kind: 'product' | 'sku' | 'brand' | 'category',
  idKey: Id,
  update: (id: number, body: Body, tx: Tx) => Promise<{ before: Record; after: Record }>,
  { name = `edit-${kind}`, action = `${kind}.put` } = {},
) {
  return defineFlow<{ actor: AuditActor; body: Body } & { [key in Id]: number }, Record>(
    name,
    async (input, { tx, step }) => {
      const id = input[idKey];
      const { before, after } = await step('update', () => update(id, input.body, tx));
      await step('audit', () =>
        audit.record(tx, {
          actor: input.actor,
          action,
          subject: `${kind}:${id}`,
          before,
          after,
        }),
      );
      return after;
    },
  );
}

export const editProductFlow = (modules: CatalogEditModules) =>
  editRecordFlow(modules, 'product', 'productId', (id, body: CatalogProductBody, tx) =>
    modules.catalog.updateProduct(id, body, tx),
  );

export const editSkuFlow = (modules: CatalogEditModules) =>
  editRecordFlow(modules, 'sku', 'skuId', (id, body: CatalogSkuBody, tx) =>
    modules.catalog.updateSku(id, body, tx),
  );

/** VTEX's SKU file API: the SKU's one picture set from the chain's media server, or back to the drawing. */
export const skuPictureFlow = (modules: CatalogEditModules) =>
  editRecordFlow(
    modules,
    'sku',
    'skuId',
    (id, body: { url: string | null }, tx) => modules.catalog.records.setSkuPicture(id, body.url, tx),
    { name: 'set-sku-picture' },
  );

export const editBrandFlow = (modules: CatalogEditModules) =>
  editRecordFlow(modules, 'brand', 'brandId', (id, body: CatalogBrandBody, tx) =>
    modules.catalog.records.updateBrand(id, body, tx),
  );

/** A category's name and address (CatalogRecords.updateCategory says what follows it). */
export const editCategoryFlow = (modules: CatalogEditModules) =>
  editRecordFlow(modules, 'category', 'categoryId', (id, body: CatalogCategoryBody, tx) =>
    modules.catalog.records.updateCategory(id, body, tx),
  );

/**
 * POST /api/catalog/pvt/{brand,category,product,stockkeepingunit,collection}: the new record and its audit row
 * (`{kind}.create`, subject `{kind}:{Id}`), in ONE transaction.
 */
function createRecordFlow<Body, Created extends { Id: number }>(
  { audit }: CatalogEditModules,
  kind: 'brand' | 'category' | 'product' | 'sku' | 'collection',
  create: (body: Body, tx: Tx) => Promise<Created>,
) {
  return defineFlow<{ actor: AuditActor; body: Body }, Created>(
    `create-${kind}`,
    async ({ actor, body }, { tx, step }) => {
      const after = await step('insert', () => create(body, tx));
      await step('audit', () =>
        audit.record(tx, {
          actor,
          action: `${kind}.create`,
          subject: `${kind}:${after.Id}`,
          before: null,
          after,
        }),
      );
      return after;
    },
  );
}

export const createBrandFlow = (modules: CatalogEditModules) =>
  createRecordFlow(modules, 'brand', (body: CatalogBrandCreateBody, tx) =>
    modules.catalog.records.createBrand(body, tx),
  );

/** A category of the menu (CatalogRecords.createCategory says where one may go). */
export const createCategoryFlow = (modules: CatalogEditModules) =>
  createRecordFlow(modules, 'category', (body: CatalogCategoryCreateBody, tx) =>
    modules.catalog.records.createCategory(body, tx),
  );

export const createProductFlow = (modules: CatalogEditModules) =>
  createRecordFlow(modules, 'product', (body: CatalogProductCreateBody, tx) =>
    modules.catalog.records.createProduct(body, tx),
  );

export const createSkuFlow = (modules: CatalogEditModules) =>
  createRecordFlow(modules, 'sku', (body: CatalogSkuCreateBody, tx) =>
    modules.catalog.records.createSku(body, tx),
  );

export const createCollectionFlow = (modules: CatalogEditModules) =>
  createRecordFlow(modules, 'collection', (body: CatalogCollectionCreateBody, tx) =>
    modules.catalog.records.createCollection(body, tx),
  );

/**
 * POST /api/catalog/pvt/collection/{id}/stockkeepingunit (`member`) and its DELETE: the SKU's product in or
 * out of the collection, audited (collection.addSku, collection.removeSku) when it changed.
 */
export function collectionMemberFlow({ catalog, audit }: CatalogEditModules, member: boolean) {
  return defineFlow<{ actor: AuditActor; collectionId: number; skuId: number }, CatalogCollectionSku>(
    member ? 'add-collection-sku' : 'remove-collection-sku',
    async ({ actor, collectionId, skuId }, { tx, step }) => {
      const { before, membership } = await step('setMember', () =>
        catalog.records.setCollectionMember(collectionId, skuId, member, tx),
      );
      if (before !== member)
        await step('audit', () =>
          audit.record(tx, {
            actor,
            action: member ? 'collection.addSku' : 'collection.removeSku',
            subject: `collection:${collectionId}`,
            before: { ...membership, member: before },
            after: { ...membership, member },
          }),
        );
      return membership;
    },
  );
}

/** POST /api/catalog_system/pvt/products/{productId}/specification: the named fields and the audit row. */
export const editSpecificationsFlow = (modules: CatalogEditModules) =>
  editRecordFlow(
    modules,
    'product',
    'productId',
    (id, body: CatalogSpecificationBody, tx) => modules.catalog.records.setSpecifications(id, body, tx),
    { name: 'edit-specifications', action: 'product.specification' },
  );

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
