import { failureCodeOf, type CartViewer, type OrderForm, type StorefrontServices } from '@despensa/contracts';
import { salesChannelOf } from '../catalog/server';
import { isBotRequest } from '../platform/server';
import { cartItemsFromUrl, cartUnitsOf, isDiscardableCart, isValidOrderFormId } from '@despensa/domain';
import { sessionTokenOf } from '../../lib/session-token';
import { notAddedText } from './not-added';
import type { PersistentCartQuestion } from './persistent-cart-question';
import {
  heldOrderFormIdIn,
  openMinicartCookie,
  orderFormCookies,
  orderFormIdFromCookie,
} from './order-form-cookie';

/** Loader and action helpers: the cart of the request's cookie, through the in-process cart service. */
type CartService = StorefrontServices['cart'];
type CartServices = Pick<StorefrontServices, 'cart' | 'accounts'>;

/** The cart service no longer knows the cart. */
export function isCartGone(error: unknown): boolean {
  return failureCodeOf(error) === 'cartNotFound';
}

/**
 * The cart said no on purpose (unknown sku, no stock, not sold here, a bad coupon…): the shopper is told
 * why and keeps the cart. A cart that is gone, or a fault with no failure code, is not a refusal.
 */
export function isCartRefusal(error: unknown): boolean {
  const code = failureCodeOf(error);
  return code !== undefined && code !== 'internal' && !isCartGone(error);
}

/** The cart this browser holds: the one its cart cookie names (§4), with that cart's key (issue 27). */
export function heldOrderFormIdOf(services: CartServices, request: Request): string | null {
  return heldOrderFormIdIn(services.cart, request);
}

/**
 * The viewer of a session token and this browser's cart: its customer (nobody when the session is missing
 * or over), holding the cart of the request's cookie.
 */
export async function viewerOfToken(
  services: CartServices,
  request: Request,
  token: string | undefined,
): Promise<CartViewer> {
  const session = token ? await services.accounts.session(token) : null;
  return { customerId: session?.userId ?? null, heldOrderFormId: heldOrderFormIdOf(services, request) };
}

const viewers = new WeakMap<Request, Promise<CartViewer>>();

/**
 * Who asks for the cart (CartViewer): the customer of the request's session cookie, holding the cart of
 * its cart cookie. Once per request.
 */
export function cartViewerOf(services: CartServices, request: Request): Promise<CartViewer> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = viewerOfToken(services, request, sessionTokenOf(request));
    viewers.set(request, viewer);
  }
  return viewer;
}

/**
 * This shopper's stored cart, or null when there is none yet, the service no longer knows it, or it is not
 * theirs (another customer's, from a shared device or a session that ended, or a cart cookie without its
 * key): that cart only reads masked and refuses changes, so for this shopper it is no cart, and the next
 * change starts their own.
 */
export async function storedOrderForm(
  services: CartServices,
  request: Request,
  viewer?: CartViewer,
): Promise<OrderForm | null> {
  const id = orderFormIdFromCookie(request.headers.get('cookie'));
  if (!isValidOrderFormId(id)) return null;
  try {
    const orderForm = await services.cart.get(viewer ?? (await cartViewerOf(services, request)), id);
    return orderForm.canEditData ? orderForm : null;
  } catch (error) {
    if (isCartGone(error)) return null;
    throw error;
  }
}

/** What the root loader tells every page about its cart; `cartReadFailed` only when the read failed. */
export interface PageCart {
  orderForm: OrderForm | null;
  cartReadFailed?: true;
}

/**
 * The page's cart for the root loader (§4: the cookie's cart, or none until the first add). A failing cart
 * service must not take every page down with it: the page gets no cart and `cartReadFailed`, and the
 * browser shows its cached cart as §8's fallback does.
 */
export async function pageCart(services: CartServices, request: Request): Promise<PageCart> {
  try {
    return { orderForm: await storedOrderForm(services, request) };
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', msg: 'cart read failed', error: String(error) }));
    return { orderForm: null, cartReadFailed: true };
  }
}

/**
 * The cart a change applies to: the stored one, else a new one (§4: created lazily on the first change,
 * ordered by add time, newest first; a stored cart that is empty with no profile or address is replaced).
 * `setCookies` hand the browser a new cart (its cookie and key); `viewer` holds the cart the change
 * applies to.
 */
export async function cartForChange(
  services: CartServices,
  request: Request,
): Promise<{ orderForm: OrderForm; setCookies: string[]; viewer: CartViewer }> {
  const { cart } = services;
  const requestViewer = await cartViewerOf(services, request);
  const stored = await storedOrderForm(services, request, requestViewer);
  // §4: an empty cart with no profile and no address is discarded and recreated.
  if (stored && !isDiscardableCart(stored))
    return { orderForm: stored, setCookies: [], viewer: requestViewer };
  // A new cart is priced in the shopper's chosen channel (§4), like the pages they browse.
  const created = await cart.create({}, salesChannelOf(request));
  // From this answer on the browser holds the new cart (its cookie comes with it).
  const viewer = { ...requestViewer, heldOrderFormId: created.orderFormId };
  const orderForm = await cart.setItemsOrdination(viewer, created.orderFormId, {
    criteria: 'add_time',
    ascending: false,
  });
  // A logged-in shopper's new cart is theirs at once, so their other devices find it (§4). A session that
  // has just ended leaves it anonymous.
  const token = sessionTokenOf(request);
  if (token) await services.accounts.profile(token, orderForm.orderFormId).catch(() => undefined);
  return { orderForm, setCookies: orderFormCookies(cart, request, orderForm.orderFormId), viewer };
}

/**
 * Adds quantities to what the cart holds (a sku already in the cart updates its line, §4). The cart
 * refuses a whole batch for one sku it cannot take (unknown, not sold here): then the items go one by one,
 * so a shared link or a recipe still brings everything that can be bought. The answer's messages are
 * every add's (limits hit) and, when some were refused, how many.
 */
export async function addItems(
  cart: CartService,
  viewer: CartViewer,
  orderForm: OrderForm,
  items: { id: string; quantity: number; seller: string }[],
): Promise<OrderForm> {
  const change = (form: OrderForm, item: (typeof items)[number]) => ({
    id: item.id,
    seller: item.seller,
    quantity: (form.items.find((line) => line.id === item.id)?.quantity ?? 0) + item.quantity,
  });
  try {
    return await cart.updateItems(
      viewer,
      orderForm.orderFormId,
      items.map((item) => change(orderForm, item)),
    );
  } catch (error) {
    if (!isCartRefusal(error) || items.length < 2) throw error;
  }
  let current = orderForm;
  const messages: OrderForm['messages'] = [];
  let refused = 0;
  for (const item of items) {
    try {
      current = await cart.updateItems(viewer, current.orderFormId, [change(current, item)]);
      messages.push(...current.messages);
    } catch (error) {
      if (!isCartRefusal(error)) throw error;
      refused += 1;
    }
  }
  if (refused > 0) messages.push({ code: 'notAdded', text: notAddedText(refused), status: 'warning' });
  return { ...current, messages };
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
  // §4: a bot following a link gets the page, never a cart.
  if (items.length && !isBotRequest(request)) {
    const { orderForm, setCookies, viewer } = await cartForChange(services, request);
    for (const setCookie of setCookies) headers.append('set-cookie', setCookie);
    let notes: string[];
    try {
      notes = (await addItems(services.cart, viewer, orderForm, items)).messages.map(
        (message) => message.text,
      );
    } catch (error) {
      // An unknown or out-of-stock sku in a shared link still lands on the page, without the add.
      if (!isCartRefusal(error)) throw error;
      notes = [notAddedText(items.length)];
    }
    // The minicart opens where it lands and says what the add could not do (limits, refusals).
    if (openMinicart) headers.append('set-cookie', openMinicartCookie(notes, target));
  }
  return new Response(null, { status: 302, headers });
}

const unitsOf = (orderForm: OrderForm) => orderForm.items.reduce((sum, item) => sum + cartUnitsOf(item), 0);

/**
 * After login: the question to ask when the customer's stored cart (UserProfile.orderFormId, read before
 * the login attaches this browser's cart) and this browser's cart are different carts that both have
 * products; null when there is nothing to choose. `viewer` is the customer just logged in (the request
 * does not carry their session cookie yet).
 */
export async function persistentCartQuestion(
  services: CartServices,
  request: Request,
  viewer: CartViewer,
  storedOrderFormId: string | null,
): Promise<PersistentCartQuestion | null> {
  const current = await storedOrderForm(services, request, viewer);
  if (!current || !isValidOrderFormId(storedOrderFormId) || storedOrderFormId === current.orderFormId) {
    return null;
  }
  const stored = await services.cart.get(viewer, storedOrderFormId).catch((error: unknown) => {
    if (isCartGone(error)) return null;
    throw error;
  });
  if (!stored || stored.items.length === 0 || current.items.length === 0) return null;
  return { storedOrderFormId, storedUnits: unitsOf(stored), currentUnits: unitsOf(current) };
}

/**
 * The dialog's answer. 'merge': this browser's lines join the stored cart, which the cookie then names
 * (`setCookies`). 'keep': the browser's cart stays as it is (the login flow attaches it to the customer).
 */
export async function resolvePersistentCart(
  services: CartServices,
  request: Request,
  viewer: CartViewer,
  answer: { choice: 'merge' | 'keep'; storedOrderFormId: string },
): Promise<{ orderForm: OrderForm | null; setCookies: string[] }> {
  const current = await storedOrderForm(services, request, viewer);
  if (answer.choice === 'keep' || !current) return { orderForm: current, setCookies: [] };
  const orderForm = await services.cart.mergeCarts(viewer, answer.storedOrderFormId, current.orderFormId);
  return { orderForm, setCookies: orderFormCookies(services.cart, request, orderForm.orderFormId) };
}
