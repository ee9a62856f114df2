import { lineAmount, lineRefundSettlement } from '@despensa/domain';
import {
  Failure,
  type AuditActor,
  type SupportOrder,
  type SupportOrderQuery,
  type SupportSearch,
} from '@despensa/contracts';
import type { Database } from '../db/client';
import type { AuditService } from '../modules/audit/service';
import type { ChatService } from '../modules/chat/service';
import type { OperationsService } from '../modules/operations/service';
import type { OrderFulfilment, OrdersService } from '../modules/orders/service';
import type { PurchasesService } from '../modules/orders/purchases';
import type { SupportOrders } from '../modules/orders/support';
import type { UserService } from '../modules/user/service';
import type { Mailer } from '../providers/mail/mailer';
import type { PaymentProviders } from '../providers/payments/registry';
import { confirmationMail } from './confirmation-mail';
import { defineFlow, runFlow } from './flow';
import { refundThroughPayment } from './order-payment';
import { orderTimeline } from './support-timeline';

export interface SupportDeskModules {
  support: SupportOrders;
  orders: OrdersService;
  purchases: PurchasesService;
  fulfilment: OrderFulfilment;
  users: UserService;
  operations: OperationsService;
  chat: ChatService;
  audit: AuditService;
  payments: PaymentProviders;
  mailer: Mailer;
  brandOfSeller: (sellerId: string) => string | undefined;
}

const ORDER_ID = /^\d{6,20}(-\d{2})?$/;

/**
 * The back office's support desk (issue 30 §4): find orders and customers, an order's timeline, refund a
 * line through the payment it came from, resend the confirmation e-mail. Every change is one transaction
 * with its audit row (who, when, before and after); the provider's refund is its last step.
 */
export class SupportDesk {
  constructor(
    private readonly database: Database,
    private readonly modules: SupportDeskModules,
  ) {}

  /** By order id or group, by a customer's e-mail or RUT (their orders), by day, or both. */
  async search(query: SupportOrderQuery): Promise<SupportSearch> {
    const { support, users } = this.modules;
    const q = query.q ?? '';
    const customers = ORDER_ID.test(q) ? [] : await users.findForSupport({ text: q });
    if (q && !ORDER_ID.test(q) && customers.length === 0) return { customers, orders: [] };
    const orders = await support.find({
      ...(ORDER_ID.test(q) ? { id: q } : {}),
      ...(customers.length ? { userIds: customers.map((each) => each.userId) } : {}),
      ...(query.day ? { day: query.day } : {}),
    });
    return { customers, orders };
  }

  async order(orderId: string): Promise<SupportOrder> {
    const { support, orders, users, operations, chat, audit, fulfilment } = this.modules;
    const row = await support.order(orderId);
    const transactionId = row.detail.paymentData.transactions[0]?.transactionId;
    const [payment, refunds, storeActions, history, backOffice, customers, held] = await Promise.all([
      transactionId ? orders.payment(transactionId) : null,
      support.lineRefunds(orderId),
      operations.auditOf(orderId),
      chat.history(orderId, 'store'),
      audit.list({ subject: `order:${orderId}`, limit: 200 }),
      row.userId ? users.findForSupport({ ids: [row.userId] }) : [],
      fulfilment.get(orderId),
    ]);
    // The customer's own changes name them from the order; only staff ids are looked up.
    const staffIds = backOffice.filter((each) => each.actor.kind === 'staff').map((each) => each.actor.id);
    const staffNames = await operations.namesOf([...new Set(staffIds)]);
    const refunded = new Map(refunds.map((each) => [each.line, each.amount]));
    return {
      ...support.summary(row),
      customer: customers[0] ?? null,
      payment: payment && {
        transactionId: payment.id,
        channel: payment.channel,
        value: payment.value,
        refunded: payment.refunded,
      },
      lines: row.detail.items.map((item, index) => ({
        index,
        id: item.id,
        name: item.name,
        quantity: item.quantity,
        amount: lineAmount(item),
        refunded: refunded.get(index) ?? (missingAtReceipt(held, index) ? lineAmount(item) : null),
      })),
      timeline: orderTimeline({
        order: row,
        payment,
        // Both audits answer newest first; the timeline reads oldest first.
        storeActions: [...storeActions].reverse(),
        chat: history.messages,
        backOffice: [...backOffice].reverse(),
        staffNames,
      }),
    };
  }

  /** Refunds one line (or `amount` of it) through the order's payment; refused as the payment's rules say. */
  async refundLine(
    actor: AuditActor,
    input: { orderId: string; index: number; amount?: number | undefined },
  ): Promise<SupportOrder> {
    await runFlow(this.database, this.refundLineFlow, { actor, ...input });
    return this.order(input.orderId);
  }

  /** Sends the confirmation e-mail again, through the mail outbox, with its audit row. */
  async resendConfirmation(actor: AuditActor, orderId: string): Promise<SupportOrder> {
    await runFlow(this.database, this.resendFlow, { actor, orderId });
    return this.order(orderId);
  }

  private readonly refundLineFlow = defineFlow<
    { actor: AuditActor; orderId: string; index: number; amount?: number | undefined },
    null
  >('support-refund-line', async ({ actor, orderId, index, amount }, { tx, step }) => {
    const { support, orders, purchases, audit, fulfilment } = this.modules;
    const row = await step('lockOrder', () => support.order(orderId, tx));
    const item = row.detail.items[index];
    if (!item) throw new Failure('lineNotFound');
    const refunds = await support.lineRefunds(orderId, tx);
    const held = await fulfilment.get(orderId, tx, false);
    if (refunds.some((each) => each.line === index) || missingAtReceipt(held, index))
      throw new Failure('lineAlreadyRefunded');
    const lineValue = lineAmount(item);
    const wanted = amount ?? lineValue;
    if (wanted > lineValue) throw new Failure('refundAboveCharged');
    const transactionId = row.detail.paymentData.transactions[0]?.transactionId;
    const payment = transactionId ? await orders.payment(transactionId, tx, true) : null;
    if (!payment || payment.status === 'pending' || payment.status === 'canceled')
      throw new Failure('paymentNotFound');
    const settlement = lineRefundSettlement(payment, wanted);
    if (settlement.kind === 'refused') throw new Failure(settlement.failure);
    await step('recordRefund', () => purchases.recordRefund(payment.id, wanted, tx));
    await step('recordLine', () =>
      support.recordLineRefund(tx, { orderId, line: index, amount: wanted, staffId: actor.id }),
    );
    await step('audit', () =>
      audit.record(tx, {
        actor,
        action: 'order.refundLine',
        subject: `order:${orderId}`,
        before: { line: index, refunded: null, paymentRefunded: payment.refunded },
        after: { line: index, name: item.name, amount: wanted, paymentRefunded: payment.refunded + wanted },
      }),
    );
    await step('refund', () => refundThroughPayment(this.modules.payments, payment, wanted));
    return null;
  });

  private readonly resendFlow = defineFlow<{ actor: AuditActor; orderId: string }, null>(
    'support-resend-confirmation',
    async ({ actor, orderId }, { tx, step }) => {
      const { support, orders, audit, mailer, brandOfSeller } = this.modules;
      const row = await support.order(orderId);
      const mail = confirmationMail(row.orderGroup, await orders.groupOrders(row.orderGroup), brandOfSeller);
      if (!mail) throw new Failure('orderNotFound', { message: 'El pedido no tiene un correo de cliente' });
      await step('queueMail', () => mailer.send(mail, tx));
      await step('audit', () =>
        audit.record(tx, {
          actor,
          action: 'order.resendConfirmation',
          subject: `order:${orderId}`,
          before: null,
          after: { to: mail.to, subject: mail.subject },
        }),
      );
      return null;
    },
  );
}

/** A line the receipt did not charge (picked as missing): the receipt's refund already gave it back. */
function missingAtReceipt(held: Awaited<ReturnType<OrderFulfilment['get']>>, index: number): boolean {
  return Boolean(held.fulfilment?.receipt) && held.fulfilment?.lines[index]?.state === 'missing';
}
