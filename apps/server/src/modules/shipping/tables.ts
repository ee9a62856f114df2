import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { LngLat } from '@despensa/domain';

/**
 * The shipping module owns these tables: where each sales channel delivers (coverage and exclusion
 * zones), each store's delivery windows with their capacity, the carts holding a window, and the
 * geolocation lookups an order later logs against (§7).
 */
export const coverageZone = pgTable('coverage_zone', {
  id: text('id').primaryKey(),
  /** 'delivery' (where the channel delivers) or 'exclusion' (cut out of coverage, §3 coverageState). */
  kind: text('kind').$type<'delivery' | 'exclusion'>().notNull(),
  /** The channel the zone serves or cuts; null on an exclusion zone cuts every channel. */
  salesChannel: integer('sales_channel'),
  name: text('name').notNull(),
  /** GeoJSON Polygon rings of [lng, lat]. */
  rings: jsonb('rings').$type<LngLat[][]>().notNull(),
});

/** A store's two-hour window; `reserved` never exceeds `capacity` (the check and a conditional UPDATE). */
export const deliveryWindow = pgTable(
  'delivery_window',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storeId: text('store_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    reserved: integer('reserved').notNull().default(0),
    /** Closed by the store (the back office): not offered to shoppers; what it holds stays. */
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [
    unique('delivery_window_store_start').on(t.storeId, t.startsAt),
    check('delivery_window_capacity', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.capacity}`),
  ],
);

/**
 * The window a cart holds: one per cart, so re-reserving moves it. A hold lasts until `expires_at` (null:
 * kept for an order); an expired hold counts as free at once, and the sweep job gives its place back to
 * the window's `reserved` count and marks it `released`. The row stays so the cart can be told its
 * window expired.
 */
export const windowReservation = pgTable(
  'window_reservation',
  {
    orderFormId: text('order_form_id').primaryKey(),
    windowId: bigint('window_id', { mode: 'number' })
      .notNull()
      .references(() => deliveryWindow.id, { onDelete: 'cascade' }),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    released: boolean('released').notNull().default(false),
  },
  (t) => [
    index('window_reservation_window_idx').on(t.windowId),
    index('window_reservation_expiry_idx')
      .on(t.expiresAt)
      .where(sql`NOT ${t.released}`),
  ],
);

/** GET /api/store/geolocation hands out a uuid; POST /api/store/geolocation/log ties it to an order. */
export const geolocationLookup = pgTable('geolocation_lookup', {
  uuid: text('uuid').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  salesChannel: integer('sales_channel'),
  coverageState: text('coverage_state').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  orderId: text('order_id'),
  loggedAt: timestamp('logged_at', { withTimezone: true }),
});
