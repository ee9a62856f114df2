import { canReschedule, deliveryMethodById } from '@despensa/domain';
import { Failure, type Order, type RescheduleBody } from '@despensa/contracts';
import { defineFlow } from './flow';
import type { OrderChangeModules } from './cancel-order';

/**
 * §7 POST /api/order/reschedule/{id}, in ONE transaction: before picking starts, the order group's place
 * moves to another window of the same store and mode that has room (the old window gets its place back),
 * and the group's orders read the new window.
 */
export function rescheduleOrderFlow({
  delivery,
  purchases,
  audit,
}: Pick<OrderChangeModules, 'delivery' | 'purchases' | 'audit'>) {
  return defineFlow<{ userId: string; orderId: string; body: RescheduleBody }, Order>(
    'reschedule-order',
    async ({ userId, orderId, body }, { tx, step }) => {
      const row = await step('lockOrder', () => purchases.lockOwn(userId, orderId, tx));
      const method = deliveryMethodById(row.detail.shippingData.selectedSla ?? '');
      const hasWindow = row.detail.shippingData.deliveryWindow !== null;
      if (!method || !canReschedule(row.status, hasWindow)) throw new Failure('orderNotReschedulable');
      const window = await step('moveWindow', () =>
        delivery.moveOrderWindow(row.orderGroup, body, method.kind, tx),
      );
      await step('setWindow', () => purchases.setWindow(row.orderGroup, window, tx));
      await step('audit', () =>
        audit.record(tx, {
          actor: { kind: 'customer', id: userId },
          action: 'order.reschedule',
          subject: `order:${orderId}`,
          before: row.detail.shippingData.deliveryWindow,
          after: window,
        }),
      );
      return purchases.viewOf(await purchases.lockOwn(userId, orderId, tx));
    },
  );
}
