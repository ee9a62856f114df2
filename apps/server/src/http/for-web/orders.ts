import { deliveryMethodById } from '@despensa/domain';
import type { StorefrontServices } from '@despensa/contracts';
import { signedInUser, type AuthService } from '../../modules/auth/service';
import type { DeliveryService } from '../../modules/shipping/service';
import type { OrderChanges } from '../../flows/order-changes';
import type { OrdersService } from '../../modules/orders/service';
import type { PurchasesService } from '../../modules/orders/purchases';

/** What the web's loaders and actions get (contracts' `orders`): the same calls as the API, by session token. */
export function ordersForWeb(
  auth: AuthService,
  orders: OrdersService,
  purchases: PurchasesService,
  changes: OrderChanges,
  delivery: DeliveryService,
): StorefrontServices['orders'] {
  const userOf = signedInUser(auth);
  return {
    list: async (token, query) => purchases.list(await userOf(token), query),
    order: async (token, orderId) => orders.order(await userOf(token), orderId),
    rescheduleWindows: async (token, orderId) => {
      const order = await orders.order(await userOf(token), orderId);
      const method = deliveryMethodById(order.shippingData.selectedSla ?? '');
      if (!order.allowReschedule || !method) return [];
      return delivery.orderWindows(order.orderGroup, method.kind);
    },
    reschedule: async (token, orderId, body) => changes.reschedule(await userOf(token), orderId, body),
    cancel: async (token, orderId, body) => changes.cancel(await userOf(token), orderId, body),
    edit: async (token, orderId, body) => changes.edit(await userOf(token), orderId, body),
    editProducts: async (token, orderId, query) => changes.editProducts(await userOf(token), orderId, query),
  };
}
