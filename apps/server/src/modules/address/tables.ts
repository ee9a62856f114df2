import { sql } from 'drizzle-orm';
import { doublePrecision, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The address module owns the address book. Ids are per customer, so two customers never collide. */
export const customerAddress = pgTable(
  'customer_address',
  {
    userId: text('user_id').notNull(),
    id: text('id').notNull(),
    addressName: text('address_name').notNull().default(''),
    receiverName: text('receiver_name').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    street: text('street').notNull(),
    number: text('number').notNull().default(''),
    neighborhood: text('neighborhood').notNull().default(''),
    complement: text('complement').notNull().default(''),
    reference: text('reference').notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    geoPrecision: text('geo_precision').notNull().default('none'),
    /** Null until confirmed with an e-mailed access key: a blocked address needs the code check. */
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.id] })],
);
