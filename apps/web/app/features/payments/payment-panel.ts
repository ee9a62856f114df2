import type { PaymentEntry, TransactionAnswer } from '@despensa/contracts';
import { apiRequest } from '../../lib/api-client';
import { orderPlacedPath } from './paths';

/**
 * The props every checkout payment panel takes (GiftCardDialog, WalletPaymentPanel, OneClickPaymentPanel).
 * A panel says how the shopper pays; the checkout's purchase flow (`pay`) saves that and places the order,
 * and the panel finishes what its method needs after (the wallet's charge and its polling).
 */
export interface PaymentPanelProps {
  orderFormId: string;
  /** What the purchase costs with this panel's method, in cents: the transaction's value (§7). */
  total: number;
  /** The checkout's §4 purchase flow; by default the two /api calls (payThroughApi). */
  pay?: PayFunction;
  /** The order is placed and paid; by default the shopper goes to its order-placed page. */
  onPaid?: (answer: TransactionAnswer) => void;
  /** The payment failed: the checkout opens the failed-payment modal it names (§8). */
  onError: (failure: PaymentFailure) => void;
  /**
   * The payment system the panel would pay with now (a saved card's kind, §9 ids), so the checkout can price
   * the cart for it and pass that `total`.
   */
  onPaymentSystemChange?: (paymentSystem: number) => void;
}

/** How the shopper pays: the §3 entries of POST /orderform/{id}/payments and what the transaction carries. */
export interface PaymentChoice {
  payments: PaymentEntry[];
  /** The gift card that pays a 732 entry; it travels with the transaction, never in the cart. */
  giftCard?: { number: string; password: string };
}

export type PaymentOutcome =
  | { ok: true; answer: TransactionAnswer }
  /** Refused: `message` is the Spanish text to show, `code` the failure code (giftCardNoBalance…). */
  | { ok: false; message: string; code?: string | undefined }
  /** The checkout stopped and told the shopper itself (a dialog it opened, the 503 screen). */
  | null;

export type PayFunction = (choice: PaymentChoice) => Promise<PaymentOutcome>;

/** §8 failed-payment modals: generic, bank, wallet (and chat, which the checkout opens itself). */
export interface PaymentFailure {
  modal: 'generic' | 'bank' | 'wallet';
  message: string;
}

/** The failures where the acquirer, the issuer or the wallet said no: the bank modal (§8). */
const BANK_REFUSALS = /^(paymentRejected|oneclick)/;

export function failureOf(outcome: { message: string; code?: string | undefined }): PaymentFailure {
  return {
    modal: outcome.code && BANK_REFUSALS.test(outcome.code) ? 'bank' : 'generic',
    message: outcome.message,
  };
}

/** §7 cart calls carry the store's account besides the key. */
const CART_HEADERS = { 'x-account': 'despensa' };

/**
 * The purchase flow without the checkout's own steps: save the payment (POST /orderform/{id}/payments), then
 * place the order (POST /checkout/pub/orderform/transaction) for `value`.
 */
export function payThroughApi(orderFormId: string, value: number): PayFunction {
  return async (choice) => {
    const saved = await apiRequest(`/api/orderform/${encodeURIComponent(orderFormId)}/payments`, {
      method: 'POST',
      body: { payments: choice.payments },
      headers: CART_HEADERS,
    });
    if (!saved.ok) return saved.status === 0 ? null : saved;
    const placed = await apiRequest<TransactionAnswer>('/api/checkout/pub/orderform/transaction', {
      method: 'POST',
      body: {
        referenceId: orderFormId,
        value,
        savePersonalData: true,
        ...(choice.giftCard ? { giftCard: choice.giftCard } : {}),
      },
      headers: CART_HEADERS,
    });
    if (placed.ok) return { ok: true, answer: placed.data };
    return placed.status === 0 ? null : placed;
  };
}

/**
 * Where a placed order sends the shopper: the order-placed page of a payment made at once, or the card
 * redirect's payment page (served outside the app, so a full page load).
 */
export function followTransaction(answer: TransactionAnswer, navigate: (path: string) => void): void {
  const placedPage = orderPlacedPath(answer.orderId);
  if (answer.redirectUrl.startsWith('/checkout/orderPlaced')) navigate(answer.redirectUrl);
  else if (answer.redirectUrl) window.location.assign(answer.redirectUrl);
  else navigate(placedPage);
}
