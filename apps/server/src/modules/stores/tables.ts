import { boolean, doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** Stores and their sales channels (§3 Store and store operations entry). */
export const store = pgTable('store', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  sellerId: text('seller_id').notNull(),
  salesChannel: integer('sales_channel').notNull().unique(),
  warehouseId: text('warehouse_id').notNull(),
  comunaCode: text('comuna_code').notNull(),
  comuna: text('comuna').notNull(),
  regionCode: text('region_code').notNull(),
  region: text('region').notNull(),
  address: text('address').notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  pickup: boolean('pickup').notNull(),
  car: boolean('car').notNull(),
  /** Click al Auto bays: the parking places where an order is brought to the car. */
  carBays: integer('car_bays').notNull().default(0),
  express: boolean('express').notNull().default(false),
  active: boolean('active').notNull(),
  openingHours: jsonb('opening_hours').$type<{ day: number; opens: string; closes: string }[]>().notNull(),
  deliveryTimeMinutes: integer('delivery_time_minutes'),
});
