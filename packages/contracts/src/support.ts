import { z } from 'zod';
import { orderStatus } from './checkout';

/**
 * The back office's support desk (issue 30 §4): find an order (by order id or group, the customer's
 * e-mail or RUT, a day), read its timeline, refund a line through the payment it came from, resend the
 * confirmation. Amounts are CLP cents, as everywhere on the wire.
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'AAAA-MM-DD');

export const supportOrderQuery = z
  .object({
    /** An order id (`1234567890123-01`), an order group, a customer's e-mail or RUT. */
    q: z.string().trim().max(254).optional(),
    /** Orders placed that day (Santiago). */
    day: day.optional(),
  })
  .refine((query) => Boolean(query.q) || Boolean(query.day), {
    message: 'Indica un pedido, un correo, un RUT o una fecha',
    path: ['q'],
  });
export type SupportOrderQuery = z.infer<typeof supportOrderQuery>;

export const supportCustomer = z.object({
  userId: z.string(),
  email: z.string(),
  document: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type SupportCustomer = z.infer<typeof supportCustomer>;

export const supportOrderSummary = z.object({
  orderId: z.string(),
  orderGroup: z.string(),
  creationDate: z.string(),
  status: orderStatus,
  statusDescription: z.string(),
  value: z.number().int(),
  email: z.string().nullable(),
});
export type SupportOrderSummary = z.infer<typeof supportOrderSummary>;

/** What a search found: the customers it named (with their orders) and the orders. */
export const supportSearch = z.object({
  customers: z.array(supportCustomer),
  orders: z.array(supportOrderSummary),
});
export type SupportSearch = z.infer<typeof supportSearch>;

export const TIMELINE_KINDS = [
  'placed',
  'paid',
  'picking',
  'replacement',
  'edit',
  'refund',
  'delivered',
  'canceled',
  'chat',
  'mail',
] as const;

export const timelineEntry = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** What happened, in Spanish, as support reads it. */
  text: z.string(),
  /** Who did it: a staff member, the store, the customer; null for the shop itself. */
  by: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const supportOrderLine = z.object({
  index: z.number().int(),
  id: z.string(),
  name: z.string(),
  quantity: z.number(),
  /** What the line was charged. */
  amount: z.number().int(),
  /** What support gave back for it; null while it was not refunded. */
  refunded: z.number().int().nullable(),
});

export const supportOrder = supportOrderSummary.extend({
  customer: supportCustomer.nullable(),
  payment: z
    .object({
      transactionId: z.string(),
      channel: z.string(),
      value: z.number().int(),
      refunded: z.number().int(),
    })
    .nullable(),
  lines: z.array(supportOrderLine),
  /** Oldest first. */
  timeline: z.array(timelineEntry),
});
export type SupportOrder = z.infer<typeof supportOrder>;

export const supportOrderParams = z.object({ orderId: z.string().regex(/^\d{6,20}-\d{2}$/) });
export const lineRefundParams = supportOrderParams.extend({
  index: z.coerce.number().int().min(0).max(999),
});
export const lineRefundBody = z.object({
  /** Part of the line (a damaged unit); the whole line when absent. */
  amount: z.number().int().min(1).max(100_000_000).optional(),
});
