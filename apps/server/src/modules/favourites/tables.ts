import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A sku a shopper hearted (a card's or product page's heart). */
export const favouriteProduct = pgTable(
  'favourite_product',
  {
    userId: text('user_id').notNull(),
    skuId: text('sku_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skuId] }),
    index('favourite_product_user_idx').on(t.userId, t.createdAt),
  ],
);
