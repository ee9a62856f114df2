import { boolean, integer, jsonb, numeric, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import type { FixedPrice } from '@despensa/contracts';

/**
 * The pricing module owns the price table an ERP writes (VTEX's Pricing shape, in pesos) and the chain's
 * pricing settings. The offers shoppers buy at are the catalogue's (sku_offer), set from here by a flow.
 */
export const skuPrice = pgTable('sku_price', {
  skuId: integer('sku_id').primaryKey(),
  markup: numeric('markup', { mode: 'number' }),
  basePrice: numeric('base_price', { mode: 'number' }).notNull(),
  listPrice: numeric('list_price', { mode: 'number' }),
  costPrice: numeric('cost_price', { mode: 'number' }),
  fixedPrices: jsonb('fixed_prices').$type<FixedPrice[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One row (id 1): whether the chain refuses prices under cost. */
export const pricingSetting = pgTable('pricing_setting', {
  id: smallint('id').primaryKey(),
  forbidBelowCost: boolean('forbid_below_cost').notNull(),
});
