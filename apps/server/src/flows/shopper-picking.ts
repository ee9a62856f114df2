import {
  Failure,
  type ChatAnswer,
  type ChatMessage,
  type ChatNotification,
  type Fulfilment,
} from '@despensa/contracts';
import type { Database, Tx } from '../db/client';
import type { OrderInHand } from '../modules/orders/service';
import { orderTopic } from '../realtime/hub';
import { fulfilmentView, pushOrderEvent, readChat, type PickingDeps } from './picking-view';

/**
 * The shopper's side of an order the store is picking: the order as picked, the answers to proposed
 * replacements, 'llegué', and the order chat. Their own orders only: any other is not found.
 */
export class ShopperPicking {
  constructor(
    private readonly database: Database,
    private readonly deps: PickingDeps,
    private readonly clock: () => Date,
  ) {}

  /** The shopper's own order as picked (the order page and the approval component). */
  async order(userId: string, orderId: string): Promise<Fulfilment> {
    await this.deps.orders.order(userId, orderId);
    return fulfilmentView(this.deps, await this.deps.fulfilment.get(orderId));
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
      await this.deps.audit.record(tx, {
        actor: { kind: 'customer', id: userId },
        action: 'order.replacementAnswer',
        subject: `order:${orderId}`,
        before: null,
        after: { index, name: after.replacement?.name ?? null, approved: approve },
      });
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
  async chat(userId: string, orderId: string): Promise<ChatAnswer> {
    await this.deps.orders.order(userId, orderId);
    return this.deps.chat.history(orderId, 'shopper');
  }

  /** §3 chat notification: the store's pending messages over all the shopper's orders. */
  async chatNotification(userId: string): Promise<ChatNotification> {
    const { count, orderId } = await this.deps.chat.pendingForShopper(
      await this.deps.orders.orderIds(userId),
    );
    return { count, purchaseId: orderId, action: orderId ? `/mis-compras/${orderId}#chat` : null };
  }

  /** The shopper opened the chat (on any device): nothing is pending any more. */
  async readChat(userId: string, orderId: string): Promise<ChatAnswer> {
    await this.deps.orders.order(userId, orderId);
    return readChat(this.deps.chat, orderId, 'shopper');
  }

  async says(userId: string, orderId: string, text: string): Promise<ChatMessage> {
    const order = await this.deps.orders.order(userId, orderId);
    const name = order.clientProfileData.firstName ?? order.clientProfileData.email;
    return this.database.db.transaction(async (tx) => {
      const held = await this.deps.fulfilment.get(orderId);
      const message = await this.deps.chat.post(tx, orderId, 'shopper', name, text);
      await pushOrderEvent(this.deps.hub, tx, held, 'chat', message);
      return message;
    });
  }

  /** The shopper's order topic, once the order is theirs. */
  async topic(userId: string, orderId: string): Promise<string> {
    await this.deps.orders.order(userId, orderId);
    return orderTopic(orderId);
  }

  private async shopperChange(
    orderId: string,
    run: (tx: Tx, held: OrderInHand, now: Date) => Promise<unknown>,
  ): Promise<Fulfilment> {
    const held = await this.database.db.transaction(async (tx) => {
      const held = await this.deps.fulfilment.get(orderId, tx);
      const data = await run(tx, held, this.clock());
      await pushOrderEvent(this.deps.hub, tx, held, 'order', data);
      return held;
    });
    return fulfilmentView(this.deps, held);
  }
}
