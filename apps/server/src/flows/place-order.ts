import {
  CARD_REDIRECT_PAYMENT_ID,
  DELIVERY_METHODS,
  PAYMENT_IDS,
  PAYMENT_RECONCILE_AFTER_MS,
  STOCK_HOLD_MS,
  cartGaps,
  cartGapsText,
  checkoutCartOf,
  formatCLP,
} from '@despensa/domain';
import { Failure, type TransactionAnswer, type TransactionBody } from '@despensa/contracts';
import type { Database } from '../db/client';
import type { CartService } from '../modules/cart/service';
import type { CatalogService } from '../modules/catalog/service';
import type { DeliveryService } from '../modules/shipping/service';
import type { OrdersService, PaymentRecord } from '../modules/orders/service';
import type { Acquirer, AcquirerPayment } from '../providers/acquirer/acquirer';
import type { Mailer } from '../providers/mail/mailer';
import { defineFlow, runFlow } from './flow';

interface Modules {
  cart: CartService;
  catalog: CatalogService;
  delivery: DeliveryService;
  orders: OrdersService;
}

/**
 * Payment systems by §9 id and how each is paid. Card redirect (Webpay Plus) pays credit, debit (30) and
 * prepaid cards on the acquirer's page; gift card, wallet and one-click come as systems of their own.
 */
const PAYMENT_METHODS: Record<number, 'webpayRedirect'> = {
  [CARD_REDIRECT_PAYMENT_ID]: 'webpayRedirect',
  [PAYMENT_IDS.debit]: 'webpayRedirect',
};

/** Where the shopper pays a transaction: the shop's own page that posts the token to the acquirer. */
export const paymentPagePath = (transactionId: string) => `/checkout/pagar/${transactionId}`;

/**
 * Placing an order (POST /api/checkout/pub/orderform/transaction), in ONE transaction: the cart re-priced
 * from the database under its row lock, §5 completeness, the value checked against the cart's total, the
 * cart's units held off the stock, the window's place kept for the order, the order group and its pending
 * payment written. A cart with a payment still pending converges on it (one order per cart).
 */
export function placeOrderFlow({ cart, catalog, delivery, orders }: Modules) {
  return defineFlow<{ orderFormId: string; userId: string; body: TransactionBody }, TransactionAnswer>(
    'place-order',
    async ({ orderFormId, userId, body }, { tx, step }) => {
      const draft = await step('repriceCart', () => cart.checkoutDraft(orderFormId, tx));
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
      const window = deliveryChoice?.window ?? null;
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
      if (body.value !== orderForm.value) {
        throw new Failure('orderValueMismatch', {
          message: `El total de tu compra es ${formatCLP(orderForm.value)}: revisa tu carro antes de pagar.`,
          field: 'value',
        });
      }
      const paid = draft.payments.reduce((sum, payment) => sum + payment.value, 0);
      if (paid !== orderForm.value) throw new Failure('orderValueMismatch', { field: 'payments' });
      const [payment] = draft.payments;
      if (draft.payments.length !== 1 || !PAYMENT_METHODS[payment!.paymentSystem]) {
        throw new Failure('paymentSystemUnavailable', { field: 'payments' });
      }
      const ids = orders.newIds();
      const now = Date.now();
      if (window && deliveryChoice?.selectedSla !== DELIVERY_METHODS.express.id) {
        await step('keepWindow', () => delivery.keepWindowForOrder(orderFormId, ids.orderGroup, tx));
      }
      await step('writeOrders', () =>
        orders.placeGroup(
          {
            ...ids,
            orderForm,
            userId,
            paymentSystem: payment!.paymentSystem,
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
        redirectUrl: paymentPagePath(ids.transactionId),
      };
    },
  );
}

function answerOf(payment: PaymentRecord): TransactionAnswer {
  return {
    tId: payment.id,
    orderId: payment.orderGroup,
    xChko: payment.accessToken,
    redirectUrl: paymentPagePath(payment.id),
  };
}

/** How a payment at the acquirer ended, as the return, a repeat of it or the reconciliation learnt it. */
export type PaymentOutcome =
  | { kind: 'approved'; payment: AcquirerPayment }
  | { kind: 'rejected' | 'aborted' | 'timeout' | 'error'; payment?: AcquirerPayment };

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
      const details = outcome.payment ? { ...outcome.payment } : null;
      if (payment.status !== 'pending') {
        const refund = outcome.kind === 'approved' && payment.status === 'canceled';
        return { orderGroup: payment.orderGroup, status: payment.status, refund };
      }
      if (outcome.kind === 'approved') {
        if (await step('sellStock', () => catalog.sellHeldStock(payment.orderGroup, tx))) {
          await step('approve', () => orders.approve(payment, details!, tx));
          await step('clearCart', () => cart.clearAfterOrder(payment.orderFormId, tx));
          return { orderGroup: payment.orderGroup, status: 'approved', refund: false, approvedNow: true };
        }
        await step('giveWindowBack', () =>
          delivery.returnOrderWindow(payment.orderGroup, payment.orderFormId, tx),
        );
        await step('cancel', () => orders.cancel(payment, details, tx));
        return { orderGroup: payment.orderGroup, status: 'canceled', refund: true };
      }
      await step('releaseStock', () => catalog.releaseHeldStock(payment.orderGroup, tx));
      await step('giveWindowBack', () =>
        delivery.returnOrderWindow(payment.orderGroup, payment.orderFormId, tx),
      );
      await step('cancel', () => orders.cancel(payment, details, tx));
      return { orderGroup: payment.orderGroup, status: 'canceled', refund: false };
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
}

/** Checkout: placing orders, paying them at the acquirer, settling and reconciling payments. */
export class Checkout {
  private readonly place;
  private readonly settleFlow;
  /** Per transaction, the acquirer call under way in this instance: parallel calls share it. */
  private readonly starting = new Map<string, Promise<{ token: string; url: string }>>();

  constructor(
    private readonly database: Database,
    private readonly modules: Modules,
    private readonly acquirer: Acquirer,
    private readonly mailer: Mailer,
    private readonly log: (message: string) => void,
  ) {
    this.place = placeOrderFlow(modules);
    this.settleFlow = settlePaymentFlow(modules);
  }

  /**
   * Places the cart's order and creates its acquirer transaction. Idempotent per cart attempt and client
   * key: a repeat answers what the first answered; a reused key with another body is refused.
   */
  async placeOrder(
    input: { orderFormId: string; userId: string; body: TransactionBody },
    options: { clientKey?: string | undefined; origin: string },
  ): Promise<TransactionAnswer> {
    const { clientKey, origin } = options;
    const attempt = await this.modules.orders.attemptOf(input.orderFormId);
    const idempotencyKey = `${input.orderFormId}#${attempt}${clientKey ? `:${clientKey}` : ''}`;
    const answer = await runFlow(this.database, this.place, input, { idempotencyKey });
    await this.startPayment(answer.tId, origin);
    return answer;
  }

  /**
   * The acquirer transaction of a pending payment (created once; parallel calls share the call). If the
   * acquirer refuses, the undo: the group is canceled and its units and window given back.
   */
  async startPayment(transactionId: string, origin: string): Promise<{ token: string; url: string } | null> {
    const payment = await this.modules.orders.payment(transactionId);
    if (!payment || payment.status !== 'pending') return null;
    if (payment.acquirerToken && payment.acquirerUrl)
      return { token: payment.acquirerToken, url: payment.acquirerUrl };
    let call = this.starting.get(transactionId);
    if (!call) {
      call = this.createAtAcquirer(payment, origin).finally(() => this.starting.delete(transactionId));
      this.starting.set(transactionId, call);
    }
    return call;
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
        amountCents: payment.value,
        returnUrl: `${origin}/checkout/retorno`,
      });
    } catch (error) {
      this.log(`acquirer create failed for ${payment.orderGroup}: ${(error as Error).message}`);
      await this.settle(payment.id, { kind: 'error' });
      throw new Failure('paymentSystemUnavailable');
    }
    if (await this.modules.orders.keepAcquirerToken(payment.id, created.token, created.url)) return created;
    // Another instance kept its token first; this one's is never shown to anyone and expires unpaid.
    const kept = await this.modules.orders.payment(payment.id);
    return { token: kept!.acquirerToken!, url: kept!.acquirerUrl! };
  }

  /** Settles a payment (see settlePaymentFlow), then refunds or sends the confirmation as it says. */
  async settle(transactionId: string, outcome: PaymentOutcome): Promise<SettleResult> {
    const result = await runFlow(this.database, this.settleFlow, { transactionId, outcome });
    if (result.refund && outcome.kind === 'approved') {
      const payment = await this.modules.orders.payment(transactionId);
      await this.acquirer.refund(payment!.acquirerToken!, outcome.payment.amountCents);
      await this.database.db.transaction((tx) =>
        this.modules.orders.markRefunded(payment!, outcome.payment.amountCents, tx),
      );
      this.log(`refunded ${outcome.payment.buyOrder}: its order could not be completed`);
    }
    if (result.approvedNow) await this.sendConfirmation(result.orderGroup).catch(() => {});
    return result;
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
    if (result.status === 'approved') return `/checkout/orderPlaced?og=${result.orderGroup}`;
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
      return { kind: 'approved', payment: answer };
    return { kind: 'rejected', payment: answer };
  }

  /**
   * The reconciliation pass: each payment pending longer than PAYMENT_RECONCILE_AFTER_MS is committed if
   * the shopper paid and never came back, approved if committed already, canceled if it failed or never
   * started; one still on the acquirer's page waits for the next pass. Answers how many it settled.
   */
  async reconcile(): Promise<number> {
    let settled = 0;
    for (const payment of await this.modules.orders.pendingOlderThan(PAYMENT_RECONCILE_AFTER_MS)) {
      try {
        const outcome: PaymentOutcome | { kind: 'waiting' } = payment.acquirerToken
          ? await this.outcomeOf(payment.acquirerToken, false)
          : { kind: 'error' };
        if (outcome.kind === 'waiting') continue;
        await this.settle(payment.id, outcome);
        settled += 1;
      } catch (error) {
        this.log(`reconciliation of ${payment.orderGroup} failed: ${(error as Error).message}`);
      }
    }
    return settled;
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

/** Back to the checkout's payment step with what happened. */
function failurePath(kind: 'rejected' | 'aborted' | 'timeout' | 'error', orderGroup?: string): string {
  return `/checkout/payment?paymentError=${kind}${orderGroup ? `&og=${orderGroup}` : ''}`;
}
