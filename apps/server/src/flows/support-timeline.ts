import { formatCLP, windowText } from '@despensa/domain';
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
  /**
   * The audit log of the order: support's refunds and resent e-mails, and the customer's own edits,
   * reschedules and answers to replacements.
   */
  backOffice: AuditLogEntry[];
  /** Names of the staff who appear in the back office's audit, by id. */
  staffNames: Map<string, string>;
}

/**
 * An order's timeline for support (issue 30 §4), oldest first, from what the modules already record:
 * placed and paid (orders), picking, replacements and hand-over (the store's audit), the receipt's refund,
 * a cancellation, the chat, the customer's edits, reschedules and answers to replacements, and support's
 * own refunds and resent e-mails (the audit log).
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
  for (const entry of sources.backOffice) {
    const by =
      entry.actor.kind === 'customer' ? customer : (sources.staffNames.get(entry.actor.id) ?? entry.actor.id);
    const known = auditEntry(entry);
    if (known) entries.push({ at: entry.at, ...known, by });
  }
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

type Told = Pick<TimelineEntry, 'kind' | 'text'>;
type EditedLines = { value?: number; items?: { name: string; quantity: number }[] } | null;

/** How many units of each product an edit changed: 'Leche +2, Pan −1'. */
function editedProducts(before: EditedLines, after: EditedLines): string {
  const count = (lines: EditedLines) =>
    new Map((lines?.items ?? []).map(({ name, quantity }) => [name, quantity] as const));
  const [was, now] = [count(before), count(after)];
  return [...new Set([...was.keys(), ...now.keys()])]
    .map((name) => ({ name, change: (now.get(name) ?? 0) - (was.get(name) ?? 0) }))
    .filter(({ change }) => change !== 0)
    .map(({ name, change }) => `${name} ${change > 0 ? '+' : '−'}${Math.abs(change)}`)
    .join(', ');
}

/** An audit row of the order as support reads it; null for an action the timeline does not tell. */
function auditEntry(entry: AuditLogEntry): Told | null {
  switch (entry.action) {
    case 'order.refundLine': {
      const after = entry.after as { name?: string; amount?: number };
      return {
        kind: 'refund',
        text: `Devolución de ${after.name ?? 'un producto'}: ${formatCLP(after.amount ?? 0)}`,
      };
    }
    case 'order.resendConfirmation':
      return { kind: 'mail', text: 'Se reenvió el correo de confirmación' };
    case 'order.edit': {
      const [before, after] = [entry.before as EditedLines, entry.after as EditedLines];
      const total = `total ${formatCLP(before?.value ?? 0)} → ${formatCLP(after?.value ?? 0)}`;
      const changed = editedProducts(before, after);
      return {
        kind: 'edit',
        text: `El cliente modificó el pedido (${changed ? `${changed}; ` : ''}${total})`,
      };
    }
    case 'order.reschedule': {
      const window = entry.after as { startDateUtc: string; endDateUtc: string } | null;
      return {
        kind: 'edit',
        text: `El cliente reagendó el pedido${window ? ` para el ${windowText(window)}` : ''}`,
      };
    }
    case 'order.replacementAnswer': {
      const after = entry.after as { name?: string | null; approved?: boolean };
      const verb = after.approved ? 'aprobó' : 'rechazó';
      return {
        kind: 'replacement',
        text: `El cliente ${verb} el reemplazo${after.name ? `: ${after.name}` : ''}`,
      };
    }
    default:
      return null;
  }
}
