import type { PaymentChannel } from '@despensa/domain';
import { Failure, type FailureCode, type TransactionBody } from '@despensa/contracts';
import type { Tx } from '../../db/client';
import type { PaymentRecord } from '../../modules/orders/service';

/** How a payment ended, as the return, a repeat, the charge or the reconciliation learnt it. */
export type PaymentOutcome =
  | { kind: 'approved'; details: Record<string, unknown> }
  | {
      kind: 'rejected' | 'aborted' | 'timeout' | 'error';
      details?: Record<string, unknown>;
      /** The failure the shopper is told (kept with the payment, so a repeat answers the same). */
      failure?: { code: FailureCode; field?: string };
    };

/** A payment the shopper may still be making: nothing changes yet. */
export type Waiting = { kind: 'waiting' };

/** The page where the shopper pays (the acquirer's): they are sent there with a POST of its token. */
export interface PaymentPage {
  token: string;
  url: string;
}

/** A charge after the purchase (an edit's higher total), kept in the payment's authorization. */
export interface EditCharge {
  buyOrder: string;
  storeBuyOrder: string;
  amount: number;
}

/**
 * One way of paying (a channel of the domain's payment table, PAYMENT_SYSTEMS) behind the one interface
 * the flows call: placing, paying, settling, reconciling, editing, canceling and picking never ask which
 * channel paid. A provider only talks to its outside world; what the order becomes is the flows' work.
 */
export interface PaymentProvider {
  /** The registry's key: the payment systems of this channel are paid through this provider. */
  readonly channel: PaymentChannel;
  /** The shopper pays on the provider's page after the order is placed (nothing is charged before). */
  readonly paysOnPage: boolean;
  /**
   * At placement, inside its transaction: what the entry needs before an order is written (a saved card
   * still there); throws the failure otherwise.
   */
  initiate(entry: { userId: string; accountId?: string | undefined }, tx: Tx): Promise<void>;
  /**
   * Once placed: the page where the shopper pays (`paysOnPage`), or null. A refusal throws (the caller
   * cancels the payment).
   */
  page(payment: PaymentRecord, origin: string): Promise<PaymentPage | null>;
  /**
   * Once placed: charges what is paid at once and answers how it ended; null when the money comes later
   * (on the provider's page, or when the shopper confirms it elsewhere). Throws a Failure when whether
   * anything was charged is not known (the payment stays pending for a retry or the reconciliation).
   */
  authorize(
    payment: PaymentRecord,
    input: { giftCard?: TransactionBody['giftCard'] },
  ): Promise<PaymentOutcome | null>;
  /**
   * After the purchase: charges `amount` more (an edit's higher total); `undo` gives it back when a later
   * step fails. Refuses with the failure when this way of paying cannot charge without the shopper.
   */
  capture(payment: PaymentRecord, amount: number): Promise<{ charge: EditCharge; undo: () => Promise<void> }>;
  /** Gives `amount` of the card part back (the caller checked it is left); throws when refused. */
  refund(payment: PaymentRecord, amount: number): Promise<void>;
  /** Gives back the whole card part of an approved charge whose order could not be completed. */
  cancel(payment: PaymentRecord, details: Record<string, unknown>): Promise<void>;
  /** What the provider says of a pending payment (the reconciliation's question). */
  status(payment: PaymentRecord): Promise<PaymentOutcome | Waiting>;
  /** The saved card that paid, when the provider knows it apart from the payment's entries. */
  savedCard?(payment: PaymentRecord): Promise<string | null>;
}

/** What the card part (any channel but the gift card's) paid and was not refunded yet. */
export function cardLeftOf(payment: PaymentRecord): number {
  const cardPart = payment.value - payment.giftCardValue;
  return Math.max(0, cardPart - payment.refunded);
}

/** What a provider that cannot charge without the shopper answers an edit's higher total. */
export function noCapture(): never {
  throw new Failure('orderEditRaisesTotal');
}
