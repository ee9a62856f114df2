import { z } from 'zod';
import { STAFF_ROLES } from '@despensa/domain';
import { orderStatus } from './checkout';
import { editProduct } from './orders';

/** The staff console (/operaciones) and what the shopper sees of picking: schemas of /api/operations and /api/orders/{id}/…. */

export const staffLoginBody = z.object({
  login: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
});

export const staffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  storeId: z.string(),
  storeName: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const staffLoginAnswer = z.object({ staff: staffMember, token: z.string() });

const deliveryWindow = z.object({ startDateUtc: z.string(), endDateUtc: z.string() });

/** One order in the console's lists. */
export const pickingOrderSummary = z.object({
  orderId: z.string(),
  status: orderStatus,
  statusDescription: z.string(),
  clientName: z.string(),
  deliveryMethod: z.string(),
  deliveryWindow: deliveryWindow.nullable(),
  items: z.number().int(),
  value: z.number().int(),
  /** The window started and the order is not yet invoiced. */
  late: z.boolean(),
});
export type PickingOrderSummary = z.infer<typeof pickingOrderSummary>;

/** Orders to pick by delivery window, with counts per window and what is late. */
export const pickingBoard = z.object({
  now: z.string(),
  windows: z.array(
    deliveryWindow.extend({
      count: z.number().int(),
      late: z.number().int(),
      orders: z.array(pickingOrderSummary),
    }),
  ),
  late: z.number().int(),
});
export type PickingBoard = z.infer<typeof pickingBoard>;

export const lineState = z.enum(['pending', 'picked', 'missing', 'replaced']);
export const replacementAnswer = z.enum(['pending', 'approved', 'rejected', 'kept']);

export const replacement = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  sellingPrice: z.number().int(),
  total: z.number().int(),
  note: z.string().nullable(),
  answer: replacementAnswer,
});

export const fulfilmentLine = z.object({
  index: z.number().int(),
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  /** The aisle: the product's department, the order the picker walks. */
  aisle: z.string(),
  quantity: z.number(),
  measurementUnit: z.string(),
  unitMultiplier: z.number(),
  sellingPrice: z.number().int(),
  substituteType: z.union([z.literal(2), z.literal(6)]),
  note: z.string().nullable(),
  state: lineState,
  /** Weighed items: estimated and real weight (grams) and price. */
  weighed: z.boolean(),
  estimatedGrams: z.number().int().nullable(),
  realGrams: z.number().int().nullable(),
  estimatedTotal: z.number().int(),
  total: z.number().int(),
  replacement: replacement.nullable(),
});
export type FulfilmentLineView = z.infer<typeof fulfilmentLine>;

export const receipt = z.object({
  number: z.string(),
  issuedAt: z.string(),
  total: z.number().int(),
  refunded: z.number().int(),
});

/** An order as it is picked (console and shopper). */
export const fulfilment = z.object({
  orderId: z.string(),
  status: orderStatus,
  statusDescription: z.string(),
  deliveryMethod: z.string(),
  deliveryWindow: deliveryWindow.nullable(),
  clientName: z.string(),
  /** Authorised at checkout. */
  authorised: z.number().int(),
  /** The final order total (what the receipt says). */
  total: z.number().int(),
  /** The rise above the authorised amount the store absorbed (the stated cap rule). */
  capped: z.number().int(),
  refunded: z.number().int(),
  lines: z.array(fulfilmentLine),
  receipt: receipt.nullable(),
  /** Click al Auto: when the shopper said 'llegué'. */
  arrivedAt: z.string().nullable(),
});
export type Fulfilment = z.infer<typeof fulfilment>;

export const weighBody = z.object({ grams: z.number().int().min(1).max(100_000) });
export const replacementBody = z.object({
  skuId: z.string().regex(/^\d{1,20}$/),
  quantity: z.number().int().min(1).max(35),
  note: z.string().trim().max(300).optional(),
});
export const replacementAnswerBody = z.object({ approve: z.boolean() });
/** The picker's search for a replacement (as the shopper's order edit searches: 2 to 80 characters). */
export const replacementOptionsQuery = z.object({ q: z.string().trim().min(2).max(80) });
/** What may replace a line: the store's products in stock, at the price a proposal takes (cents). */
export const replacementOptions = z.object({ products: z.array(editProduct) });
export type ReplacementOptions = z.infer<typeof replacementOptions>;

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  orderId: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

// ---- chat ----

export const chatMessage = z.object({
  id: z.number().int(),
  orderId: z.string(),
  author: z.enum(['shopper', 'store']),
  authorName: z.string(),
  text: z.string(),
  sentAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatAnswer = z.object({
  messages: z.array(chatMessage),
  /** Messages from the other side not yet read by the asker (§4 'Tienes N mensaje(s) pendiente'). */
  unread: z.number().int(),
});
export type ChatAnswer = z.infer<typeof chatAnswer>;

/** §3 chat notification for the main header: pending store messages, the purchase and where to open it. */
export const chatNotification = z.object({
  count: z.number().int(),
  purchaseId: z.string().nullable(),
  /** The purchase page's chat (`/mis-compras/{id}#chat`), null when nothing is pending. */
  action: z.string().nullable(),
});
export type ChatNotification = z.infer<typeof chatNotification>;

export const chatBody = z.object({ text: z.string().max(1000) });

// ---- real time ----

/** What the server pushes (server-sent events, `event:` is the type). */
export type RealtimeEventType = 'status' | 'line' | 'chat' | 'order';
export interface RealtimeEvent {
  id: number;
  type: RealtimeEventType;
  orderId: string;
  data: unknown;
}

/** What an operator does to an order from the console (one audited action each). */
export type OperatorAction =
  | { type: 'start-handling' | 'invoice' | 'hand-over' }
  | { type: 'pick' | 'missing'; index: number }
  | { type: 'weigh'; index: number; grams: number }
  | { type: 'propose'; index: number; skuId: string; quantity: number; note?: string | undefined };

/**
 * The console's services for the web's loaders and actions (/operaciones). `token` is the raw staff token
 * of the despensa_staff cookie; a missing or ended one rejects with notStaff, another store's order with
 * orderNotFound.
 */
export interface OperationsWebService {
  session(token: string | undefined): Promise<StaffMember | null>;
  /** `clientAddress` feeds the per-address attempt limit (tooManyRequests). */
  login(
    login: string,
    password: string,
    clientAddress: string,
  ): Promise<{ staff: StaffMember; token: string }>;
  logout(token: string | undefined): Promise<void>;
  board(token: string | undefined): Promise<PickingBoard>;
  order(token: string | undefined, orderId: string): Promise<Fulfilment>;
  act(token: string | undefined, orderId: string, action: OperatorAction): Promise<Fulfilment>;
  /** The console's replacement search for one line; a term under 2 characters finds nothing. */
  replacementOptions(
    token: string | undefined,
    orderId: string,
    index: number,
    query: string,
  ): Promise<ReplacementOptions>;
  chat(token: string | undefined, orderId: string): Promise<ChatAnswer>;
  say(token: string | undefined, orderId: string, text: string): Promise<ChatMessage>;
}
