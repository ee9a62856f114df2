import type { StorefrontServices } from '@despensa/contracts';
import { signedInUser, type AuthService } from '../modules/auth/service';
import type { OrdersService } from '../modules/orders/service';
import type { PendingWebpayPayments } from './drop-payment';
import type { Checkout } from './place-order';

/** What the web's checkout loaders and actions get (contracts' `checkout`): the same calls as /api, behind a session token. */
export function checkoutForWeb(
  auth: AuthService,
  checkout: Checkout,
  orders: OrdersService,
  pending: PendingWebpayPayments,
): StorefrontServices['checkout'] {
  const userOf = signedInUser(auth);
  return {
    placeOrder: async (token, body, origin, brandName) =>
      checkout.placeOrder(
        { orderFormId: body.referenceId, userId: await userOf(token), body, brandName },
        { origin },
      ),
    orderGroup: async (token, orderGroup) => orders.group(await userOf(token), orderGroup),
    order: async (token, orderId) => orders.order(await userOf(token), orderId),
    pendingPayment: async (token, orderFormId) => pending.ofCart(await userOf(token), orderFormId),
    dropPayment: async (token, transactionId) => pending.drop(await userOf(token), transactionId),
  };
}
