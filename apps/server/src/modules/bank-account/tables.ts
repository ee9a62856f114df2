import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The account a shopper's refunds go to (cancelled or short-picked orders); one per shopper. */
export const bankAccount = pgTable('bank_account', {
  userId: text('user_id').primaryKey(),
  holderName: text('holder_name').notNull(),
  /** Formatted '12.345.678-5', check digit verified. */
  holderRut: text('holder_rut').notNull(),
  bank: text('bank').notNull(),
  /** §3: CORRIENTE 1, VISTA 2, AHORRO 3. */
  accountType: integer('account_type').notNull(),
  accountNumber: text('account_number').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
