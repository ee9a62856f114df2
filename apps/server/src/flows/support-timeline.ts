import { formatCLP } from '@despensa/domain';
import type { AuditLogEntry, ChatMessage, TimelineEntry } from '@despensa/contracts';
import type { SupportOrderRow as OrderRow } from '../modules/orders/support';
import type { PaymentRecord } from '../modules/orders/service';

/** An operator's action (operation_audit) as support reads it on the timeline. */
const STORE_ACTIONS: Record<string, { kind: TimelineEntry['kind']; text: string }> = {
  'start-handling': { kind: 'picking', text: 'La tienda comenzó a preparar el pedido' },
  pick: { kind: 'picking', text: 'Producto preparado' },
  weigh: { kind: 'picking', text: 'Producto pesado' },
  'mark-missing': { kind: 'picking', text: 'Producto sin stock (se devuelve al emitir la boleta)' },
  'propose-replacement': { kind: 'replacement', text: 'La tienda propuso un reemplazo' },
  invoice: { kind: 'picking', text: 'Boleta emitida' },
  'hand-over': { kind: 'delivered', text: 'Pedido entregado' },
};

const PAYMENT_NAMES: Record<string, string> = {
  webpayRedirect: 'Webpay',
  oneclick: 'tarjeta guardada',
  wallet: 'billetera',
  giftCard: 'gift card',
};

export interface TimelineSources {
  order: OrderRow;
  payment: PaymentRecord | null;
  /** The store console's audit of the order (operation_audit). */
  storeActions: { at: string; staffName: string; action: string; after: unknown }[];
  chat: ChatMessage[];
  /** The back office's audit of the order (support's refunds and resent e-mails). */
  backOffice: AuditLogEntry[];
  /** Names of the staff who appear in the back office's audit, by id. */
  staffNames: Map<string, string>;
}

/**
 * An order's timeline for support (issue 30 §4), oldest first, from what the modules already record:
 * placed and paid (orders), picking, replacements and hand-over (the store's audit), the receipt's refund,
 * a cancellation, the chat, and support's own refunds and resent e-mails (the back office's audit).
 */
export function orderTimeline(sources: TimelineSources): TimelineEntry[] {
  const { order, payment } = sources;
  const profile = order.detail.clientProfileData;
  const customer = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || null;
  const entries: TimelineEntry[] = [
    { at: order.createdAt.toISOString(), kind: 'placed', text: 'Pedido realizado', by: customer },
  ];
  if (payment?.authorizedAt) {
    const way = PAYMENT_NAMES[payment.channel] ?? payment.channel;
    const text = `Pago aprobado con ${way}: ${formatCLP(payment.value)}`;
    entries.push({ at: payment.authorizedAt.toISOString(), kind: 'paid', text, by: null });
  }
  for (const each of sources.storeActions) entries.push(...storeEntry(order, each));
  const canceled = order.detail.cancellationData;
  if (canceled) {
    const text = `Pedido anulado: ${canceled.reason}`;
    entries.push({ at: canceled.date, kind: 'canceled', text, by: customer });
  }
  for (const message of sources.chat) {
    const text = `Chat: ${message.text}`;
    entries.push({ at: message.sentAt, kind: 'chat', text, by: message.authorName });
  }
  for (const entry of sources.backOffice) entries.push(backOfficeEntry(entry, sources.staffNames));
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

function storeEntry(order: OrderRow, action: TimelineSources['storeActions'][number]): TimelineEntry[] {
  const known = STORE_ACTIONS[action.action];
  if (!known) return [];
  const index = (action.after as { index?: unknown } | null)?.index;
  const item = typeof index === 'number' ? order.detail.items[index] : undefined;
  const text = item ? `${known.text}: ${item.name}` : known.text;
  const entries: TimelineEntry[] = [{ at: action.at, kind: known.kind, text, by: action.staffName }];
  const refunded = (action.after as { refunded?: unknown } | null)?.refunded;
  if (action.action === 'invoice' && typeof refunded === 'number' && refunded > 0) {
    const text = `Devolución de lo no entregado: ${formatCLP(refunded)}`;
    entries.push({ at: action.at, kind: 'refund', text, by: action.staffName });
  }
  return entries;
}

function backOfficeEntry(entry: AuditLogEntry, staffNames: Map<string, string>): TimelineEntry {
  const by = staffNames.get(entry.actor.id) ?? entry.actor.id;
  if (entry.action === 'order.refundLine') {
    const after = entry.after as { name?: string; amount?: number };
    const text = `Devolución de ${after.name ?? 'un producto'}: ${formatCLP(after.amount ?? 0)}`;
    return { at: entry.at, kind: 'refund', text, by };
  }
  return { at: entry.at, kind: 'mail', text: 'Se reenvió el correo de confirmación', by };
}
