import { ordersCounter, paymentsCounter } from '../telemetry/counters';
import type { EventSender } from '../jobs/events';
import { PAYMENT_RECONCILE_AFTER_MS } from '@despensa/domain';
import { Failure, type TransactionAnswer, type TransactionBody } from '@despensa/contracts';
import type { Database } from '../db/client';
import type { PaymentRecord } from '../modules/orders/service';
import { ACQUIRER_TOKEN_LIFETIME_MS } from '../providers/acquirer/acquirer';
import type { Mailer } from '../providers/mail/mailer';
import type { PaymentOutcome, PaymentPage } from '../providers/payments/provider';
import type { PaymentProviders } from '../providers/payments/registry';
import { acquirerReturnOf, holdsPayment } from './acquirer-return';
import { confirmationMail } from './confirmation-mail';
import { runFlow } from './flow';
import { savedCardOf } from './order-payment';
import {
  orderPlacedPath,
  paymentPagePath,
  placeOrderFlow,
  type CheckoutModules,
  type PlaceOrderInput,
} from './place-order-flow';
import { failureOf, settlePaymentFlow, type SettleResult } from './settle-payment';

export { paymentPagePath };

export interface CheckoutProviders {
  /** Every way of paying, behind one interface (providers/payments). */
  payments: PaymentProviders;
  mailer: Mailer;
  log: (message: string) => void;
  /** Where order.confirmed is told (the push to the customer's devices hangs on it). */
  events: EventSender;
  /** The brand that sells for a seller (§1 white-label), for the confirmation e-mail; the chain's by default. */
  brandOfSeller?: (sellerId: string) => string | undefined;
  /** How long a payment stays pending before the reconciliation settles it. */
  reconcileAfterMs?: number;
  /** The shop's clock (an acquirer token's lifetime is read against it). */
  clock?: () => Date;
}

/** The page a payment already has (its acquirer token and URL), if any. */
function keptPage(payment: PaymentRecord): PaymentPage | null {
  return payment.acquirerToken && payment.acquirerUrl
    ? { token: payment.acquirerToken, url: payment.acquirerUrl }
    : null;
}

/**
 * Checkout: placing orders, paying them, settling and reconciling payments. Every way of paying is
 * reached through its provider (`payments.of(payment.channel)`), never by a branch per channel.
 */
export class Checkout {
  /** The payment providers, by channel (a test registers its fake provider here). */
  readonly payments: PaymentProviders;
  private readonly place;
  private readonly settleFlow;
  /**
   * Per request (its input, client key and origin), the placement under way in this instance: a double
   * click's second call shares the first's, instead of a transaction that waits on the first's key.
   */
  private readonly placing = new Map<string, Promise<TransactionAnswer>>();
  /** Per transaction, the page call under way in this instance: parallel calls share it. */
  private readonly starting = new Map<string, Promise<PaymentPage>>();
  /** Per transaction, the charge under way in this instance (one-click, gift card): parallel calls share it. */
  private readonly charging = new Map<string, Promise<void>>();
  private readonly mailer: Mailer;
  private readonly events: EventSender;
  private readonly brandOfSeller: (sellerId: string) => string | undefined;
  private readonly log: (message: string) => void;
  private readonly reconcileAfterMs: number;
  private readonly clock: () => Date;

  constructor(
    private readonly database: Database,
    private readonly modules: CheckoutModules,
    providers: CheckoutProviders,
  ) {
    this.payments = providers.payments;
    this.settleFlow = settlePaymentFlow(modules);
    this.mailer = providers.mailer;
    this.events = providers.events;
    this.brandOfSeller = providers.brandOfSeller ?? (() => undefined);
    this.log = providers.log;
    this.reconcileAfterMs = providers.reconcileAfterMs ?? PAYMENT_RECONCILE_AFTER_MS;
    this.clock = providers.clock ?? (() => new Date());
    this.place = placeOrderFlow(modules, this.payments, this.clock);
  }

  /**
   * Places the cart's order and pays what is paid at once (a gift card's part, a one-click card); a
   * payment on the provider's page gets it, a wallet payment waits for POST /wallet/transaction.
   * Idempotent per cart attempt and client key: a repeat answers what the first answered (or its
   * failure); a reused key with another body is refused.
   */
  placeOrder(
    input: PlaceOrderInput,
    options: { clientKey?: string | undefined; origin: string },
  ): Promise<TransactionAnswer> {
    return shared(this.placing, JSON.stringify([input, options]), () => this.placeOnce(input, options));
  }

  private async placeOnce(
    input: PlaceOrderInput,
    options: { clientKey?: string | undefined; origin: string },
  ): Promise<TransactionAnswer> {
    const { clientKey, origin } = options;
    // §4 step 2 and the attempt number do not depend on each other: one round trip's wait for both.
    const [, attempt] = await Promise.all([
      this.modules.cart.reapplyUnderOneSeller(input.orderFormId, input.userId),
      this.modules.orders.attemptOf(input.orderFormId),
    ]);
    const idempotencyKey = `${input.orderFormId}#${attempt}${clientKey ? `:${clientKey}` : ''}`;
    const answer = await runFlow(this.database, this.place, input, { idempotencyKey });
    ordersCounter.inc({ outcome: 'placed' });
    // A payment on the provider's page alone only needs that page (the common case: one read less).
    if (answer.redirectUrl === paymentPagePath(answer.tId) && !input.body.giftCard) {
      await this.startPayment(answer.tId, origin);
      return answer;
    }
    await shared(this.charging, answer.tId, () => this.pay(answer.tId, origin, input.body.giftCard));
    return answer;
  }

  /** The gift card's part first (redeemed once per transaction), then the rest through its provider. */
  private async pay(transactionId: string, origin: string, giftCard: TransactionBody['giftCard']) {
    const payment = await this.modules.orders.payment(transactionId);
    if (!payment || payment.status === 'approved') return;
    if (payment.status !== 'pending') throw failureOf(payment);
    if (payment.giftCardValue > 0) {
      // A call that converged on a pending payment brings the card again (it is never stored).
      if (!giftCard) throw new Failure('giftCardRequired', { field: 'giftCard' });
      const failure = await this.payments.giftCard.redeemPart(payment, giftCard);
      if (failure) {
        await this.settle(payment.id, { kind: 'rejected', failure });
        throw new Failure(failure.code, failure.field ? { field: failure.field } : {});
      }
    }
    const provider = this.payments.of(payment.channel);
    if (provider.paysOnPage) {
      await this.startPayment(payment.id, origin, payment, payment.giftCardValue > 0);
      return;
    }
    const outcome = await provider.authorize(payment, { giftCard });
    if (!outcome) return;
    const result = await this.settle(payment.id, outcome);
    if (result.status !== 'approved') throw failureOf((await this.modules.orders.payment(payment.id))!);
  }

  /** The wallet told a charge's code (§4): 200-0 pays the order, another end state fails it. */
  async walletCode(transactionId: string, code: string): Promise<void> {
    const payment = await this.modules.orders.payment(transactionId);
    if (payment?.status !== 'pending') return;
    const outcome = await this.payments.wallet.told(payment, code);
    if (outcome.kind !== 'waiting') await this.settle(transactionId, outcome);
  }

  /**
   * The provider's page of a pending payment (created once; parallel calls share the call). If the
   * provider refuses, the undo: the group is canceled and its units and window given back.
   */
  async startPayment(
    transactionId: string,
    origin: string,
    /** The payment as the caller just read it (saves reading it again). */
    known?: PaymentRecord,
    /** The caller redeemed the payment's gift-card part (only then may the rest be paid by card). */
    giftCardRedeemed = false,
  ): Promise<PaymentPage | null> {
    const payment = known ?? (await this.modules.orders.payment(transactionId));
    if (!payment || payment.status !== 'pending' || !this.payments.of(payment.channel).paysOnPage)
      return null;
    const kept = keptPage(payment);
    if (kept) return kept;
    // Never the card's part without the gift card's: such a payment waits for its reconciliation.
    if (payment.giftCardValue > 0 && !giftCardRedeemed) return null;
    return shared(this.starting, transactionId, () => this.createUnlessKept(payment, origin));
  }

  /**
   * The payment above may have been read before a call of this instance that has just finished kept its
   * token (and left `starting`): read again, now that no call is under way, before creating another.
   */
  private async createUnlessKept(payment: PaymentRecord, origin: string): Promise<PaymentPage> {
    const now = await this.modules.orders.payment(payment.id);
    return (now && keptPage(now)) ?? this.createPage(payment, origin);
  }

  /** `origin`: the shop as the shopper reaches it (the acquirer's return comes back there). */
  private async createPage(payment: PaymentRecord, origin: string): Promise<PaymentPage> {
    let created: PaymentPage | null;
    try {
      created = await this.payments.of(payment.channel).page(payment, origin);
      if (!created) throw new Error('no payment page');
    } catch (error) {
      this.log(`acquirer create failed for ${payment.orderGroup}: ${(error as Error).message}`);
      await this.settle(payment.id, { kind: 'error', failure: { code: 'paymentSystemUnavailable' } });
      throw new Failure('paymentSystemUnavailable');
    }
    if (await this.modules.orders.keepAcquirerToken(payment.id, created.token, created.url)) return created;
    // Another instance kept its token first; this one's is never shown to anyone and expires unpaid.
    return keptPage((await this.modules.orders.payment(payment.id))!)!;
  }

  /**
   * Settles a payment (see settlePaymentFlow), then gives money back as it says: everything charged for
   * an approved payment with no order, a gift card's part of a payment that failed. Sends the
   * confirmation of an order paid now, and marks its saved card in use (§6).
   */
  async settle(transactionId: string, outcome: PaymentOutcome): Promise<SettleResult> {
    const result = await runFlow(this.database, this.settleFlow, { transactionId, outcome });
    countSettled(result, outcome);
    if (result.refund && outcome.kind === 'approved') {
      const payment = (await this.modules.orders.payment(transactionId))!;
      await this.refundCharges(payment, outcome.details);
      const why = result.cardMismatch
        ? 'the card that paid does not prove its prices'
        : 'its order could not be completed';
      this.log(`refunded ${payment.orderGroup}: ${why}`);
    } else if (result.canceledNow) {
      const payment = (await this.modules.orders.payment(transactionId))!;
      if (payment.giftCardValue > 0 && (await this.payments.giftCard.giveBack(payment)))
        await this.markRefunded(payment, payment.giftCardValue);
    }
    if (result.approvedNow) {
      const payment = (await this.modules.orders.payment(transactionId))!;
      // §6: the saved card that paid (one-click, or the wallet's) cannot be deleted for now.
      const card = await savedCardOf(this.payments, payment);
      if (card) await this.modules.wallet.setCardInUse(card, true);
      await this.sendConfirmation(result.orderGroup).catch(() => {});
      await this.announceConfirmed(result.orderGroup).catch((error: unknown) =>
        this.log(`order ${result.orderGroup} confirmed, not announced: ${String(error)}`),
      );
    }
    return result;
  }

  /** Gives back every part of an approved charge whose order could not be completed. */
  private async refundCharges(payment: PaymentRecord, details: Record<string, unknown>): Promise<void> {
    if (payment.value - payment.giftCardValue > 0)
      await this.payments.of(payment.channel).cancel(payment, details);
    if (payment.giftCardValue > 0) await this.payments.giftCard.giveBack(payment);
    await this.markRefunded(payment, payment.value);
  }

  private markRefunded(payment: PaymentRecord, amount: number): Promise<void> {
    return this.database.db.transaction((tx) => this.modules.orders.markRefunded(payment, amount, tx));
  }

  /**
   * The acquirer's return (acquirerReturnOf). token_ws: the payment is committed (the token is the
   * payer's). Any other return changes a payment only for a caller who holds it (holdsPayment), and only
   * once the acquirer says it was not paid (or commits it, paid meanwhile): a payment still payable stays
   * pending. Answers where the shopper goes next.
   */
  async acquirerReturn(
    fields: Record<string, string | undefined>,
    customerId: string | null,
  ): Promise<string> {
    const returned = acquirerReturnOf(fields);
    if (!returned) return failurePath('error');
    const payment =
      returned.kind === 'timeout'
        ? await this.modules.orders.paymentOfGroup(returned.orderGroup)
        : await this.modules.orders.paymentByToken(returned.token);
    if (returned.kind === 'paid') {
      if (!payment) return failurePath('error');
      const found = await this.payments.webpay.outcome(returned.token, true);
      return this.settleReturn(payment, found.kind === 'waiting' ? { kind: 'error' } : found);
    }
    const token = 'token' in returned ? returned.token : undefined;
    if (!payment || !holdsPayment(payment, { customerId, token })) return failurePath(returned.kind);
    // Settled already: the return only finds where the shopper goes.
    if (payment.status !== 'pending') return this.settleReturn(payment, { kind: returned.kind });
    if (!payment.acquirerToken) return checkoutPaymentPath;
    const found = await this.payments.webpay.outcome(payment.acquirerToken, false);
    if (found.kind === 'waiting') return checkoutPaymentPath;
    return this.settleReturn(payment, found.kind === 'rejected' ? { ...found, kind: returned.kind } : found);
  }

  /**
   * The customer who placed a payment is back at its payment page: once its token may be over (the
   * timeout return came without their session, so it changed nothing), it is settled as the acquirer says
   * and the answer is where they go; null while it can still be paid.
   */
  async settleIfLeft(payment: PaymentRecord): Promise<string | null> {
    const young = this.clock().getTime() - payment.createdAt.getTime() <= ACQUIRER_TOKEN_LIFETIME_MS;
    if (payment.status !== 'pending' || !payment.acquirerToken || young) return null;
    const found = await this.payments.webpay.outcome(payment.acquirerToken, false);
    if (found.kind === 'waiting') return null;
    return this.settleReturn(payment, found.kind === 'rejected' ? { ...found, kind: 'timeout' } : found);
  }

  private async settleReturn(payment: PaymentRecord, outcome: PaymentOutcome): Promise<string> {
    const result = await this.settle(payment.id, outcome);
    if (result.status === 'approved') return orderPlacedPath(result.orderGroup);
    if (result.cardMismatch) return failurePath('cardMismatch', result.orderGroup);
    return failurePath(outcome.kind === 'approved' ? 'error' : outcome.kind, result.orderGroup);
  }

  /**
   * The reconciliation pass: each payment pending longer than reconcileAfterMs is asked about at its
   * provider (status): Webpay commits a payment the shopper paid and never came back from, and one still on
   * its page waits; Oneclick reads the mall's buy order; the wallet its charge's code (200-2 waits); a gift
   * card alone cannot be asked, so its redemption is given back (it ends as a refund). Answers how many it
   * settled.
   */
  async reconcile(): Promise<number> {
    let settled = 0;
    for (const payment of await this.modules.orders.pendingOlderThan(this.reconcileAfterMs)) {
      try {
        const outcome = await this.payments.of(payment.channel).status(payment);
        if (outcome.kind === 'waiting') continue;
        await this.settle(payment.id, outcome);
        settled += 1;
      } catch (error) {
        this.log(`reconciliation of ${payment.orderGroup} failed: ${(error as Error).message}`);
      }
    }
    return settled;
  }

  /** Tells order.confirmed (the push to the customer's devices); never blocks the settlement. */
  private async announceConfirmed(orderGroup: string): Promise<void> {
    const [payment, orders] = await Promise.all([
      this.modules.orders.paymentOfGroup(orderGroup),
      this.modules.orders.groupOrders(orderGroup),
    ]);
    const orderId = orders[0]?.orderId;
    if (!payment?.userId || !orderId) return;
    await this.events.emit('order.confirmed', { orderGroup, orderId, userId: payment.userId });
  }

  /** The confirmation e-mail of an order group, to the address of its client profile. */
  async sendConfirmation(orderGroup: string): Promise<void> {
    const orders = await this.modules.orders.groupOrders(orderGroup);
    const mail = confirmationMail(orderGroup, orders, this.brandOfSeller);
    if (mail) await this.mailer.send(mail);
  }
}

/** The call under way for `key` in `calls`, or `run` started and kept there until it settles. */
function shared<T>(calls: Map<string, Promise<T>>, key: string, run: () => Promise<T>): Promise<T> {
  let call = calls.get(key);
  if (!call) {
    call = run().finally(() => calls.delete(key));
    calls.set(key, call);
  }
  return call;
}

const checkoutPaymentPath = '/checkout/payment';

/** Back to the checkout's payment step with what happened. */
function failurePath(
  kind: 'rejected' | 'aborted' | 'timeout' | 'error' | 'cardMismatch',
  orderGroup?: string,
): string {
  return `/checkout/payment?paymentError=${kind}${orderGroup ? `&og=${orderGroup}` : ''}`;
}

/** A settlement's outcome, counted once: only the run that changed the payment counts it. */
function countSettled(result: SettleResult, outcome: PaymentOutcome): void {
  if (result.approvedNow) {
    paymentsCounter.inc({ channel: result.channel, outcome: 'approved' });
    ordersCounter.inc({ outcome: 'confirmed' });
  } else if (result.refund && outcome.kind === 'approved') {
    paymentsCounter.inc({ channel: result.channel, outcome: 'refunded' });
    ordersCounter.inc({ outcome: 'canceled' });
  } else if (result.canceledNow) {
    paymentsCounter.inc({ channel: result.channel, outcome: 'declined' });
    ordersCounter.inc({ outcome: 'canceled' });
  }
}
