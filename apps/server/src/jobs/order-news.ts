import type { PushService } from '../modules/push/service';
import type { EventBus } from './events';

/**
 * The order's news reach the customer's devices (§1 push notifications); a click opens the purchase.
 * Idempotent as the bus needs: a push delivered again carries the same tag (the order), so the device
 * replaces the notification it shows instead of adding a second one.
 */
export function pushOrderNews(events: EventBus, push: Pick<PushService, 'notifyCustomer'>): void {
  events.on('order.confirmed', ({ orderGroup, orderId, userId }) =>
    push.notifyCustomer(userId, {
      title: 'Pedido confirmado',
      body: `Tu pedido ${orderGroup} está confirmado. Te avisaremos cuando vaya en camino.`,
      url: `/mis-compras/${orderId}`,
      tag: `order-${orderGroup}`,
    }),
  );
  events.on('order.news', ({ userId, orderId, title, body, url }) =>
    push.notifyCustomer(userId, { title, body, url, tag: `order-${orderId}` }),
  );
}
