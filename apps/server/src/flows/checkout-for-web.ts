import { Failure, type StorefrontServices } from '@despensa/contracts';
import type { AuthService } from '../modules/auth/service';
import type { OrdersService } from '../modules/orders/service';
import type { Checkout } from './place-order';

/** What the web's checkout loaders and actions get (contracts' `checkout`): the same calls as /api, behind a session token. */
export function checkoutForWeb(
  auth: AuthService,
  checkout: Checkout,
  orders: OrdersService,
): StorefrontServices['checkout'] {
  const userOf = async (token: string | undefined) => {
    const session = await auth.session(token);
    if (!session) throw new Failure('notLoggedIn');
    return session.userId;
  };
  return {
    placeOrder: async (token, body, origin, brandName) =>
      checkout.placeOrder(
        { orderFormId: body.referenceId, userId: await userOf(token), body, brandName },
        { origin },
      ),
    orderGroup: async (token, orderGroup) => orders.group(await userOf(token), orderGroup),
    order: async (token, orderId) => orders.order(await userOf(token), orderId),
  };
}
