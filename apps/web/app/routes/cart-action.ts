import { data } from 'react-router';
import {
  failureMessageOf,
  type CartViewer,
  type OrderForm,
  type StorefrontServices,
} from '@despensa/contracts';
import { SUGGESTED_PRODUCTS_LIMIT } from '@despensa/domain';
import { salesChannelOf } from '../features/catalog/loader-helpers';
import { summarizeProduct } from '../features/catalog/product-summary';
import { addItems, cartForChange, isCartRefusal, storedOrderForm } from '../features/cart/cart-server';
import type { CartActionResult, CartIntent } from '../features/cart/cart-intents';
import { parseCartIntent } from '../features/cart/parse-cart-intent';
import { isBotRequest } from '../features/platform/bots';
import { cartClientAction, cartClientLoader } from '../features/cart/cart-client';
import type { Route } from './+types/cart-action';

/**
 * GET: the current cart, for a tab that learnt another tab changed it (§4 multi-tab); with
 * ?sugerencias={skuId}, the upselling products for that sku instead.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<CartActionResult> {
  const { services } = context;
  const skuId = new URL(request.url).searchParams.get('sugerencias');
  if (skuId) {
    const suggestions = services.catalog
      .recommended({
        salesChannel: salesChannelOf(request),
        numResults: SUGGESTED_PRODUCTS_LIMIT + 1,
        itemId: skuId,
      })
      .map(summarizeProduct)
      .filter((product) => product.skuId !== skuId && product.inStock)
      .slice(0, SUGGESTED_PRODUCTS_LIMIT);
    return { orderForm: null, suggestions };
  }
  return { orderForm: await storedOrderForm(services, request) };
}

/** In the browser, both calls retry, fall back to the cached cart or raise error_503 as §8 says. */
export const clientLoader = cartClientLoader;
export const clientAction = cartClientAction;

/** POST: one cart change (Hydrogen's typed cart action); answers the fresh orderForm with its messages. */
export async function action({ request, context }: Route.ActionArgs) {
  // §4: bots get no cart (none is created for them).
  if (isBotRequest(request)) {
    return data<CartActionResult>({ orderForm: null, error: 'Cambio de carro no válido' }, { status: 403 });
  }
  const change = parseCartIntent(await request.json().catch(() => null));
  if (!change) {
    return data<CartActionResult>({ orderForm: null, error: 'Cambio de carro no válido' }, { status: 400 });
  }
  const cart = context.services.cart;
  const { orderForm, setCookies, viewer } = await cartForChange(context.services, request);
  const headers = new Headers();
  for (const setCookie of setCookies) headers.append('set-cookie', setCookie);
  try {
    const result = await apply(cart, viewer, orderForm, change);
    return data<CartActionResult>(result, { headers });
  } catch (error) {
    if (!isCartRefusal(error)) throw error;
    // Refused (no stock, unknown sku…): the shopper sees the failure's message and the unchanged cart.
    return data<CartActionResult>({ orderForm, error: failureMessageOf(error) }, { status: 400, headers });
  }
}

async function apply(
  cart: StorefrontServices['cart'],
  viewer: CartViewer,
  orderForm: OrderForm,
  change: CartIntent,
): Promise<CartActionResult> {
  const id = orderForm.orderFormId;
  switch (change.intent) {
    case 'add':
      return { orderForm: await addItems(cart, viewer, orderForm, change.items) };
    case 'update':
      return {
        orderForm: await cart.updateItems(
          viewer,
          id,
          change.lines.map((line) => ({
            id: line.id,
            quantity: line.quantity,
            ...(line.seller ? { seller: line.seller } : {}),
          })),
        ),
      };
    case 'remove':
      return {
        orderForm: await cart.updateItems(
          viewer,
          id,
          change.ids.map((sku) => ({ id: sku, quantity: 0 })),
        ),
      };
    case 'removeAll':
      return { orderForm: await cart.removeAll(viewer, id) };
    case 'coupon':
      return { orderForm: await cart.addCoupon(viewer, id, change.text) };
    case 'substitution': {
      const orderInfo = await cart.setOrderInfo(viewer, id, { skuData: change.skuData });
      return { orderForm, orderInfo };
    }
    case 'clearPayment':
      return { orderForm: await cart.setPayments(viewer, id, []) };
    case 'ordination':
      return {
        orderForm: await cart.setItemsOrdination(viewer, id, {
          criteria: change.criteria,
          ascending: change.ascending,
        }),
      };
  }
}
