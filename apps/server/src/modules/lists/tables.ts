import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** §3 a shopper's shopping list, with its §4 recurring schedule. */
export const shoppingList = pgTable(
  'shopping_list',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    name: text('name').notNull(),
    /** Sku id → quantity. */
    skus: jsonb('skus').$type<Record<string, number>>().notNull(),
    type: text('type').$type<'client'>().notNull().default('client'),
    createdIn: timestamp('created_in', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** §4: 0 unscheduled, 1 scheduled, 2 paused. */
    scheduleStatus: integer('schedule_status').notNull().default(0),
    /** Every 1–4 weeks. */
    scheduleFrequency: integer('schedule_frequency').notNull().default(1),
    /** 1 Monday … 7 Sunday. */
    scheduleDeliveryDay: integer('schedule_delivery_day').notNull().default(1),
  },
  (t) => [index('shopping_list_user_idx').on(t.userId, t.createdIn)],
);
