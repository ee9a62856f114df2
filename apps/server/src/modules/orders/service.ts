import { randomBytes, randomInt } from 'node:crypto';
import {
  Failure,
  type Order,
  type OrderForm,
  type OrderStatus,
  type PaymentTransaction,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { openGroupsAmong } from './open-groups';
import {
  boughtSkus,
  orderIdsOf,
  orderValuesIn,
  closedCount,
  insertGroup,
  lastApprovedOf,
  orderById,
  ordersOfGroup,
  pendingBefore,
  pendingOf,
  setGroupStatus,
  setOrderStatus,
  setToken,
  transactionByGroup,
  transactionById,
  transactionByToken,
  updateTransaction,
  type OrderRow,
  type TransactionRow,
} from './repo';
import type { PaymentStatus } from './tables';
import { orderView, STATUS_DESCRIPTION } from './order-view';
import { orderDetailOf, type PlacedGroup } from './order-detail';

export type { PlacedGroup };

export function statusDescription(status: OrderStatus): string {
  return STATUS_DESCRIPTION[status];
}

const TRANSACTION_STATUS: Record<PaymentStatus, PaymentTransaction['status']> = {
  pending: 'Started',
  approved: 'Approved',
  canceled: 'Cancelled',
  refunded: 'Refunded',
};

export type PaymentRecord = TransactionRow;

/**
 * Orders (VTEX OMS shapes): an order group per placement, one order per seller, its payment transaction,
 * and the statuses payment-pending → payment-approved → ready-for-handling, or canceled. Reads are for the
 * customer who placed the order only: anyone else gets a 404.
 */
export class OrdersService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private view = (row: OrderRow): Order => orderView(row, this.clock());

  /** New ids for a placement: a 13-digit order group, a transaction id and the group's access token. */
  newIds(): { orderGroup: string; transactionId: string; accessToken: string } {
    const orderGroup = `${randomInt(1, 10)}${String(randomInt(0, 1e12)).padStart(12, '0')}`;
    return {
      orderGroup,
      transactionId: randomBytes(16).toString('hex').toUpperCase(),
      accessToken: randomBytes(24).toString('base64url'),
    };
  }

  /** Writes the group's orders (one per seller, payment-pending) and its pending payment, in `tx`. */
  async placeGroup(group: PlacedGroup, tx: Tx): Promise<void> {
    const now = this.clock();
    const { orderForm } = group;
    const sellers = [...new Set(orderForm.items.map((item) => item.seller))];
    const priceOf = (item: OrderForm['items'][number]) =>
      group.linePrices.get(item.id) ?? { sellingPrice: item.sellingPrice, total: item.priceDefinition.total };
    const itemsTotal = (seller: string) =>
      orderForm.items
        .filter((item) => item.seller === seller)
        .reduce((sum, item) => sum + priceOf(item).total, 0);
    // Cart-wide amounts (the delivery fee) go with the first order, so the group adds up to what is charged.
    const rest = group.value - sellers.reduce((sum, seller) => sum + itemsTotal(seller), 0);
    const orders = sellers.map((seller, position) => {
      const orderId = `${group.orderGroup}-${String(position + 1).padStart(2, '0')}`;
      const value = itemsTotal(seller) + (position === 0 ? rest : 0);
      const detail = orderDetailOf(group, { seller, sellers, orderId, value, now, priceOf });
      return {
        orderId,
        orderGroup: group.orderGroup,
        orderFormId: orderForm.orderFormId,
        userId: group.userId,
        sellerId: seller,
        salesChannel: Number(orderForm.salesChannel) || null,
        status: 'payment-pending' as const,
        value,
        detail,
        createdAt: now,
        lastChange: now,
      };
    });
    await insertGroup(tx, orders, {
      id: group.transactionId,
      orderGroup: group.orderGroup,
      orderFormId: orderForm.orderFormId,
      userId: group.userId,
      paymentSystem: group.paymentSystem,
      channel: group.channel,
      entries: group.entries,
      giftCardValue: group.giftCardValue,
      value: group.value,
      status: 'pending',
      accessToken: group.accessToken,
      createdAt: now,
    });
  }

  /** The cart's payment still pending, in `tx` when given (a placement converges on it). */
  pendingPaymentOf(orderFormId: string, tx?: Tx): Promise<PaymentRecord | null> {
    return pendingOf(tx ?? this.database.db, orderFormId);
  }

  /** The cart's payment approved last, in `tx`: a repeated placement after its approval answers it. */
  lastApprovedPaymentOf(orderFormId: string, tx: Tx): Promise<PaymentRecord | null> {
    return lastApprovedOf(tx, orderFormId);
  }

  /** The cart's attempt number: how many of its payments ended. A new attempt is a new placement. */
  attemptOf(orderFormId: string): Promise<number> {
    return closedCount(this.database.db, orderFormId);
  }

  payment(transactionId: string, tx?: Tx, lock = false): Promise<PaymentRecord | null> {
    return transactionById(tx ?? this.database.db, transactionId, lock);
  }

  paymentByToken(token: string): Promise<PaymentRecord | null> {
    return transactionByToken(this.database.db, token);
  }

  paymentOfGroup(orderGroup: string): Promise<PaymentRecord | null> {
    return transactionByGroup(this.database.db, orderGroup);
  }

  /** Keeps the acquirer's token and form URL; false when another call kept one first. */
  keepAcquirerToken(transactionId: string, token: string, url: string): Promise<boolean> {
    return setToken(this.database.db, transactionId, token, url);
  }

  /** The payment was approved: the group is payment-approved, then ready for handling; in `tx`. */
  async approve(payment: PaymentRecord, authorization: Record<string, unknown>, tx: Tx): Promise<void> {
    const now = this.clock();
    await updateTransaction(tx, payment.id, { status: 'approved', authorization, authorizedAt: now });
    await setGroupStatus(tx, payment.orderGroup, 'payment-approved', now);
    // Nothing stands between an approved payment and handling in this shop (no fraud review step).
    await setGroupStatus(tx, payment.orderGroup, 'ready-for-handling', now);
  }

  /** The payment failed or was abandoned: the group is canceled; in `tx`. */
  async cancel(payment: PaymentRecord, authorization: Record<string, unknown> | null, tx: Tx): Promise<void> {
    const now = this.clock();
    await updateTransaction(tx, payment.id, {
      status: 'canceled',
      canceledAt: now,
      ...(authorization ? { authorization } : {}),
    });
    await setGroupStatus(tx, payment.orderGroup, 'canceled', now);
  }

  /** An approved charge with no order to complete was refunded; in `tx`. */
  async markRefunded(payment: PaymentRecord, amount: number, tx: Tx): Promise<void> {
    await updateTransaction(tx, payment.id, {
      status: 'refunded',
      refunded: amount,
      canceledAt: this.clock(),
    });
    await setGroupStatus(tx, payment.orderGroup, 'canceled', this.clock());
  }

  /** What the wallet charges for a transaction: a pending wallet payment of this customer, else null. */
  async walletAmount(transactionId: string, userId: string): Promise<number | null> {
    const row = await transactionById(this.database.db, transactionId);
    if (!row || row.userId !== userId || row.channel !== 'wallet' || row.status !== 'pending') return null;
    return row.value;
  }

  /** Payments pending since longer than `ageMs`: the reconciliation's work. */
  pendingOlderThan(ageMs: number, limit = 100): Promise<PaymentRecord[]> {
    return pendingBefore(this.database.db, new Date(this.clock().getTime() - ageMs), limit);
  }

  /** Moves one order to `status` (the store's workflow: handling, invoiced…); in `tx` when given. */
  async setStatus(orderId: string, status: OrderStatus, tx?: Tx): Promise<void> {
    await setOrderStatus(tx ?? this.database.db, orderId, status, this.clock());
  }

  /** The order groups among these whose units are still on the store's shelf, promised (the stock API). */
  openGroupsAmong(groups: string[], tx: Tx): Promise<Set<string>> {
    return openGroupsAmong(tx, groups);
  }

  // ---- reads: the customer's own only ----

  /** The orders of a group, for the server (the confirmation e-mail); no owner check. */
  async groupOrders(orderGroup: string): Promise<Order[]> {
    return (await ordersOfGroup(this.database.db, orderGroup)).map(this.view);
  }

  /** The final totals of the customer's orders in `statuses` (loyalty points are earned on them). */
  orderValuesIn(userId: string, statuses: readonly string[]): Promise<number[]> {
    return orderValuesIn(this.database.db, userId, statuses);
  }

  /** §7 frequent products: the skus of the customer's orders, most bought first. */
  boughtSkus(userId: string): Promise<string[]> {
    return boughtSkus(this.database.db, userId);
  }

  /** The ids of the customer's orders. */
  orderIds(userId: string): Promise<string[]> {
    return orderIdsOf(this.database.db, userId);
  }

  async order(userId: string, orderId: string): Promise<Order> {
    const row = await orderById(this.database.db, orderId);
    if (!row || row.userId !== userId) throw new Failure('orderNotFound');
    return this.view(row);
  }

  async group(userId: string, orderGroup: string): Promise<Order[]> {
    const rows = await ordersOfGroup(this.database.db, orderGroup);
    if (rows.length === 0 || rows[0]!.userId !== userId) throw new Failure('orderNotFound');
    return rows.map(this.view);
  }

  async transaction(userId: string, transactionId: string): Promise<PaymentTransaction> {
    const row = await transactionById(this.database.db, transactionId);
    if (!row || row.userId !== userId) throw new Failure('paymentNotFound');
    return {
      id: row.id,
      transactionId: row.id,
      referenceKey: row.orderGroup,
      orderId: row.orderGroup,
      status: TRANSACTION_STATUS[row.status],
      value: row.value,
      totalRefunds: row.refunded,
      startDate: row.createdAt.toISOString(),
      authorizationDate: row.authorizedAt?.toISOString() ?? null,
      authorizationToken: (row.authorization?.authorizationCode as string | undefined) ?? null,
      cancelationDate: row.canceledAt?.toISOString() ?? null,
      payments: row.entries.map((entry) => ({
        paymentSystem: String(entry.paymentSystem),
        value: entry.value,
      })),
    };
  }
}

export { OrderFulfilment, type OrderInHand } from './fulfilment';
export type { PickedLine } from './tables';
