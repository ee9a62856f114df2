import type { OrderForm, StorefrontServices } from '@despensa/contracts';
import { cartItemsFromUrl, isValidOrderFormId } from '@despensa/domain';
import { OPEN_MINICART_COOKIE, orderFormCookie, orderFormIdFromCookie } from './order-form-cookie';

/** Loader and action helpers: the cart of the request's cookie, through the in-process cart service. */
type CartService = StorefrontServices['cart'];

export function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** The stored cart, or null when there is none yet or the service no longer knows it (404). */
export async function storedOrderForm(cart: CartService, request: Request): Promise<OrderForm | null> {
  const id = orderFormIdFromCookie(request.headers.get('cookie'));
  if (!isValidOrderFormId(id)) return null;
  try {
    return await cart.get(id);
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}

/**
 * The cart a change applies to: the stored one, else a new one (§4: created lazily on the first change,
 * ordered by add time, newest first). `setCookie` is set when the browser must learn a new id.
 */
export async function cartForChange(
  cart: CartService,
  request: Request,
): Promise<{ orderForm: OrderForm; setCookie: string | null }> {
  const stored = await storedOrderForm(cart, request);
  if (stored) return { orderForm: stored, setCookie: null };
  const created = await cart.create({});
  const orderForm = await cart.setItemsOrdination(created.orderFormId, {
    criteria: 'add_time',
    ascending: false,
  });
  return { orderForm, setCookie: orderFormCookie(orderForm.orderFormId) };
}

/** Adds quantities to what the cart holds (a sku already in the cart updates its line, §4). */
export function addItems(
  cart: CartService,
  orderForm: OrderForm,
  items: { id: string; quantity: number; seller: string }[],
): Promise<OrderForm> {
  const changes = items.map((item) => {
    const current = orderForm.items.find((line) => line.id === item.id)?.quantity ?? 0;
    return { id: item.id, seller: item.seller, quantity: current + item.quantity };
  });
  return cart.updateItems(orderForm.orderFormId, changes);
}

/**
 * §2 add by URL: `?sku=…&quantity=…&seller=…` (or `params`) adds the items and answers the redirect to `target`
 * (with the cart cookie when a cart was created), or null when the URL carries no sku. The
 * `despensa_minicart` flag tells the browser to open the minicart once it lands.
 */
export async function addByUrl(
  services: StorefrontServices,
  request: Request,
  target: string,
  { params = new URL(request.url).searchParams, openMinicart = true } = {},
): Promise<Response | null> {
  if (!params.has('sku')) return null;
  const items = cartItemsFromUrl(params);
  const headers = new Headers({ location: target });
  if (items.length) {
    const { orderForm, setCookie } = await cartForChange(services.cart, request);
    if (setCookie) headers.append('set-cookie', setCookie);
    try {
      await addItems(services.cart, orderForm, items);
      if (openMinicart) {
        headers.append('set-cookie', `${OPEN_MINICART_COOKIE}=1; Path=/; Max-Age=60; SameSite=Lax`);
      }
    } catch (error) {
      // An unknown or out-of-stock sku in a shared link still lands on the page, without the add.
      if (statusOf(error) !== 400) throw error;
    }
  }
  return new Response(null, { status: 302, headers });
}
