import { z } from 'zod';
import { zonedDateTime } from './common';
import {
  CANCEL_REASON_IDS,
  ORDERS_PAGE_SIZE,
  PHONE_INVALID_MESSAGE,
  cleanContactPhone,
} from '@despensa/domain';
import { order, orderStatus } from './checkout';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Usa una fecha AAAA-MM-DD');

/**
 * §7 GET /api/checkout/pub/orders/?page= with filters (VTEX OMS user orders). Paging starts at page 1;
 * `scope` current (the last CURRENT_ORDERS_DAYS, /mis-compras) or old (/mis-compras-antiguas).
 */
/** Comma-separated statuses (VTEX's f_status). */
const statusFilter = z
  .string()
  .max(200)
  .transform((text, ctx) => {
    const statuses = text.split(',').filter(Boolean);
    for (const status of statuses) {
      if (!orderStatus.safeParse(status).success) {
        ctx.addIssue({ code: 'custom', message: `Estado desconocido: ${status}` });
        return z.NEVER;
      }
    }
    return statuses as z.infer<typeof orderStatus>[];
  });

export const orderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(ORDERS_PAGE_SIZE),
  scope: z.enum(['current', 'old']).default('current'),
  f_status: statusFilter.optional(),
  /** Placed on or after this day / on or before this day (Santiago time). */
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

/**
 * GET /api/oms/pvt/orders (VTEX OMS, an app key with `orders-read`): every customer's orders, newest first,
 * by status and by VTEX's `f_creationDate=creationDate:[{from} TO {to}]` (instants, both included).
 */
export const omsOrderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
  f_status: statusFilter.optional(),
  f_creationDate: z
    .string()
    .regex(
      /^creationDate:\[\d{4}-\d\d-\d\dT[\d:.]+Z TO \d{4}-\d\d-\d\dT[\d:.]+Z\]$/,
      'creationDate:[AAAA-MM-DDThh:mm:ss.sssZ TO AAAA-MM-DDThh:mm:ss.sssZ]',
    )
    .transform((text, ctx) => {
      const [from, to] = text
        .slice('creationDate:['.length, -1)
        .split(' TO ')
        .map((at) => new Date(at));
      if (Number.isNaN(from!.getTime()) || Number.isNaN(to!.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Fecha no válida' });
        return z.NEVER;
      }
      return { from: from!, to: to! };
    })
    .optional(),
});
export type OmsOrderListQuery = z.infer<typeof omsOrderListQuery>;

/** One row of the purchases list (VTEX OMS list item, the fields the shop has). */
export const orderListItem = z.object({
  orderId: z.string(),
  orderGroup: z.string(),
  creationDate: z.string(),
  totalValue: z.number().int(),
  totalItems: z.number().int(),
  status: orderStatus,
  statusDescription: z.string(),
  selectedSla: z.string().nullable(),
  ShippingEstimatedDate: z.string().nullable(),
  ShippingEstimatedDateMax: z.string().nullable(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const orderList = z.object({
  list: z.array(orderListItem),
  paging: z.object({
    total: z.number().int(),
    pages: z.number().int(),
    currentPage: z.number().int(),
    perPage: z.number().int(),
  }),
});
export type OrderList = z.infer<typeof orderList>;

/** GET /api/orders/last: the last order's lines, for §4 repeat last order. */
export const lastOrderItems = z.object({
  orderId: z.string(),
  items: z.array(z.object({ id: z.string(), quantity: z.number(), seller: z.string(), name: z.string() })),
});
export type LastOrderItems = z.infer<typeof lastOrderItems>;

/** §7 POST /api/order/reschedule/{id}. */
export const rescheduleBody = z.object({
  startDateUtc: zonedDateTime,
  endDateUtc: zonedDateTime,
});
export type RescheduleBody = z.infer<typeof rescheduleBody>;

/** §7 POST /api/order/cancel/{id}: phone, comment, and one of the §7 reasons. */
export const cancelBody = z.object({
  phone: z
    .string()
    .max(30)
    .transform((text, ctx) => {
      const clean = cleanContactPhone(text);
      if (clean === null) {
        ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE });
        return z.NEVER;
      }
      return clean;
    }),
  comment: z.string().trim().max(500).default(''),
  reason: z.enum(CANCEL_REASON_IDS),
});
export type CancelBody = z.infer<typeof cancelBody>;

/** POST /api/order/edit/{id}: lines to add or change (quantity 0 removes), by sku. */
export const editOrderBody = z.object({
  items: z
    .array(z.object({ id: z.string().regex(/^\d{1,12}$/), quantity: z.number().min(0).max(35) }))
    .min(1)
    .max(40),
});
export type EditOrderBody = z.infer<typeof editOrderBody>;

/** GET /api/order/edit/{id}/products?q=: what the shopper may add to an order they edit. */
export const editProductsQuery = z.object({ q: z.string().trim().min(2).max(80) });
export type EditProductsQuery = z.infer<typeof editProductsQuery>;

/** A product the order's store sells now, at the price a line added to the order takes (cents). */
export const editProduct = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  price: z.number().int(),
  measurementUnit: z.string(),
  unitMultiplier: z.number(),
});
export const editProducts = z.object({ products: z.array(editProduct) });
export type EditProducts = z.infer<typeof editProducts>;

/** What an edit did: the order, how its total moved, and what went back through its payment. */
export const editOrderAnswer = z.object({
  order,
  difference: z.number().int(),
  /** What the saved one-click card was charged for a higher total. */
  charged: z.number().int(),
  refunded: z.number().int(),
});
export type EditOrderAnswer = z.infer<typeof editOrderAnswer>;
