import {
  Failure,
  type ChatAnswer,
  type ChatMessage,
  type Fulfilment,
  type PickingBoard,
  type ReplacementOptions,
} from '@despensa/contracts';
import { formatCLP, isWeighed, pickedLine, substitutionAllowed } from '@despensa/domain';
import type { Database, Tx } from '../db/client';
import type { Staff } from '../modules/operations/service';
import { statusDescription, type OrderInHand, type PickedLine } from '../modules/orders/service';
import type { Mailer } from '../providers/mail/mailer';
import { settleAfterReceipt } from './order-payment';
import {
  BOARD_STATUSES,
  fulfilmentView,
  ownStore,
  pickingBoard,
  pushOrderEvent,
  readChat,
  receiptName,
  type PickingDeps,
} from './picking-view';
import { replacementOptions, shelfOffer } from './replacement-options';
import { ShopperPicking } from './shopper-picking';

/**
 * The store's work on an order after payment, across modules: the operator's picking, weighing,
 * replacements and status moves (each one transaction that also writes the audit row and pushes the
 * event), the store's side of the order chat, the e-mails and the refund after the receipt; the shopper's
 * side is `shopper` (ShopperPicking).
 * An order of another store is a 404 for an operator, as another shopper's order is for a shopper.
 */
export class Picking {
  /** The shopper's side of the same orders (their order page, answers, 'llegué', chat). */
  readonly shopper: ShopperPicking;

  constructor(
    private readonly database: Database,
    private readonly deps: PickingDeps,
    private readonly mailer: Mailer,
    private readonly clock: () => Date = () => new Date(),
    private readonly log: (message: string) => void = () => {},
  ) {
    this.shopper = new ShopperPicking(database, deps, clock);
  }

  // ---- the console ----

  /** Orders to pick by delivery window, with counts per window and what is late. */
  async board(staff: Staff): Promise<PickingBoard> {
    const rows = await this.deps.fulfilment.storeOrders(staff.salesChannel, BOARD_STATUSES);
    return pickingBoard(this.deps, rows, this.clock());
  }

  /** One order of the operator's store, lines in aisle order. */
  async order(staff: Staff, orderId: string): Promise<Fulfilment> {
    const held = await this.deps.fulfilment.get(orderId);
    ownStore(staff, held);
    return fulfilmentView(this.deps, held, true);
  }

  /** ready-for-handling → handling. */
  start(staff: Staff, orderId: string): Promise<Fulfilment> {
    return this.operate(staff, orderId, 'start-handling', async (tx, held, now) => {
      const before = held.order.status;
      await this.deps.fulfilment.startHandling(tx, held, now);
      return { before: { status: before }, after: { status: held.order.status }, event: 'status' };
    });
  }

  /** 'Recogido': a replacement going in the bag instead stays, with its product and price. */
  pick(staff: Staff, orderId: string, index: number): Promise<Fulfilment> {
    return this.changeLine(staff, orderId, index, 'pick', pickedLine);
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
        const offer = product ? shelfOffer(product, proposal.skuId, item.seller) : null;
        if (!offer) throw new Failure('productNotFound');
        const { sku, price: sellingPrice } = offer;
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
    // The answer's lines are in aisle order: the proposal's line is found by its index, not its place.
    const line = answer.lines.find((each) => each.index === index)!;
    const replacement = line.replacement!;
    await this.mail(orderId, `Te proponemos un reemplazo en tu pedido ${orderId}`, [
      `Para "${line.name}" te proponemos "${replacement.name}" (${replacement.quantity} × ${formatCLP(replacement.sellingPrice)}).`,
      ...(replacement.note ? [`Nota de la tienda: ${replacement.note}`] : []),
      'Apruébalo o recházalo en Mis compras. Si no respondes antes de terminar la preparación, lo mantendremos (criterio de la tienda).',
    ]);
    return answer;
  }

  /** The picker's search for what may replace a line: the order's store, the line's seller. */
  async replacementOptions(
    staff: Staff,
    orderId: string,
    index: number,
    query: string,
  ): Promise<ReplacementOptions> {
    const held = await this.deps.fulfilment.get(orderId);
    ownStore(staff, held);
    const item = held.order.detail.items[index];
    if (!item) throw new Failure('lineNotFound');
    return replacementOptions(this.deps.catalog, held.order.salesChannel ?? 0, item.seller, query);
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
    if (payment) await settleAfterReceipt(this.deps, payment, answer.refunded, this.log);
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
      ...answer.lines.map((line) => `${receiptName(line)}: ${formatCLP(line.total)}`),
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
    return readChat(this.deps.chat, orderId, 'store');
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
        await pushOrderEvent(this.deps.hub, tx, held, 'chat', message);
        return { before: null, after: { messageId: message.id, text: message.text }, event: null };
      },
      false,
    );
    await this.announce(orderId, `Mensaje de ${staff.storeName}`, text, '#chat');
    return message!;
  }

  // ---- shared ----

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
        await pushOrderEvent(this.deps.hub, tx, held, 'status', {
          status: held.order.status,
          statusDescription: statusDescription(held.order.status),
        });
      else if (done.event === 'line') await pushOrderEvent(this.deps.hub, tx, held, 'line', done.data);
      return held;
    });
    return fulfilmentView(this.deps, held, true);
  }

  /**
   * The shopper hears the order's news by e-mail and on their devices (push). It runs after the change is
   * committed, so a failure here is logged and never fails the operator's request.
   */
  private async mail(orderId: string, subject: string, lines: string[]): Promise<void> {
    try {
      const [order] = await this.deps.orders.groupOrders(orderId.replace(/-\d+$/, ''));
      const to = order?.clientProfileData.email;
      if (to) await this.mailer.send({ to, subject, text: lines.join('\n') });
    } catch (error) {
      this.log(`order mail for ${orderId} failed: ${String(error)}`);
    }
    await this.announce(orderId, subject, lines[0] ?? subject);
  }

  /** Tells order.news (the push to the shopper's devices); a failure never stops the operation. */
  private async announce(orderId: string, title: string, body: string, anchor = ''): Promise<void> {
    try {
      const { userId } = (await this.deps.fulfilment.get(orderId)).order;
      if (!userId) return;
      await this.deps.events.emit('order.news', {
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
