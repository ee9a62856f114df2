import {
  DELIVERY_METHODS,
  PAYMENT_IDS,
  PAYMENT_RECONCILE_AFTER_MS,
  STOCK_HOLD_MS,
  WALLET_APPROVED_CODE,
  WALLET_PROCESSING_CODE,
  cartGaps,
  cartGapsText,
  checkoutCartOf,
  checkoutTotal,
  deliveryFeeOf,
  primeBasketOf,
  formatCLP,
  isAddressMethod,
  deliveryMethodById,
  paymentSplit,
  paymentSystemOffered,
  type PaymentChannel,
} from '@despensa/domain';
import {
  Failure,
  GIFT_CARD_FAILURES,
  isFailureCode,
  oneclickFailure,
  type FailureCode,
  type TransactionAnswer,
  type TransactionBody,
} from '@despensa/contracts';
import type { Database } from '../db/client';
import type { AddressService } from '../modules/address/service';
import type { CartService } from '../modules/cart/service';
import type { CatalogService } from '../modules/catalog/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { OrdersService, PaymentRecord } from '../modules/orders/service';
import type { WalletService } from '../modules/wallet/service';
import type { FlagsService } from '../modules/flags/service';
import type { Acquirer, AcquirerPayment, OneclickPayment } from '../providers/acquirer/acquirer';
import type { GiftCardProvider } from '../providers/giftcard/giftcard';
import type { Mailer } from '../providers/mail/mailer';
import { defineFlow, runFlow } from './flow';
import { savedCardOf, storeBuyOrderOf } from './order-payment';

interface Modules {
  cart: CartService;
  catalog: CatalogService;
  delivery: DeliveryService;
  orders: OrdersService;
  addresses: AddressService;
  wallet: WalletService;
  flags: Pick<FlagsService, 'all'>;
}

/** Where the shopper pays a transaction: the shop's own page that posts the token to the acquirer. */
export const paymentPagePath = (transactionId: string) => `/checkout/pagar/${transactionId}`;
const orderPlacedPath = (orderGroup: string) => `/checkout/orderPlaced?og=${orderGroup}`;

/** Where the shopper goes after the transaction call, by how the payment is made (§4 step 6). */
function nextPath(channel: PaymentChannel, transactionId: string, orderGroup: string): string {
  return channel === 'webpayRedirect' ? paymentPagePath(transactionId) : orderPlacedPath(orderGroup);
}

interface PlaceOrderInput {
  orderFormId: string;
  userId: string;
  body: TransactionBody;
  brandName?: string | undefined;
}

/**
 * Placing an order (POST /api/checkout/pub/orderform/transaction), in ONE transaction: the cart re-priced
 * from the database under its row lock (§4 step 3 applied to it; step 2 ran just before), §5 completeness, the payment entries
 * read as one purchase, the value checked against what the cart costs with that way of paying (card and
 * collaborator prices, plus the delivery fee), the blocked-address check (step 4), the cart's units held
 * off the stock, the window's place kept for the order, the order group and its pending payment written.
 * A cart with a payment still pending converges on it (one order per cart). `brandName`: the shop the order
 * is placed in, named by the code e-mail a blocked address gets (the chain's unless told).
 */
export function placeOrderFlow({ cart, catalog, delivery, orders, addresses, wallet, flags }: Modules) {
  return defineFlow<PlaceOrderInput, TransactionAnswer>(
    'place-order',
    async ({ orderFormId, userId, body, brandName }, { tx, step, commitWithoutWaitingForDisk }) => {
      const draft = await step('repriceCart', () =>
        cart.checkoutDraft(orderFormId, tx, (salesChannel, totalItems) =>
          delivery.expressEstimate(salesChannel, totalItems),
        ),
      );
      // Another shopper's cart is not there for this one.
      if (draft.userId !== userId) throw new Failure('cartNotFound');
      const pending = await orders.pendingPaymentOf(orderFormId, tx);
      if (pending) return answerOf(pending);
      const { orderForm, deliveryChoice, orderInfo } = draft;
      const unavailable = orderForm.items.filter((item) => item.availability !== 'available');
      if (unavailable.length > 0) {
        throw new Failure('outOfStock', {
          message: `Algunos productos ya no tienen stock suficiente: ${unavailable.map((item) => item.name).join(', ')}`,
          field: 'items',
        });
      }
      const address = orderForm.shippingData.address as Record<string, unknown> | null;
      const window = deliveryChoice?.window ?? null;
      const addressId =
        deliveryChoice?.addressId ?? (typeof address?.addressId === 'string' ? address.addressId : null);
      const selectedSla =
        deliveryChoice?.selectedSla ?? orderForm.shippingData.logisticsInfo[0]?.selectedSla ?? null;
      const gaps = cartGaps(
        checkoutCartOf({
          payments: draft.payments,
          clientProfile: orderForm.clientProfileData,
          items: orderForm.items.map((item, index) => ({
            seller: item.seller,
            selectedSla: orderForm.shippingData.logisticsInfo[index]?.selectedSla ?? null,
          })),
          window,
          choice: deliveryChoice,
          address: orderForm.shippingData.address,
          orderInfoReceiverName: orderInfo.receiverData?.name ?? null,
        }),
      );
      if (gaps.length > 0) {
        throw new Failure('cartIncomplete', {
          message: cartGapsText(gaps),
          field: gaps.join(','),
        });
      }
      // §9: a payment option switched off since the shopper chose it is not taken.
      const live = await flags.all();
      if (draft.payments.some((entry) => !paymentSystemOffered(entry.paymentSystem, live)))
        throw new Failure('paymentSystemOff', { field: 'payments' });
      const split = paymentSplit(draft.payments);
      if (split === 'unavailable') throw new Failure('paymentSystemUnavailable', { field: 'payments' });
      if (split === 'combination') throw new Failure('paymentCombinationInvalid', { field: 'payments' });
      if (split === 'sum') throw new Failure('orderValueMismatch', { field: 'payments' });
      // A Prime member's basket over the minimum goes free (the cart lists the benefit).
      const deliveryFee = deliveryFeeOf(selectedSla, window !== null, primeBasketOf(orderForm));
      const value = checkoutTotal(draft.totals, split.method.pricing, deliveryFee);
      if (body.value !== value) {
        throw new Failure('orderValueMismatch', {
          message: `El total de tu compra es ${formatCLP(value)}: revisa tu carro antes de pagar.`,
          field: 'value',
        });
      }
      if (split.giftCardValue + split.rest !== value)
        throw new Failure('orderValueMismatch', { field: 'payments' });
      const cardEntry = draft.payments.find((entry) => entry.paymentSystem === split.paymentSystem);
      if (split.method.channel === 'oneclick') {
        if (!cardEntry?.accountId) throw new Failure('savedCardRequired', { field: 'payments.accountId' });
        await wallet.chargeableCard(userId, cardEntry.accountId, tx);
      }
      if (split.giftCardValue > 0 && !body.giftCard)
        throw new Failure('giftCardRequired', { field: 'giftCard' });
      // §4 step 4: home delivery and express go to an address the shopper confirmed.
      const method = selectedSla ? deliveryMethodById(selectedSla) : undefined;
      if (method && isAddressMethod(method.kind) && addressId) {
        if (await addresses.blockedAtCheckout(userId, addressId, body.accessKey, tx, brandName))
          throw new Failure('addressBlocked', { field: addressId });
      }
      const ids = orders.newIds();
      const now = Date.now();
      // A card redirect alone charges nothing until the shopper pays at the acquirer, and the answer waits
      // for the acquirer token's synchronous commit, which flushes this one: the placement need not wait
      // for the disk while it holds the offers' row locks (the hot spot when many buy one sku).
      if (split.method.channel === 'webpayRedirect' && split.giftCardValue === 0)
        await commitWithoutWaitingForDisk();
      if (window && selectedSla !== DELIVERY_METHODS.express.id) {
        await step('keepWindow', () => delivery.keepWindowForOrder(orderFormId, ids.orderGroup, tx));
      }
      const pricing = split.method.pricing;
      await step('writeOrders', () =>
        orders.placeGroup(
          {
            ...ids,
            orderForm,
            userId,
            paymentSystem: split.paymentSystem,
            channel: split.method.channel,
            entries: [
              ...(split.giftCardValue > 0
                ? [{ paymentSystem: PAYMENT_IDS.giftCard, value: split.giftCardValue }]
                : []),
              ...(split.rest > 0
                ? [
                    {
                      paymentSystem: split.paymentSystem,
                      value: split.rest,
                      ...(cardEntry?.accountId ? { accountId: cardEntry.accountId } : {}),
                    },
                  ]
                : []),
            ],
            giftCardValue: split.giftCardValue,
            value,
            linePrices: new Map([...draft.linePrices].map(([sku, prices]) => [sku, prices[pricing]])),
            totals: draft.totals[pricing],
            deliveryFee,
            orderInfo,
            deliveryWindow: window,
          },
          tx,
        ),
      );
      // Last: the offers' row locks (the hot spot when many buy one sku) are held only until the commit.
      await step('holdStock', () =>
        catalog.holdStock(
          ids.orderGroup,
          orderForm.items.map((item) => ({
            skuId: Number(item.id),
            salesChannel: draft.salesChannel,
            sellerId: item.seller,
            quantity: item.quantity,
          })),
          new Date(now + STOCK_HOLD_MS),
          tx,
        ),
      );
      return {
        tId: ids.transactionId,
        orderId: ids.orderGroup,
        xChko: ids.accessToken,
        redirectUrl: nextPath(split.method.channel, ids.transactionId, ids.orderGroup),
      };
    },
  );
}

function answerOf(payment: PaymentRecord): TransactionAnswer {
  return {
    tId: payment.id,
    orderId: payment.orderGroup,
    xChko: payment.accessToken,
    redirectUrl: nextPath(payment.channel, payment.id, payment.orderGroup),
  };
}

/** How a payment ended, as the return, a repeat, the charge or the reconciliation learnt it. */
export type PaymentOutcome =
  | { kind: 'approved'; details: Record<string, unknown> }
  | {
      kind: 'rejected' | 'aborted' | 'timeout' | 'error';
      details?: Record<string, unknown>;
      /** The failure the shopper is told (kept with the payment, so a repeat answers the same). */
      failure?: { code: FailureCode; field?: string };
    };

/**
 * Settling a payment, in ONE transaction under the payment's row lock, so the return, a repeat and the
 * reconciliation converge: only a pending payment changes. Approved: the holds become the order's (units
 * sold, the window's place already the order's), the group ready for handling, the cart emptied. Anything
 * else: the group canceled, its units and window given back (the shopper may pay again). An approved
 * charge whose order cannot be completed (canceled meanwhile, or its units given back) is refunded.
 */
export function settlePaymentFlow({ cart, catalog, delivery, orders }: Modules) {
  return defineFlow<{ transactionId: string; outcome: PaymentOutcome }, SettleResult>(
    'settle-payment',
    async ({ transactionId, outcome }, { tx, step }) => {
      const payment = await step('lockPayment', () => orders.payment(transactionId, tx, true));
      if (!payment) throw new Failure('paymentNotFound');
      if (payment.status !== 'pending') {
        const refund = outcome.kind === 'approved' && payment.status === 'canceled';
        return { orderGroup: payment.orderGroup, status: payment.status, refund };
      }
      if (outcome.kind === 'approved') {
        if (await step('sellStock', () => catalog.sellHeldStock(payment.orderGroup, tx))) {
          await step('approve', () => orders.approve(payment, outcome.details, tx));
          await step('clearCart', () => cart.clearAfterOrder(payment.orderFormId, tx));
          return { orderGroup: payment.orderGroup, status: 'approved', refund: false, approvedNow: true };
        }
        await step('giveWindowBack', () =>
          delivery.returnOrderWindow(payment.orderGroup, payment.orderFormId, tx),
        );
        await step('cancel', () => orders.cancel(payment, outcome.details, tx));
        return { orderGroup: payment.orderGroup, status: 'canceled', refund: true };
      }
      await step('releaseStock', () => catalog.releaseHeldStock(payment.orderGroup, tx));
      await step('giveWindowBack', () =>
        delivery.returnOrderWindow(payment.orderGroup, payment.orderFormId, tx),
      );
      const details = { ...outcome.details, ...(outcome.failure ? { failure: outcome.failure } : {}) };
      await step('cancel', () => orders.cancel(payment, details, tx));
      return { orderGroup: payment.orderGroup, status: 'canceled', refund: false, canceledNow: true };
    },
  );
}

interface SettleResult {
  orderGroup: string;
  status: PaymentRecord['status'];
  /** An approved charge with no order to complete: refund it. */
  refund: boolean;
  /** This run approved it (send the confirmation once). */
  approvedNow?: boolean;
  /** This run canceled it (give a gift card's part back once). */
  canceledNow?: boolean;
}

/** What a failed payment tells the shopper: the failure kept with it, else the bank's refusal. */
function failureOf(payment: PaymentRecord): Failure {
  const kept = payment.authorization?.failure as { code?: unknown; field?: string } | undefined;
  return isFailureCode(kept?.code)
    ? new Failure(kept.code, kept.field ? { field: kept.field } : {})
    : new Failure('paymentRejected');
}

export interface CheckoutProviders {
  acquirer: Acquirer;
  giftCards: GiftCardProvider;
  mailer: Mailer;
  log: (message: string) => void;
  /** How long a payment stays pending before the reconciliation settles it. */
  reconcileAfterMs?: number;
}

/** The acquirer's payment page a payment already has (its token and URL), if any. */
function keptAcquirerPage(payment: PaymentRecord): { token: string; url: string } | null {
  return payment.acquirerToken && payment.acquirerUrl
    ? { token: payment.acquirerToken, url: payment.acquirerUrl }
    : null;
}

/** Checkout: placing orders, paying them (every method), settling and reconciling payments. */
export class Checkout {
  private readonly place;
  private readonly settleFlow;
  /** Per transaction, the acquirer call under way in this instance: parallel calls share it. */
  private readonly starting = new Map<string, Promise<{ token: string; url: string }>>();
  /** Told when a payment confirms an order group (the push to the customer's devices); never blocks it. */
  onConfirmed:
    ((confirmed: { orderGroup: string; orderId: string; userId: string }) => Promise<unknown>) | null = null;
  /** Per transaction, the charge under way in this instance (one-click, gift card): parallel calls share it. */
  private readonly charging = new Map<string, Promise<void>>();
  private readonly acquirer: Acquirer;
  private readonly giftCards: GiftCardProvider;
  private readonly mailer: Mailer;
  private readonly log: (message: string) => void;
  private readonly reconcileAfterMs: number;

  constructor(
    private readonly database: Database,
    private readonly modules: Modules,
    providers: CheckoutProviders,
  ) {
    this.place = placeOrderFlow(modules);
    this.settleFlow = settlePaymentFlow(modules);
    this.acquirer = providers.acquirer;
    this.giftCards = providers.giftCards;
    this.mailer = providers.mailer;
    this.log = providers.log;
    this.reconcileAfterMs = providers.reconcileAfterMs ?? PAYMENT_RECONCILE_AFTER_MS;
    // The wallet charges a transaction for what its pending payment is, and tells each code it reads.
    modules.wallet.setTransactionAmounts((tId, userId) => modules.orders.walletAmount(tId, userId));
    modules.wallet.setChargeListener((tId, code) => this.walletCode(tId, code));
  }

  /**
   * Places the cart's order and pays what is paid at once (a gift card's part, a one-click card); a card
   * redirect gets its acquirer transaction, a wallet payment waits for POST /wallet/transaction.
   * Idempotent per cart attempt and client key: a repeat answers what the first answered (or its
   * failure); a reused key with another body is refused.
   */
  async placeOrder(
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
    // A card redirect alone only needs its acquirer transaction (the common case: one read less).
    if (answer.redirectUrl === paymentPagePath(answer.tId) && !input.body.giftCard) {
      await this.startPayment(answer.tId, origin);
      return answer;
    }
    let call = this.charging.get(answer.tId);
    if (!call) {
      call = this.pay(answer.tId, origin, input.body.giftCard).finally(() =>
        this.charging.delete(answer.tId),
      );
      this.charging.set(answer.tId, call);
    }
    await call;
    return answer;
  }

  private async pay(transactionId: string, origin: string, giftCard: TransactionBody['giftCard']) {
    const payment = await this.modules.orders.payment(transactionId);
    if (!payment || payment.status === 'approved') return;
    if (payment.status !== 'pending') throw failureOf(payment);
    if (payment.giftCardValue > 0) {
      // A call that converged on a pending payment brings the card again (it is never stored).
      if (!giftCard) throw new Failure('giftCardRequired', { field: 'giftCard' });
      // Redeemed once per transaction (the reference), however many times this runs.
      const redeemed = await this.giftCards
        .redeem(giftCard.number, giftCard.password, payment.giftCardValue, payment.id)
        .catch(() => null);
      if (redeemed?.code !== '200-0') {
        const failure = redeemed
          ? { code: GIFT_CARD_FAILURES[redeemed.code], field: redeemed.code }
          : { code: 'paymentSystemUnavailable' as const };
        await this.settle(payment.id, { kind: 'rejected', failure });
        throw new Failure(failure.code, 'field' in failure ? { field: failure.field } : {});
      }
    }
    switch (payment.channel) {
      case 'webpayRedirect':
        await this.startPayment(payment.id, origin, payment, payment.giftCardValue > 0);
        return;
      case 'oneclick':
        return this.chargeSavedCard(payment);
      case 'giftCard':
        await this.settle(payment.id, {
          kind: 'approved',
          details: { giftCard: giftCard!.number.slice(-4) },
        });
        return;
      case 'wallet':
        return;
    }
  }

  /** One-click (201–204): the saved card is charged at Oneclick Mall now, and the order settled with it. */
  private async chargeSavedCard(payment: PaymentRecord): Promise<void> {
    const entry = payment.entries.find((each) => each.accountId);
    const amountCents = payment.value - payment.giftCardValue;
    let card: { tbkUser: string };
    try {
      card = await this.modules.wallet.chargeableCard(payment.userId!, entry!.accountId!);
    } catch (error) {
      // The card was deleted meanwhile: nothing was charged.
      const code = error instanceof Failure ? error.code : 'walletCardNotFound';
      await this.settle(payment.id, { kind: 'error', failure: { code } });
      throw new Failure(code);
    }
    let answer: OneclickPayment | null;
    try {
      answer = await this.acquirer
        .oneclickAuthorize({
          username: payment.userId!,
          tbkUser: card.tbkUser,
          buyOrder: payment.orderGroup,
          storeBuyOrder: storeBuyOrderOf(payment.orderGroup),
          amountCents,
        })
        // A buy order is authorized once: a repeat (another instance, a retry) reads what it answered.
        .catch(() => this.acquirer.oneclickStatus(payment.orderGroup));
    } catch (error) {
      // Whether the card was charged is not known: the payment stays pending, and a retry or the
      // reconciliation asks the acquirer again (never a second charge: the buy order is the same).
      this.log(`one-click charge of ${payment.orderGroup} unknown: ${(error as Error).message}`);
      throw new Failure('paymentSystemUnavailable');
    }
    // Neither authorized nor known to the mall: nothing was charged.
    const outcome: PaymentOutcome = answer
      ? oneclickOutcome(answer)
      : { kind: 'error', failure: { code: 'paymentSystemUnavailable' } };
    const result = await this.settle(payment.id, outcome);
    if (result.status !== 'approved') throw failureOf((await this.modules.orders.payment(payment.id))!);
  }

  /** The wallet told a charge's code (§4): 200-0 pays the order, another end state fails it. */
  private async walletCode(transactionId: string, code: string): Promise<void> {
    if (code === WALLET_PROCESSING_CODE) return;
    const payment = await this.modules.orders.payment(transactionId);
    if (payment?.status !== 'pending') return;
    const charge = await this.modules.wallet.chargeCodeOf(transactionId);
    const details = { walletCode: code, internalCode: charge?.internalCode };
    await this.settle(
      transactionId,
      code === WALLET_APPROVED_CODE
        ? { kind: 'approved', details }
        : { kind: 'rejected', details, failure: { code: 'paymentRejected', field: code } },
    );
  }

  /**
   * The acquirer transaction of a pending payment (created once; parallel calls share the call). If the
   * acquirer refuses, the undo: the group is canceled and its units and window given back.
   */
  async startPayment(
    transactionId: string,
    origin: string,
    /** The payment as the caller just read it (saves reading it again). */
    known?: PaymentRecord,
    /** The caller redeemed the payment's gift-card part (only then may the rest be paid by card). */
    giftCardRedeemed = false,
  ): Promise<{ token: string; url: string } | null> {
    const payment = known ?? (await this.modules.orders.payment(transactionId));
    if (!payment || payment.status !== 'pending' || payment.channel !== 'webpayRedirect') return null;
    const kept = keptAcquirerPage(payment);
    if (kept) return kept;
    // Never the card's part without the gift card's: such a payment waits for its reconciliation.
    if (payment.giftCardValue > 0 && !giftCardRedeemed) return null;
    let call = this.starting.get(transactionId);
    if (!call) {
      call = this.createUnlessKept(payment, origin).finally(() => this.starting.delete(transactionId));
      this.starting.set(transactionId, call);
    }
    return call;
  }

  /**
   * The payment above may have been read before a call of this instance that has just finished kept its
   * token (and left `starting`): read again, now that no call is under way, before creating another.
   */
  private async createUnlessKept(
    payment: PaymentRecord,
    origin: string,
  ): Promise<{ token: string; url: string }> {
    const now = await this.modules.orders.payment(payment.id);
    return (now && keptAcquirerPage(now)) ?? this.createAtAcquirer(payment, origin);
  }

  /** `origin`: the shop as the shopper reaches it (the acquirer's return comes back there). */
  private async createAtAcquirer(
    payment: PaymentRecord,
    origin: string,
  ): Promise<{ token: string; url: string }> {
    let created: { token: string; url: string };
    try {
      created = await this.acquirer.create({
        buyOrder: payment.orderGroup,
        sessionId: payment.orderFormId,
        amountCents: payment.value - payment.giftCardValue,
        returnUrl: `${origin}/checkout/retorno`,
      });
    } catch (error) {
      this.log(`acquirer create failed for ${payment.orderGroup}: ${(error as Error).message}`);
      await this.settle(payment.id, { kind: 'error', failure: { code: 'paymentSystemUnavailable' } });
      throw new Failure('paymentSystemUnavailable');
    }
    if (await this.modules.orders.keepAcquirerToken(payment.id, created.token, created.url)) return created;
    // Another instance kept its token first; this one's is never shown to anyone and expires unpaid.
    return keptAcquirerPage((await this.modules.orders.payment(payment.id))!)!;
  }

  /**
   * Settles a payment (see settlePaymentFlow), then gives money back as it says: everything charged for
   * an approved payment with no order, a gift card's part of a payment that failed. Sends the
   * confirmation of an order paid now, and marks its saved card in use (§6).
   */
  async settle(transactionId: string, outcome: PaymentOutcome): Promise<SettleResult> {
    const result = await runFlow(this.database, this.settleFlow, { transactionId, outcome });
    if (result.refund && outcome.kind === 'approved') {
      const payment = (await this.modules.orders.payment(transactionId))!;
      await this.refundCharges(payment, outcome.details);
      this.log(`refunded ${payment.orderGroup}: its order could not be completed`);
    } else if (result.canceledNow) {
      const payment = (await this.modules.orders.payment(transactionId))!;
      if (payment.giftCardValue > 0 && (await this.refundGiftCard(payment)))
        await this.markRefunded(payment, payment.giftCardValue);
    }
    if (result.approvedNow) {
      const payment = (await this.modules.orders.payment(transactionId))!;
      // §6: the saved card that paid (one-click, or the wallet's) cannot be deleted for now.
      const card = await savedCardOf(this.modules.wallet, payment);
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
    const cardPart = payment.value - payment.giftCardValue;
    if (cardPart > 0) {
      if (payment.channel === 'webpayRedirect') await this.acquirer.refund(payment.acquirerToken!, cardPart);
      else if (payment.channel === 'oneclick')
        await this.acquirer.oneclickRefund({
          buyOrder: payment.orderGroup,
          storeBuyOrder: storeBuyOrderOf(payment.orderGroup),
          amountCents: cardPart,
        });
      else if (payment.channel === 'wallet' && typeof details.internalCode === 'string')
        await this.modules.wallet.refund(details.internalCode);
    }
    if (payment.giftCardValue > 0) await this.refundGiftCard(payment);
    await this.markRefunded(payment, payment.value);
  }

  /** A gift card's part back to the card; false when it was never redeemed (E027: unknown reference). */
  private async refundGiftCard(payment: PaymentRecord): Promise<boolean> {
    return (await this.giftCards.refund(payment.id)).code === '200-0';
  }

  private markRefunded(payment: PaymentRecord, amount: number): Promise<void> {
    return this.database.db.transaction((tx) => this.modules.orders.markRefunded(payment, amount, tx));
  }

  /**
   * The acquirer's return (Webpay Plus' four): token_ws alone is a payment to commit; TBK_TOKEN is the
   * shopper's abort (with token_ws too: the error page); TBK_ORDEN_COMPRA alone a timeout. Answers where
   * the shopper goes next.
   */
  async acquirerReturn(fields: Record<string, string | undefined>): Promise<string> {
    const token = fields.token_ws;
    const abortToken = fields.TBK_TOKEN;
    let payment: PaymentRecord | null = null;
    let outcome: PaymentOutcome;
    if (token && !abortToken) {
      payment = await this.modules.orders.paymentByToken(token);
      if (!payment) return failurePath('error');
      const found = await this.outcomeOf(token, true);
      outcome = found.kind === 'waiting' ? { kind: 'error' } : found;
    } else if (abortToken) {
      payment = await this.modules.orders.paymentByToken(abortToken);
      outcome = { kind: token ? 'error' : 'aborted' };
    } else if (fields.TBK_ORDEN_COMPRA) {
      payment = await this.modules.orders.paymentOfGroup(fields.TBK_ORDEN_COMPRA);
      outcome = { kind: 'timeout' };
    } else return failurePath('error');
    if (!payment) return failurePath('error');
    const result = await this.settle(payment.id, outcome);
    if (result.status === 'approved') return orderPlacedPath(result.orderGroup);
    return failurePath(outcome.kind === 'approved' ? 'error' : outcome.kind, result.orderGroup);
  }

  /**
   * What the acquirer says of a token: commit it (once paid, only the first commit succeeds), else read
   * its status. `waiting` for a payment the shopper may still be making.
   */
  private async outcomeOf(token: string, returned: boolean): Promise<PaymentOutcome | { kind: 'waiting' }> {
    let answer: AcquirerPayment;
    try {
      answer = await this.acquirer.commit(token);
    } catch {
      answer = await this.acquirer.status(token);
      if (answer.status === 'INITIALIZED' && !returned) return { kind: 'waiting' };
    }
    if (answer.status === 'AUTHORIZED' && answer.responseCode === 0)
      return { kind: 'approved', details: { ...answer } };
    return { kind: 'rejected', details: { ...answer }, failure: { code: 'paymentRejected' } };
  }

  /**
   * The reconciliation pass: each payment pending longer than reconcileAfterMs is asked about where it was
   * made. Card redirect: committed if the shopper paid and never came back, approved if committed
   * already, canceled if it failed or never started; one still on the acquirer's page waits. One-click:
   * the mall's status of its buy order (none: never charged). Wallet: its charge's code (200-2 waits).
   * Gift card alone: its redemption is given back (the issuer cannot be asked without the password), so
   * it ends as a refund. Answers how many it settled.
   */
  async reconcile(): Promise<number> {
    let settled = 0;
    for (const payment of await this.modules.orders.pendingOlderThan(this.reconcileAfterMs)) {
      try {
        const outcome = await this.reconciledOutcome(payment);
        if (outcome.kind === 'waiting') continue;
        await this.settle(payment.id, outcome);
        settled += 1;
      } catch (error) {
        this.log(`reconciliation of ${payment.orderGroup} failed: ${(error as Error).message}`);
      }
    }
    return settled;
  }

  private async announceConfirmed(orderGroup: string): Promise<void> {
    if (!this.onConfirmed) return;
    const [payment, orders] = await Promise.all([
      this.modules.orders.paymentOfGroup(orderGroup),
      this.modules.orders.groupOrders(orderGroup),
    ]);
    const orderId = orders[0]?.orderId;
    if (!payment?.userId || !orderId) return;
    await this.onConfirmed({ orderGroup, orderId, userId: payment.userId });
  }

  private async reconciledOutcome(payment: PaymentRecord): Promise<PaymentOutcome | { kind: 'waiting' }> {
    switch (payment.channel) {
      case 'webpayRedirect':
        return payment.acquirerToken ? this.outcomeOf(payment.acquirerToken, false) : { kind: 'error' };
      case 'oneclick': {
        // Unreachable: this pass fails for it and the next asks again; unknown to the mall: never charged.
        const answer = await this.acquirer.oneclickStatus(payment.orderGroup);
        return answer ? oneclickOutcome(answer) : { kind: 'error' };
      }
      case 'wallet': {
        const charge = await this.modules.wallet.chargeCodeOf(payment.id);
        if (!charge) return { kind: 'error' };
        if (charge.code === WALLET_PROCESSING_CODE) return { kind: 'waiting' };
        const details = { walletCode: charge.code, internalCode: charge.internalCode };
        return charge.code === WALLET_APPROVED_CODE
          ? { kind: 'approved', details }
          : { kind: 'rejected', details, failure: { code: 'paymentRejected', field: charge.code } };
      }
      case 'giftCard':
        return { kind: 'error' };
    }
  }

  /** The confirmation e-mail of an order group, to the address of its client profile. */
  async sendConfirmation(orderGroup: string): Promise<void> {
    const orders = await this.modules.orders.groupOrders(orderGroup);
    const first = orders[0];
    if (!first || !first.clientProfileData.email) return;
    const lines = orders.flatMap((order) =>
      order.items.map(
        (item) => `- ${item.quantity} × ${item.name}: ${formatCLP(item.sellingPrice * item.quantity)}`,
      ),
    );
    const total = orders.reduce((sum, order) => sum + order.value, 0);
    const window = first.shippingData.deliveryWindow;
    await this.mailer.send({
      to: first.clientProfileData.email,
      subject: `Confirmación de compra: pedido ${orderGroup}`,
      text: [
        `¡Gracias por tu compra, ${first.clientProfileData.firstName ?? ''}!`.replace(' !', '!'),
        `Pedido ${orderGroup} (${orders.map((order) => order.statusDescription).join(', ')}).`,
        ...lines,
        `Total: ${formatCLP(total)}`,
        ...(window ? [`Entrega: ${window.startDateUtc} – ${window.endDateUtc}`] : []),
      ].join('\n'),
    });
  }
}

/** A one-click authorization as an outcome: 0 approved, −96…−99 and the rest declines of their own. */
function oneclickOutcome(answer: OneclickPayment): PaymentOutcome {
  const details = { ...answer };
  return answer.status === 'AUTHORIZED' && answer.responseCode === 0
    ? { kind: 'approved', details }
    : { kind: 'rejected', details, failure: { code: oneclickFailure(answer.responseCode) } };
}

/** Back to the checkout's payment step with what happened. */
function failurePath(kind: 'rejected' | 'aborted' | 'timeout' | 'error', orderGroup?: string): string {
  return `/checkout/payment?paymentError=${kind}${orderGroup ? `&og=${orderGroup}` : ''}`;
}
