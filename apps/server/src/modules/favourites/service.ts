import { and, desc, eq } from 'drizzle-orm';
import { Failure } from '@despensa/contracts';
import type { Database } from '../../db/client';
import type { CatalogService } from '../catalog/service';
import { favouriteProduct } from './tables';

/** The skus a shopper hearted ('Favoritos'), newest first. */
export class FavouritesService {
  constructor(
    private readonly database: Database,
    private readonly catalog: CatalogService,
    private readonly clock: () => Date,
  ) {}

  async list(userId: string): Promise<string[]> {
    const rows = await this.database.db
      .select({ skuId: favouriteProduct.skuId })
      .from(favouriteProduct)
      .where(eq(favouriteProduct.userId, userId))
      .orderBy(desc(favouriteProduct.createdAt), favouriteProduct.skuId);
    return rows.map((row) => row.skuId);
  }

  /** Hearting twice keeps one heart; a sku the catalogue does not have is productNotFound. */
  async add(userId: string, skuId: string): Promise<string[]> {
    if (!/^\d{1,12}$/.test(skuId) || !this.catalog.index.skusById.has(Number(skuId)))
      throw new Failure('productNotFound');
    await this.database.db
      .insert(favouriteProduct)
      .values({ userId, skuId, createdAt: this.clock() })
      .onConflictDoNothing();
    return this.list(userId);
  }

  /** A sku the shopper had not hearted is notFound. */
  async remove(userId: string, skuId: string): Promise<string[]> {
    const removed = await this.database.db
      .delete(favouriteProduct)
      .where(and(eq(favouriteProduct.userId, userId), eq(favouriteProduct.skuId, skuId)))
      .returning({ skuId: favouriteProduct.skuId });
    if (removed.length === 0) throw new Failure('notFound');
    return this.list(userId);
  }
}
