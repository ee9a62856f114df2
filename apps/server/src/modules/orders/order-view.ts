import {
  canCancel,
  canEditOrder,
  canReschedule,
  editCutoff,
  isWeighed,
  lineAmount,
  weightInKg,
} from '@despensa/domain';
import type { Order, OrderStatus } from '@despensa/contracts';
import type { OrderRow } from './repo';

/** VTEX's status descriptions, in the shop's language. */
export const STATUS_DESCRIPTION: Record<OrderStatus, string> = {
  'payment-pending': 'Pago pendiente',
  'payment-approved': 'Pago aprobado',
  'ready-for-handling': 'Listo para preparar',
  handling: 'En preparación',
  invoiced: 'Facturado',
  delivered: 'Entregado',
  collected: 'Retirado',
  canceled: 'Cancelado',
};

/**
 * An order as the shopper reads it: the stored detail, its status, what the shopper may still do at
 * `now` (cancel, reschedule, edit), and each weighed item's estimated and (once weighed) real figures.
 */
export function orderView(row: OrderRow, now: Date): Order {
  const window = row.detail.shippingData.deliveryWindow;
  const windowStart = window ? new Date(window.startDateUtc) : null;
  return {
    ...row.detail,
    items: row.detail.items.map((item) => ({
      ...item,
      weighed: isWeighed(item.measurementUnit)
        ? {
            estimatedWeightKg: weightInKg(item),
            estimatedPrice: lineAmount(item),
            realWeightKg: item.weighed?.realWeightKg ?? null,
            realPrice: item.weighed?.realPrice ?? null,
          }
        : null,
    })),
    status: row.status,
    statusDescription: STATUS_DESCRIPTION[row.status],
    lastChange: row.lastChange.toISOString(),
    allowCancellation: canCancel(row.status),
    allowReschedule: canReschedule(row.status, window !== null),
    allowEdition: canEditOrder(row.status, windowStart, now),
    editCutoff: windowStart ? editCutoff(windowStart).toISOString() : null,
    cancellationData: row.detail.cancellationData ?? null,
  };
}
