import { bigserial, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * §1 analytics and tag events and the performance monitor's web vitals: one row per event, as the browser
 * batched them. Columns a kind of event does not use stay null.
 */
export const analyticsEvent = pgTable(
  'analytics_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    type: text('type').notNull(),
    pageType: text('page_type').notNull(),
    path: text('path').notNull(),
    /** mobile, tablet or desktop, from the user agent. */
    device: text('device').notNull(),
    /** Null without consent. */
    visitorId: text('visitor_id'),
    sessionId: text('session_id'),
    appVersion: text('app_version'),
    /** Searches: the normalised term (accents removed, lowercased) and how many products it found. */
    term: text('term'),
    results: integer('results'),
    productId: text('product_id'),
    skuId: text('sku_id'),
    quantity: doublePrecision('quantity'),
    step: text('step'),
    orderId: text('order_id'),
    /** §7: the order-placed page's visitor e-mail. */
    email: text('email'),
    /** Web vitals: LCP, INP, CLS or TTFB and the measure; purchases: the value in cents. */
    name: text('name'),
    value: doublePrecision('value'),
  },
  (table) => [index('analytics_event_type_time').on(table.type, table.occurredAt)],
);
