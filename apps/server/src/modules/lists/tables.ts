import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** When the current schedule was set: its runs count from here (domain currentListRun). */
    scheduleSince: timestamp('schedule_since', { withTimezone: true }),
  },
  (t) => [index('shopping_list_user_idx').on(t.userId, t.createdIn)],
);

export type ListRunStatus = 'built' | 'skipped' | 'due' | 'placed' | 'edited' | 'failed';

/**
 * One delivery of a scheduled list: 'built' (the basket cart exists, its window is held, the shopper was
 * told), 'skipped' (by the shopper, or paused before the cut-off), 'due' (the cut-off passed with the
 * basket still wanted: being placed), then 'placed' (the order paid with the one-click card), 'edited'
 * (the shopper changed the basket: theirs to place) or 'failed' (nothing charged; the shopper was told why).
 */
export const listRun = pgTable(
  'list_run',
  {
    listId: text('list_id').notNull(),
    deliveryDate: text('delivery_date').notNull(),
    userId: text('user_id').notNull(),
    status: text('status').$type<ListRunStatus>().notNull(),
    orderFormId: text('order_form_id'),
    /** The basket as built (sku id → quantity): a basket that differs at the cut-off was edited. */
    basket: jsonb('basket').$type<Record<string, number>>(),
    /** The window held for the delivery (its start), when one had room. */
    windowStart: timestamp('window_start', { withTimezone: true }),
    /** The order group placed at the cut-off. */
    orderGroup: text('order_group'),
    /** Why the run failed (a failure code; the shopper was told its text). */
    failure: text('failure'),
    cutOffAt: timestamp('cut_off_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.deliveryDate] }),
    index('list_run_due_idx').on(t.status, t.cutOffAt),
  ],
);
