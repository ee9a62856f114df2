import { eq, sql } from 'drizzle-orm';
import {
  Failure,
  type CatalogCollection,
  type CatalogCollectionCreateBody,
  type CatalogCollectionSku,
} from '@despensa/contracts';
import type { Db, Tx } from '../../db/client';
import { changeInPlace } from './integration-writes';
import { newId } from './pvt-records';
import { collection, product, sku } from './tables';

/**
 * Collections as an ERP keeps them through VTEX's Catalog pvt API. Membership is the product's
 * `collection_ids`: a write to it names the product to every instance (changeInPlace), which moves it onto
 * the collection's shelf or off it in place; a new collection goes through migration 0001's trigger, and
 * every instance rebuilds.
 */
export async function collectionRecord(tx: Db | Tx, collectionId: number): Promise<CatalogCollection> {
  const [row] = await tx
    .select({
      Id: collection.id,
      Name: collection.name,
      TotalProducts: sql<number>`(SELECT count(*)::int FROM ${product} WHERE ${collection.id} = ANY(${product.collectionIds}))`,
    })
    .from(collection)
    .where(eq(collection.id, collectionId));
  if (!row) throw new Failure('collectionNotFound');
  return row;
}

export async function createCollection(
  tx: Tx,
  body: CatalogCollectionCreateBody,
): Promise<CatalogCollection> {
  const id = await newId(tx, collection, body.Id);
  const [row] = await tx.insert(collection).values({ id, name: body.Name }).onConflictDoNothing().returning();
  if (!row) throw new Failure('catalogIdTaken', { field: 'Id' });
  return { Id: row.id, Name: row.name, TotalProducts: 0 };
}

/**
 * Puts the SKU's product in the collection (`member`) or takes it out; answers whether it was in before.
 * collectionNotFound, skuNotFound.
 */
export async function setCollectionMember(
  tx: Tx,
  collectionId: number,
  skuId: number,
  member: boolean,
): Promise<{ before: boolean; membership: CatalogCollectionSku }> {
  const [found] = await tx
    .select({ id: collection.id })
    .from(collection)
    .where(eq(collection.id, collectionId));
  if (!found) throw new Failure('collectionNotFound');
  const [row] = await tx
    .select({ productId: product.id, collectionIds: product.collectionIds })
    .from(sku)
    .innerJoin(product, eq(product.id, sku.productId))
    .where(eq(sku.id, skuId))
    .for('update', { of: product });
  if (!row) throw new Failure('skuNotFound', { field: 'SkuId' });
  const before = row.collectionIds.includes(collectionId);
  if (before !== member) {
    // Every instance moves the product onto the shelf or off it in place (CatalogIndex.patchProducts).
    await changeInPlace(tx, 'products', [row.productId]);
    const others = row.collectionIds.filter((id) => id !== collectionId);
    await tx
      .update(product)
      .set({ collectionIds: member ? [...others, collectionId] : others })
      .where(eq(product.id, row.productId));
  }
  return { before, membership: { CollectionId: collectionId, SkuId: skuId, ProductId: row.productId } };
}
