import { roundToWholePesos } from '../money';
import { lineAmount, type AmountLine } from '../pricing/amounts';

/**
 * After the purchase (§1 orders, §4 repeat last order, §7 Orders): which order may still change, and how.
 * Pure rules; the orders module and the web pages both read them.
 */

/** §7 cancellation reasons, as the cancel dialog offers them. */
export const CANCEL_REASONS = [
  { id: 'offerNotHonoured', label: 'No se respetó la oferta' },
  { id: 'lackOfStock', label: 'Falta de stock' },
  { id: 'wrongDeliveryType', label: 'Tipo de entrega equivocado' },
  { id: 'wrongAddress', label: 'Dirección equivocada' },
  { id: 'wrongProducts', label: 'Productos equivocados' },
  { id: 'doubleCharge', label: 'Cobro duplicado' },
  { id: 'preferNotToSay', label: 'Prefiero no decirlo' },
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number]['id'];
export const CANCEL_REASON_IDS = CANCEL_REASONS.map((reason) => reason.id) as [
  CancelReason,
  ...CancelReason[],
];

/**
 * Purchases placed in the last 90 days are current (/mis-compras); older ones are old
 * (/mis-compras-antiguas). Not in the spec: the shop's stated split.
 */
export const CURRENT_ORDERS_DAYS = 90;
export const ORDERS_PAGE_SIZE = 10;

/** Purchases placed from this instant on are current at `now`; earlier ones are old. */
export function currentOrdersSince(now: Date): Date {
  return new Date(now.getTime() - CURRENT_ORDERS_DAYS * 24 * 3600_000);
}

/** Paid and not yet picked: the statuses in which the shopper may still cancel, reschedule or edit. */
const BEFORE_PICKING = new Set(['payment-approved', 'ready-for-handling']);

/** §7 cancel: while the order has not started to be picked (VTEX's window to cancel); never once invoiced. */
export function canCancel(status: string): boolean {
  return BEFORE_PICKING.has(status);
}

/** Reschedule: before picking starts, and only an order with a window (express has none). */
export function canReschedule(status: string, hasWindow: boolean): boolean {
  return hasWindow && BEFORE_PICKING.has(status);
}

/**
 * Editing an order (add, remove, change quantities) closes 3 hours before its window starts: the store
 * plans picking from then on (Ocado and Tesco close edits the evening before; a stated rule of this shop).
 */
export const ORDER_EDIT_CUTOFF_MS = 3 * 3600_000;

/** Whether the order may still be edited at `now`; express (no window) is picked at once and never is. */
export function canEditOrder(status: string, windowStart: Date | null, now: Date): boolean {
  if (!BEFORE_PICKING.has(status) || !windowStart) return false;
  return windowStart.getTime() - now.getTime() >= ORDER_EDIT_CUTOFF_MS;
}

/** When edits close for a window starting at `windowStart`. */
export function editCutoff(windowStart: Date): Date {
  return new Date(windowStart.getTime() - ORDER_EDIT_CUTOFF_MS);
}

/**
 * What a bought line costs at another quantity: its paid unit price (promotions kept pro rata), in
 * whole pesos. The server's edit and the edit form's live total both price with it.
 */
export function editedLineCost(line: AmountLine, quantity: number): number {
  if (line.quantity === 0) return 0;
  return roundToWholePesos((lineAmount(line) * quantity) / line.quantity);
}

/**
 * How an edit's change of total is settled through the payment the order was paid with (a stated rule of
 * this shop). A saved one-click card is charged a rise at once (Oneclick needs no shopper); a card paid on
 * Webpay's page cannot be charged without the shopper, so a rise is refused (orderEditRaisesTotal). A
 * lower total goes back to the card in part. The wallet and a gift card give money back only whole and
 * never charge without the shopper, so an order they paid (a gift card's part included) keeps its total:
 * a lower total is refunded only from the card beside a gift card (orderEditTotalFixed beyond it).
 */
export type EditSettlement =
  | { kind: 'none' }
  | { kind: 'charge'; amount: number }
  | { kind: 'refund'; amount: number }
  | { kind: 'refused'; failure: 'orderEditRaisesTotal' | 'orderEditTotalFixed' };

export function editSettlement(
  paid: {
    channel: 'webpayRedirect' | 'oneclick' | 'wallet' | 'giftCard';
    /** What a card (redirect or one-click) paid and was not refunded yet. */
    cardLeft: number;
  },
  difference: number,
): EditSettlement {
  if (difference === 0) return { kind: 'none' };
  const card = paid.channel === 'webpayRedirect' || paid.channel === 'oneclick';
  if (difference > 0) {
    if (paid.channel === 'oneclick') return { kind: 'charge', amount: difference };
    return { kind: 'refused', failure: card ? 'orderEditRaisesTotal' : 'orderEditTotalFixed' };
  }
  if (card && -difference <= paid.cardLeft) return { kind: 'refund', amount: -difference };
  return { kind: 'refused', failure: 'orderEditTotalFixed' };
}

export interface RepeatLine {
  id: string;
  quantity: number;
}

/**
 * §4 repeat last order: an identical cart does nothing, an empty cart gets the items, any other cart asks
 * the shopper to merge ('Mezclar') or start a new order ('Nuevo pedido').
 */
export function repeatOrderChoice(cart: RepeatLine[], lastOrder: RepeatLine[]): 'nothing' | 'add' | 'ask' {
  if (cart.length === 0) return 'add';
  const totals = (lines: RepeatLine[]) => {
    const byId = new Map<string, number>();
    for (const line of lines) byId.set(line.id, (byId.get(line.id) ?? 0) + line.quantity);
    return byId;
  };
  const mine = totals(cart);
  const theirs = totals(lastOrder);
  const identical =
    mine.size === theirs.size && [...mine].every(([id, quantity]) => theirs.get(id) === quantity);
  return identical ? 'nothing' : 'ask';
}

/** 'Mezclar': the cart's lines plus the order's (quantities of a shared sku added). */
export function mergeRepeatLines(cart: RepeatLine[], lastOrder: RepeatLine[]): RepeatLine[] {
  const byId = new Map<string, number>();
  for (const line of [...cart, ...lastOrder]) byId.set(line.id, (byId.get(line.id) ?? 0) + line.quantity);
  return [...byId].map(([id, quantity]) => ({ id, quantity }));
}
