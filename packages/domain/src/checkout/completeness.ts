import { DELIVERY_METHODS, deliveryMethodById } from '../constants';
import { isAddressMethod } from '../delivery/simulation';

/**
 * Card redirect (Webpay Plus: credit, debit and prepaid cards on the acquirer's own page). Not a §9 id:
 * VTEX's id for a Visa card, which is what the shopper pays with on Webpay's page.
 */
export const CARD_REDIRECT_PAYMENT_ID = 2;

/**
 * How long units of stock stay held for a cart sent to pay before they are given back (not in the spec).
 * A Webpay token lives 5 minutes and the reconciliation settles a pending payment after
 * PAYMENT_RECONCILE_AFTER_MS, so a hold always outlives the payment it waits for.
 */
export const STOCK_HOLD_MS = 30 * 60_000;
/**
 * A payment still pending this long is settled by asking the acquirer (commit if paid, else its status),
 * within the token's 5 minutes, after which Webpay never charges an uncommitted payment.
 */
export const PAYMENT_RECONCILE_AFTER_MS = 2 * 60_000;

/** The cart as §5 reads it for completeness; the server builds it from the orderForm. */
export interface CheckoutCart {
  payments: { paymentSystem: number }[];
  clientProfile: { document: string | null; email: string | null; phone: string | null } | null;
  /** Each item's seller and logistics entry (its selected sla and window). */
  items: {
    seller: string;
    selectedSla: string | null;
    deliveryWindow: { startDateUtc: string; endDateUtc: string } | null;
  }[];
  /** The address book id of the selected address, as stored. */
  selectedAddressId: string | null;
  receiverName: string | null;
  /** Express is exempt from the window rule when it is enabled. */
  expressEnabled: boolean;
}

export type ShippingGap = 'selectedSla' | 'deliveryWindow' | 'selectedAddress' | 'receiverName';
export type CartGap = 'payment' | 'document' | 'email' | 'phone' | ShippingGap;

const blank = (value: string | null | undefined) => !value || value.trim() === '';

/**
 * §5 shipping valid: every seller's items have a selected sla with a delivery window (express exempt when
 * enabled), a stored selected address id, and a receiver name. Answers what is missing (empty: valid).
 */
export function shippingGaps(cart: CheckoutCart): ShippingGap[] {
  const gaps = new Set<ShippingGap>();
  if (cart.items.length === 0) gaps.add('selectedSla');
  const sellers = new Map<string, CheckoutCart['items']>();
  for (const item of cart.items) sellers.set(item.seller, [...(sellers.get(item.seller) ?? []), item]);
  for (const items of sellers.values()) {
    for (const item of items) {
      if (blank(item.selectedSla)) gaps.add('selectedSla');
      const exempt = cart.expressEnabled && item.selectedSla === DELIVERY_METHODS.express.id;
      if (!exempt && !item.deliveryWindow) gaps.add('deliveryWindow');
    }
  }
  if (blank(cart.selectedAddressId)) gaps.add('selectedAddress');
  if (blank(cart.receiverName)) gaps.add('receiverName');
  return [...gaps];
}

export function isShippingValid(cart: CheckoutCart): boolean {
  return shippingGaps(cart).length === 0;
}

/** §5 cart complete: a payment, a client profile with document, e-mail and phone, and valid shipping. */
export function cartGaps(cart: CheckoutCart): CartGap[] {
  const gaps: CartGap[] = [];
  if (cart.payments.length === 0) gaps.push('payment');
  if (blank(cart.clientProfile?.document)) gaps.push('document');
  if (blank(cart.clientProfile?.email)) gaps.push('email');
  if (blank(cart.clientProfile?.phone)) gaps.push('phone');
  return [...gaps, ...shippingGaps(cart)];
}

export function isCartComplete(cart: CheckoutCart): boolean {
  return cartGaps(cart).length === 0;
}

/**
 * The §5 reading of a cart as the shop stores it, one way for the server's order placement and the web's
 * checkout steps. The selected address is the address book entry for home delivery and express, and the
 * pickup point (the store) for store and car pickup, whose shipping address is the fixed Santiago one.
 * The receiver is the one of the order info, else the address's.
 */
export function checkoutCartOf(cart: {
  payments: { paymentSystem: number }[];
  clientProfile: CheckoutCart['clientProfile'];
  items: { seller: string; selectedSla: string | null }[];
  /** The window the cart holds (null when none or its hold expired). */
  window: { startDateUtc: string; endDateUtc: string } | null;
  /** The cart's delivery choice: its method, address book entry and store. */
  choice: { selectedSla: string | null; addressId: string | null; storeId: string | null } | null;
  /** The shipping address's own id and receiver, when it carries them. */
  address: { addressId?: unknown; receiverName?: unknown } | null;
  orderInfoReceiverName: string | null;
}): CheckoutCart {
  const method = cart.choice?.selectedSla ? deliveryMethodById(cart.choice.selectedSla) : undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const selectedAddressId =
    method && !isAddressMethod(method.kind)
      ? (cart.choice?.storeId ?? null)
      : (cart.choice?.addressId ?? text(cart.address?.addressId));
  return {
    payments: cart.payments,
    clientProfile: cart.clientProfile,
    items: cart.items.map((item) => ({ ...item, deliveryWindow: cart.window })),
    selectedAddressId,
    receiverName: cart.orderInfoReceiverName ?? text(cart.address?.receiverName),
    expressEnabled: true,
  };
}

/** What the shopper is told is missing, in the shop's words. */
export const CART_GAP_NAMES: Record<CartGap, string> = {
  payment: 'medio de pago',
  document: 'RUT',
  email: 'correo',
  phone: 'teléfono',
  selectedSla: 'modo de entrega',
  deliveryWindow: 'horario de entrega',
  selectedAddress: 'dirección',
  receiverName: 'quién recibe',
};

/** The sentence that names what is missing: 'Falta completar: RUT, teléfono.' (empty when nothing is). */
export function cartGapsText(gaps: readonly CartGap[]): string {
  return gaps.length ? `Falta completar: ${gaps.map((gap) => CART_GAP_NAMES[gap]).join(', ')}.` : '';
}
