import {
  Failure,
  type ChatAnswer,
  type ChatMessage,
  type Fulfilment,
  type OrderStatus,
  type PickingBoard,
  type PickingOrderSummary,
} from '@despensa/contracts';
import { centsFromPesos, formatCLP, isWeighed, substitutionAllowed } from '@despensa/domain';
import type { Database, Tx } from '../db/client';
import type { CatalogService } from '../modules/catalog/service';
import type { ChatService, ChatSide } from '../modules/chat/service';
import type { OperationsService, Staff } from '../modules/operations/service';
import {
  statusDescription,
  type OrderFulfilment,
  type OrderInHand,
  type OrdersService,
  type PaymentRecord,
  type PickedLine,
} from '../modules/orders/service';
import type { Mailer } from '../providers/mail/mailer';
import { orderTopic, storeTopic, type RealtimeHub } from '../realtime/hub';
import { refundThroughPayment, savedCardOf, type PaymentProviders } from './order-payment';

/** The statuses the console works on: to pick, being picked, on its way or waiting to be collected. */
const BOARD_STATUSES: OrderStatus[] = ['ready-for-handling', 'handling', 'invoiced'];
const NO_WINDOW = { startDateUtc: '', endDateUtc: '' };

/** The payment providers give back the part of the payment the receipt does not charge. */
export interface PickingDeps extends PaymentProviders {
  orders: OrdersService;
  fulfilment: OrderFulfilment;
  operations: OperationsService;
  chat: ChatService;
  catalog: CatalogService;
  hub: RealtimeHub;
}

/**
 * The store's work on an order after payment, across modules: the operator's picking, weighing,
 * replacements and status moves (each one transaction that also writes the audit row and pushes the
 * event), the shopper's answers to proposals and 'llegué', the order chat of both sides, and the e-mails.
 * An order of another store is a 404 for an operator, as another shopper's order is for a shopper.
 */
/** What the shopper's devices are told of their order, and the page a click opens. */
export interface OrderNews {
  userId: string;
  orderId: string;
  title: string;
  body: string;
  url: string;
}

export class Picking {
  /** Told of the news the shopper hears (proposal, on its way or ready, delivered, a store message). */
  onNews: ((news: OrderNews) => Promise<unknown>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly deps: PickingDeps,
    private readonly mailer: Mailer,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {}

  // ---- the console ----

  /** Orders to pick by delivery window, with counts per window and what is late. */
  async board(staff: Staff): Promise<PickingBoard> {
    const now = this.clock();
    const rows = await this.deps.fulfilment.storeOrders(staff.salesChannel, BOARD_STATUSES);
    const windows = new Map<string, PickingBoard['windows'][number]>();
    for (const row of rows) {
      const window = row.detail.shippingData.deliveryWindow;
      const late = isLate(row.status, window, now);
      const summary: PickingOrderSummary = {
        orderId: row.orderId,
        status: row.status,
        statusDescription: statusDescription(row.status),
        clientName: [row.detail.clientProfileData.firstName, row.detail.clientProfileData.lastName]
          .filter(Boolean)
          .join(' '),
        deliveryMethod: this.view({ order: row, fulfilment: null }).deliveryMethod,
        deliveryWindow: window,
        items: row.detail.items.length,
        value: row.value,
        late,
      };
      const key = window ? `${window.startDateUtc}|${window.endDateUtc}` : '';
      const entry = windows.get(key) ?? { ...(window ?? NO_WINDOW), count: 0, late: 0, orders: [] };
      entry.count += 1;
      entry.late += late ? 1 : 0;
      entry.orders.push(summary);
      windows.set(key, entry);
    }
    const sorted = [...windows.values()].sort((a, b) => a.startDateUtc.localeCompare(b.startDateUtc));
    return { now: now.toISOString(), windows: sorted, late: sorted.reduce((sum, w) => sum + w.late, 0) };
  }

  /** One order of the operator's store, lines in aisle order. */
  async order(staff: Staff, orderId: string): Promise<Fulfilment> {
    const held = await this.deps.fulfilment.get(orderId);
    ownStore(staff, held);
    return this.view(held, true);
  }

  /** ready-for-handling → handling. */
  start(staff: Staff, orderId: string): Promise<Fulfilment> {
    return this.operate(staff, orderId, 'start-handling', async (tx, held, now) => {
      const before = held.order.status;
      await this.deps.fulfilment.startHandling(tx, held, now);
      return { before: { status: before }, after: { status: held.order.status }, event: 'status' };
    });
  }

  pick(staff: Staff, orderId: string, index: number): Promise<Fulfilment> {
    return this.changeLine(staff, orderId, index, 'pick', (line) => ({
      ...line,
      state: 'picked',
      replacement: null,
    }));
  }

  /** The line is not in stock: nothing goes in the bag and it is refunded. */
  missing(staff: Staff, orderId: string, index: number): Promise<Fulfilment> {
    return this.changeLine(staff, orderId, index, 'mark-missing', () => ({
      state: 'missing',
      realGrams: null,
      replacement: null,
    }));
  }

  /** A weighed item's real weight: it is picked and its price follows the weight. */
  weigh(staff: Staff, orderId: string, index: number, grams: number): Promise<Fulfilment> {
    return this.changeLine(staff, orderId, index, 'weigh', (line, item) => {
      if (!isWeighed(item.measurementUnit)) throw new Failure('lineNotWeighed');
      return { state: 'picked', realGrams: grams, replacement: null };
    });
  }

  /** Proposes a replacement for a line whose preference allows it; the shopper is asked live and by e-mail. */
  async propose(
    staff: Staff,
    orderId: string,
    index: number,
    proposal: { skuId: string; quantity: number; note?: string | undefined },
  ): Promise<Fulfilment> {
    let salesChannel = 0;
    const answer = await this.changeLine(
      staff,
      orderId,
      index,
      'propose-replacement',
      (_line, item, type) => {
        if (!substitutionAllowed(type)) throw new Failure('substitutionNotAllowed');
        const product = this.deps.catalog.productsBySkus(item.seller, [proposal.skuId], salesChannel)[0];
        const sku = product?.items.find((each) => each.itemId === proposal.skuId);
        const offer = sku?.sellers.find((seller) => seller.sellerId === item.seller)?.commertialOffer;
        if (!sku || !offer) throw new Failure('productNotFound');
        const sellingPrice = centsFromPesos(offer.Price);
        return {
          state: 'replaced',
          realGrams: null,
          replacement: {
            id: sku.itemId,
            name: sku.nameComplete,
            quantity: proposal.quantity,
            sellingPrice,
            total: sellingPrice * proposal.quantity,
            note: proposal.note || null,
            answer: 'pending',
          },
        };
      },
      (held) => (salesChannel = held.order.salesChannel ?? 0),
    );
    const line = answer.lines[index]!;
    await this.mail(orderId, `Te proponemos un reemplazo en tu pedido ${orderId}`, [
      `Para "${line.name}" te proponemos "${line.replacement!.name}" (${line.replacement!.quantity} × ${formatCLP(line.replacement!.sellingPrice)}).`,
      ...(line.replacement!.note ? [`Nota de la tienda: ${line.replacement!.note}`] : []),
      'Apruébalo o recházalo en Mis compras. Si no respondes antes de terminar la preparación, lo mantendremos (criterio de la tienda).',
    ]);
    return answer;
  }

  /**
   * handling → invoiced: the receipt for the final total; what it does not charge goes back, the saved
   * card that paid is released (§6) and the shopper hears that the order is on its way or ready for pickup.
   */
  async invoice(staff: Staff, orderId: string): Promise<Fulfilment> {
    let transactionId: string | undefined;
    const answer = await this.operate(staff, orderId, 'invoice', async (tx, held, now) => {
      const before = { status: held.order.status, value: held.order.value };
      const settled = await this.deps.fulfilment.invoice(tx, held, now);
      transactionId = held.order.detail.paymentData.transactions[0]?.transactionId;
      return {
        before,
        after: { status: held.order.status, value: settled.total, ...settled },
        event: 'status',
      };
    });
    const payment = transactionId ? await this.deps.orders.payment(transactionId) : null;
    if (payment) await this.settlePayment(payment, answer.refunded);
    const pickup =
      answer.deliveryMethod !== 'Despacho a Domicilio' && answer.deliveryMethod !== 'Despacho Express';
    await this.mail(
      orderId,
      pickup ? `Tu pedido ${orderId} está listo para retirar` : `Tu pedido ${orderId} va en camino`,
      [
        pickup
          ? `Tu pedido está listo para retirar (${answer.deliveryMethod}).`
          : 'Tu pedido salió del local y va en camino.',
        `Total final: ${formatCLP(answer.total)}`,
      ],
    );
    return answer;
  }

  /** invoiced → delivered (home, express) or collected (store pickup, Click al Auto); the receipt is e-mailed. */
  async handOver(staff: Staff, orderId: string): Promise<Fulfilment> {
    const answer = await this.operate(staff, orderId, 'hand-over', async (tx, held, now) => {
      const before = held.order.status;
      if (before !== 'invoiced') throw new Failure('orderWrongStatus');
      await this.deps.fulfilment.handOver(tx, held, now);
      return { before: { status: before }, after: { status: held.order.status }, event: 'status' };
    });
    await this.mail(orderId, `Tu pedido ${orderId} fue entregado`, [
      answer.status === 'collected' ? 'Retiraste tu pedido. ¡Gracias!' : 'Entregamos tu pedido. ¡Gracias!',
      `Boleta ${answer.receipt!.number} (${answer.receipt!.issuedAt})`,
      ...answer.lines.map((line) => `${line.name}: ${formatCLP(line.total)}`),
      `Total: ${formatCLP(answer.receipt!.total)}`,
      ...(answer.receipt!.refunded > 0 ? [`Devolución: ${formatCLP(answer.receipt!.refunded)}`] : []),
    ]);
    return answer;
  }

  async audit(staff: Staff, orderId: string) {
    ownStore(staff, await this.deps.fulfilment.get(orderId));
    return this.deps.operations.auditOf(orderId);
  }

  /** The order's chat as the store reads it (the shopper's messages become read). */
  async storeChat(staff: Staff, orderId: string): Promise<ChatAnswer> {
    ownStore(staff, await this.deps.fulfilment.get(orderId));
    return this.readChat(orderId, 'store');
  }

  async storeSays(staff: Staff, orderId: string, text: string): Promise<ChatMessage> {
    let message: ChatMessage | null = null;
    // A message changes nothing of the order: no lock on it, so chat never waits for picking.
    await this.operate(
      staff,
      orderId,
      'chat-reply',
      async (tx, held) => {
        message = await this.deps.chat.post(tx, orderId, 'store', staff.storeName, text);
        await this.push(tx, held, 'chat', message);
        return { before: null, after: { messageId: message.id, text: message.text }, event: null };
      },
      false,
    );
    await this.announce(orderId, `Mensaje de ${staff.storeName}`, text, '#chat');
    return message!;
  }

  // ---- the shopper ----

  /** The shopper's own order as picked (the order page and the approval component). */
  async forShopper(userId: string, orderId: string): Promise<Fulfilment> {
    await this.deps.orders.order(userId, orderId);
    return this.view(await this.deps.fulfilment.get(orderId));
  }

  /** The shopper approves or rejects a proposed replacement while the order is being picked. */
  async answer(userId: string, orderId: string, index: number, approve: boolean): Promise<Fulfilment> {
    await this.deps.orders.order(userId, orderId);
    return this.shopperChange(orderId, async (tx, held, now) => {
      const { after } = await this.deps.fulfilment.changeLine(
        tx,
        held,
        index,
        (line) => {
          if (!line.replacement) throw new Failure('replacementNotFound');
          if (line.replacement.answer !== 'pending') throw new Failure('replacementAnswered');
          return { ...line, replacement: { ...line.replacement, answer: approve ? 'approved' : 'rejected' } };
        },
        now,
      );
      return { index, line: after };
    });
  }

  /** Click al Auto: the shopper says they arrived ('llegué'); the store is told live. */
  async arrived(userId: string, orderId: string): Promise<Fulfilment> {
    await this.deps.orders.order(userId, orderId);
    return this.shopperChange(orderId, async (tx, held, now) => {
      await this.deps.fulfilment.arrived(tx, held, now);
      return { arrivedAt: now.toISOString() };
    });
  }

  /** The history and how many store messages are pending for the shopper (the §4 bar's N). */
  async shopperChat(userId: string, orderId: string): Promise<ChatAnswer> {
    await this.deps.orders.order(userId, orderId);
    return this.deps.chat.history(orderId, 'shopper');
  }

  /** The shopper opened the chat (on any device): nothing is pending any more. */
  async shopperRead(userId: string, orderId: string): Promise<ChatAnswer> {
    await this.deps.orders.order(userId, orderId);
    return this.readChat(orderId, 'shopper');
  }

  async shopperSays(userId: string, orderId: string, text: string): Promise<ChatMessage> {
    const order = await this.deps.orders.order(userId, orderId);
    const name = order.clientProfileData.firstName ?? order.clientProfileData.email;
    return this.database.db.transaction(async (tx) => {
      const held = await this.deps.fulfilment.get(orderId);
      const message = await this.deps.chat.post(tx, orderId, 'shopper', name, text);
      await this.push(tx, held, 'chat', message);
      return message;
    });
  }

  /** The shopper's order topic, once the order is theirs. */
  async shopperTopic(userId: string, orderId: string): Promise<string> {
    await this.deps.orders.order(userId, orderId);
    return orderTopic(orderId);
  }

  // ---- shared ----

  private async readChat(orderId: string, reader: ChatSide): Promise<ChatAnswer> {
    const history = await this.deps.chat.history(orderId, reader);
    if (history.unread > 0) await this.deps.chat.markRead(orderId, reader);
    return { ...history, unread: 0 };
  }

  private changeLine(
    staff: Staff,
    orderId: string,
    index: number,
    action: string,
    change: (
      line: PickedLine,
      item: OrderInHand['order']['detail']['items'][number],
      substituteType: number,
    ) => PickedLine,
    onHeld?: (held: OrderInHand) => void,
  ): Promise<Fulfilment> {
    return this.operate(staff, orderId, action, async (tx, held, now) => {
      onHeld?.(held);
      const { before, after } = await this.deps.fulfilment.changeLine(tx, held, index, change, now);
      return {
        before: { index, ...before },
        after: { index, ...after },
        event: 'line',
        data: { index, line: after },
      };
    });
  }

  /**
   * An operator action: the order locked in one transaction, checked to be of the operator's store, the
   * change, its audit row (who, when, what, before and after) and the pushed event, all or nothing.
   */
  private async operate(
    staff: Staff,
    orderId: string,
    action: string,
    run: (
      tx: Tx,
      held: OrderInHand,
      now: Date,
    ) => Promise<{ before: unknown; after: unknown; event: 'status' | 'line' | null; data?: unknown }>,
    lock = true,
  ): Promise<Fulfilment> {
    const held = await this.database.db.transaction(async (tx) => {
      const held = await this.deps.fulfilment.get(orderId, tx, lock);
      ownStore(staff, held);
      const done = await run(tx, held, this.clock());
      await this.deps.operations.audit(tx, staff, {
        orderId,
        action,
        before: done.before,
        after: done.after,
      });
      if (done.event === 'status')
        await this.push(tx, held, 'status', {
          status: held.order.status,
          statusDescription: statusDescription(held.order.status),
        });
      else if (done.event === 'line') await this.push(tx, held, 'line', done.data);
      return held;
    });
    return this.view(held, true);
  }

  private async shopperChange(
    orderId: string,
    run: (tx: Tx, held: OrderInHand, now: Date) => Promise<unknown>,
  ): Promise<Fulfilment> {
    const held = await this.database.db.transaction(async (tx) => {
      const held = await this.deps.fulfilment.get(orderId, tx);
      const data = await run(tx, held, this.clock());
      await this.push(tx, held, 'order', data);
      return held;
    });
    return this.view(held);
  }

  /** Both sides hear of it: the shopper's order page and the store's console. */
  private push(tx: Tx, held: OrderInHand, type: 'status' | 'line' | 'chat' | 'order', data: unknown) {
    const topics = [orderTopic(held.order.orderId)];
    if (held.order.salesChannel !== null) topics.push(storeTopic(held.order.salesChannel));
    return this.deps.hub.publish(tx, topics, type, held.order.orderId, data);
  }

  private view(held: OrderInHand, aisleOrder = false): Fulfilment {
    const salesChannel = held.order.salesChannel ?? 1;
    const aisleOf = (productId: string) => {
      try {
        const path = this.deps.catalog.productById(productId, salesChannel).categories.at(-1) ?? '';
        return path.split('/').filter(Boolean)[0] ?? 'Otros';
      } catch {
        return 'Otros';
      }
    };
    const view = this.deps.fulfilment.view(held, aisleOf, statusDescription(held.order.status));
    if (aisleOrder)
      view.lines = [...view.lines].sort((a, b) => a.aisle.localeCompare(b.aisle, 'es') || a.index - b.index);
    return view;
  }

  /**
   * After the receipt: the part of a card payment it does not charge goes back through the acquirer, and
   * the wallet card that paid, if one did, may be deleted (§6). The receipt stands either way: a refund
   * the acquirer refuses is logged for the store to settle by hand.
   */
  private async settlePayment(payment: PaymentRecord, refunded: number): Promise<void> {
    const card = await savedCardOf(this.deps.wallet, payment);
    if (card) await this.deps.wallet.setCardInUse(card, false);
    if (refunded <= 0) return;
    try {
      await refundThroughPayment(this.deps, payment, refunded);
      await this.deps.fulfilment.recordRefund(payment.id, refunded);
    } catch (error) {
      this.log(`refund of ${refunded} on ${payment.orderGroup} failed: ${String(error)}`);
    }
  }

  /** The shopper hears the order's news by e-mail and on their devices (push). */
  private async mail(orderId: string, subject: string, lines: string[]): Promise<void> {
    const [order] = await this.deps.orders.groupOrders(orderId.replace(/-\d+$/, ''));
    const to = order?.clientProfileData.email;
    if (to) {
      await this.mailer
        .send({ to, subject, text: lines.join('\n') })
        .catch((error: unknown) => this.log(`order mail to ${to} failed: ${String(error)}`));
    }
    await this.announce(orderId, subject, lines[0] ?? subject);
  }

  /** Hands news to `onNews` (the push to the shopper's devices); a failure never stops the operation. */
  private async announce(orderId: string, title: string, body: string, anchor = ''): Promise<void> {
    if (!this.onNews) return;
    try {
      const { userId } = (await this.deps.fulfilment.get(orderId)).order;
      if (!userId) return;
      await this.onNews({
        userId,
        orderId,
        title,
        body,
        url: `/mis-compras/${orderId}${anchor}`,
      });
    } catch (error) {
      this.log(`order news for ${orderId} not pushed: ${String(error)}`);
    }
  }
}

/** An operator sees the orders of its own store only: any other is not found. */
function ownStore(staff: Staff, held: OrderInHand): void {
  if (held.order.salesChannel !== staff.salesChannel) throw new Failure('orderNotFound');
}

/** Late: the window started and picking has not ended, or the window ended and it was not handed over. */
function isLate(
  status: OrderStatus,
  window: { startDateUtc: string; endDateUtc: string } | null,
  now: Date,
): boolean {
  if (!window) return false;
  if (status === 'invoiced') return new Date(window.endDateUtc) < now;
  return new Date(window.startDateUtc) < now;
}
