import type { Database } from '../../db/client';
import type { PromotionsService } from '../promotions/service';
import { CatalogDocs } from './catalog-docs';
import { CatalogIndex } from './catalog-index';
import {
  chainOfferBatches,
  loadCatalogRows,
  marketplaceOfferBatches,
  productBatches,
  productDetailBatches,
} from './repo';

/**
 * A new index from the database, every big table through cursors built in as its batches come (only a
 * batch or two of rows is held at a time): the products with their skus, then the offers beside the page
 * texts.
 */
export async function loadIndex(
  database: Database,
  promotions: PromotionsService,
  clock: () => Date,
): Promise<CatalogIndex> {
  const [rows, live] = await Promise.all([loadCatalogRows(database), promotions.all()]);
  const docs = new CatalogDocs(rows.categories, rows.brands);
  for await (const batch of productBatches(database)) docs.add(batch);
  const index = new CatalogIndex(docs, { ...rows, promotions: live }, clock);
  // The page texts are read beside the offers: two cursors keep PostgreSQL busy while this process packs.
  const offers = (async () => {
    for await (const batch of chainOfferBatches(database)) index.addChainOffers(batch);
    for await (const batch of marketplaceOfferBatches(database)) index.addOffers(batch);
  })();
  const details = (async () => {
    for await (const batch of productDetailBatches(database)) index.addDetails(batch);
  })();
  await Promise.all([offers, details]);
  return index;
}
