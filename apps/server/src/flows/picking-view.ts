import type { AuditService } from '../modules/audit/service';
import {
  Failure,
  type ChatAnswer,
  type Fulfilment,
  type OrderStatus,
  type PickingBoard,
  type PickingOrderSummary,
} from '@despensa/contracts';
import { replacementInBag } from '@despensa/domain';
import type { Tx } from '../db/client';
import type { CatalogService } from '../modules/catalog/service';
import type { ChatService, ChatSide } from '../modules/chat/service';
import type { OperationsService, Staff } from '../modules/operations/service';
import {
  statusDescription,
  type OrderFulfilment,
  type OrderInHand,
  type OrdersService,
} from '../modules/orders/service';
import type { WalletService } from '../modules/wallet/service';
import type { PaymentProviders } from '../providers/payments/registry';
import { orderTopic, storeTopic, type RealtimeHub } from '../realtime/hub';
import type { EventSender } from '../jobs/events';

/** The payment providers give back the part of the payment the receipt does not charge. */
export interface PickingDeps {
  payments: PaymentProviders;
  /** The shopper's answer to a replacement is audited: support reads it on the order's timeline. */
  audit: AuditService;
  wallet: WalletService;
  orders: OrdersService;
  fulfilment: OrderFulfilment;
  operations: OperationsService;
  chat: ChatService;
  catalog: CatalogService;
  hub: RealtimeHub;
  /** Where order.news is told (the push to the shopper's devices hangs on it). */
  events: EventSender;
}

/** The statuses the console works on: to pick, being picked, on its way or waiting to be collected. */
export const BOARD_STATUSES: OrderStatus[] = ['ready-for-handling', 'handling', 'invoiced'];
const NO_WINDOW = { startDateUtc: '', endDateUtc: '' };

/** Orders to pick by delivery window, with counts per window and what is late. */
export function pickingBoard(
  deps: Pick<PickingDeps, 'catalog' | 'fulfilment'>,
  rows: OrderInHand['order'][],
  now: Date,
): PickingBoard {
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
      deliveryMethod: fulfilmentView(deps, { order: row, fulfilment: null }).deliveryMethod,
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

/** The order as picked; `aisleOrder`: its lines by aisle (the operator walks the store so). */
export function fulfilmentView(
  { catalog, fulfilment }: Pick<PickingDeps, 'catalog' | 'fulfilment'>,
  held: OrderInHand,
  aisleOrder = false,
): Fulfilment {
  const salesChannel = held.order.salesChannel ?? 1;
  const aisleOf = (productId: string) => {
    try {
      const path = catalog.productById(productId, salesChannel).categories.at(-1) ?? '';
      return path.split('/').filter(Boolean)[0] ?? 'Otros';
    } catch {
      return 'Otros';
    }
  };
  const view = fulfilment.view(held, aisleOf, statusDescription(held.order.status));
  if (aisleOrder)
    view.lines = [...view.lines].sort((a, b) => a.aisle.localeCompare(b.aisle, 'es') || a.index - b.index);
  return view;
}

/** Both sides hear of it: the shopper's order page and the store's console. */
export function pushOrderEvent(
  hub: RealtimeHub,
  tx: Tx,
  held: OrderInHand,
  type: 'status' | 'line' | 'chat' | 'order',
  data: unknown,
) {
  const topics = [orderTopic(held.order.orderId)];
  if (held.order.salesChannel !== null) topics.push(storeTopic(held.order.salesChannel));
  return hub.publish(tx, topics, type, held.order.orderId, data);
}

/** The order's chat as one side reads it: the other side's messages become read. */
export async function readChat(chat: ChatService, orderId: string, reader: ChatSide): Promise<ChatAnswer> {
  const history = await chat.history(orderId, reader);
  if (history.unread > 0) await chat.markRead(orderId, reader);
  return { ...history, unread: 0 };
}

/** A receipt line names what went in the bag: a replacement, with the product it stands for. */
export function receiptName(line: Fulfilment['lines'][number]): string {
  const replacement = replacementInBag(line);
  return replacement ? `${replacement.name} (reemplaza a ${line.name})` : line.name;
}

/** An operator sees the orders of its own store only: any other is not found. */
export function ownStore(staff: Staff, held: OrderInHand): void {
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
