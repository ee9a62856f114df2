import { data } from 'react-router';
import { z } from 'zod';
import {
  failureCodeOf,
  failureMessages,
  type DeliveryChoice,
  type FailureCode,
  type StorefrontServices,
} from '@despensa/contracts';
import {
  DELIVERY_CHOICE_COOKIE,
  DELIVERY_METHODS,
  isListableAddressId,
  isListableLabel,
  modeNeedsWindow,
  type DeliveryMethodKind,
} from '@despensa/domain';
import { cartForChange, storedOrderForm } from '../features/cart/cart-server';
import {
  PREVIOUS_CHOICE_COOKIE,
  clearedDeliveryChoiceCookie,
  deliveryChoiceCookie,
  deliveryChoiceFromCookie,
} from '../features/delivery/choice-cookie';
import { defaultChoice, defaultPickupChoice } from '../features/delivery/choice';
import { sessionTokenOf } from '../lib/session-token';
import type {
  DeliveryActionResult,
  DeliveryOptions,
  DeliveryQuoteResult,
} from '../features/delivery/delivery-intents';
import {
  DeliveryInputError,
  addressBookOf,
  choiceFor,
  quoteFor,
  storeOption,
  withdrawalStoresOf,
} from '../features/delivery/delivery-server';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../lib/api-client';
import { resendToRoute, routeCallWithRetries } from '../lib/route-calls';
import type { Route } from './+types/delivery-action';

/** What can go wrong choosing a window that the shopper can put right by choosing again. */
const WINDOW_FAILURES = new Set<FailureCode>([
  'windowFull',
  'windowStarted',
  'windowNotOffered',
  'windowExpired',
  'invalidWindow',
  'expressHasNoWindows',
  'noDeliveryMethod',
]);

const modes = Object.keys(DELIVERY_METHODS) as [DeliveryMethodKind, ...DeliveryMethodKind[]];
const placeId = z.string().trim().min(1).max(100).nullish();
const quoteQuery = z.object({
  modo: z.enum(modes),
  direccion: placeId,
  tienda: placeId,
  comuna: z
    .string()
    .regex(/^\d{5}$/)
    .nullish(),
});
const intentBody = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('apply'),
    mode: z.enum(modes),
    addressId: placeId,
    storeId: placeId,
    window: z
      .object({ startDateUtc: z.string().min(1).max(40), endDateUtc: z.string().min(1).max(40) })
      .nullish(),
  }),
  z.object({ intent: z.literal('restore') }),
  z.object({ intent: z.literal('defaultPickup') }),
]);

/** GET: the selector's addresses and stores (?vista=opciones) or a mode's quote (?vista=horarios). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context;
  const params = new URL(request.url).searchParams;
  if (params.get('vista') === 'horarios') {
    const query = quoteQuery.safeParse(Object.fromEntries(params));
    if (!query.success) return data<DeliveryQuoteResult>({ error: 'Consulta no válida' }, { status: 400 });
    try {
      const orderForm = await storedOrderForm(services, request);
      const quote = await quoteFor(services, request, orderForm, query.data.modo, {
        addressId: query.data.direccion ?? null,
        storeId: query.data.tienda ?? null,
        comunaCode: query.data.comuna ?? null,
      });
      return data<DeliveryQuoteResult>({ quote });
    } catch (error) {
      if (error instanceof DeliveryInputError) {
        return data<DeliveryQuoteResult>({ error: error.message }, { status: 400 });
      }
      throw error;
    }
  }
  const [book, stores] = await Promise.all([addressBookOf(services, request), withdrawalStoresOf(services)]);
  return data<DeliveryOptions>({
    loggedIn: book !== null,
    addresses: (book ?? [])
      .filter((entry) => isListableAddressId(entry.addressId) && isListableLabel(entry.label))
      .map((entry) => ({
        addressId: entry.addressId,
        label: entry.label,
        displayLine: entry.displayLine,
        coordinates: entry.geoCoordinates,
      })),
    stores: stores.map(storeOption),
  });
}

/**
 * POST: §4 changing the delivery mode. The previous choice is saved, the new mode, channel and name are
 * set (cookie, 30 days), the channel is re-applied to the cart and the loaders run again (React Router
 * revalidates after an action), so prices and stock follow the new store.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context;
  const parsed = intentBody.safeParse(await request.json().catch(() => null));
  const cookies = request.headers.get('cookie');
  const current = deliveryChoiceFromCookie(cookies);
  if (!parsed.success) {
    return data<DeliveryActionResult>(
      { choice: current, previous: null, lostProducts: [], error: 'Modo de entrega no válido' },
      { status: 400 },
    );
  }
  const change = parsed.data;
  const headers = new Headers();
  let choice: DeliveryChoice;
  let previous: DeliveryChoice | null;
  if (change.intent === 'restore') {
    const saved = deliveryChoiceFromCookie(cookies, PREVIOUS_CHOICE_COOKIE);
    choice = saved ?? defaultChoice(services.brand.name);
    previous = null;
    headers.append('set-cookie', clearedDeliveryChoiceCookie(PREVIOUS_CHOICE_COOKIE));
  } else if (change.intent === 'defaultPickup') {
    // Only for a logged-in shopper who has not chosen yet; anything else keeps what it has.
    const session = await services.accounts.session(sessionTokenOf(request));
    if (!session || current)
      return data<DeliveryActionResult>({ choice: current, previous: null, lostProducts: [] });
    choice = defaultPickupChoice(services.brand.name);
    previous = null;
  } else {
    try {
      choice = await choiceFor(services, request, change.mode, {
        addressId: change.addressId ?? null,
        storeId: change.storeId ?? null,
      });
    } catch (error) {
      if (!(error instanceof DeliveryInputError)) throw error;
      return data<DeliveryActionResult>(
        { choice: current, previous: null, lostProducts: [], error: error.message },
        { status: 400 },
      );
    }
    // A scheduled mode is confirmed with its window (an exclusion-zone address has none to offer).
    if (modeNeedsWindow(change.mode) && !change.window && choice.coverageState !== 'exclusionZone') {
      return data<DeliveryActionResult>(
        { choice: current, previous: null, lostProducts: [], error: failureMessages.windowRequired },
        { status: 400 },
      );
    }
    previous = current ?? defaultChoice(services.brand.name);
    headers.append('set-cookie', deliveryChoiceCookie(previous, PREVIOUS_CHOICE_COOKIE));
  }
  headers.append('set-cookie', deliveryChoiceCookie(choice, DELIVERY_CHOICE_COOKIE));
  const { lostProducts, repricedProducts, error } = await applyToCart(
    services,
    request,
    choice,
    change,
    headers,
  );
  // A logout that ended the session meanwhile cleared the choice: this answer must not set it again.
  if (change.intent === 'defaultPickup' && !(await services.accounts.session(sessionTokenOf(request))))
    return data<DeliveryActionResult>({ choice: current, previous: null, lostProducts: [] });
  return data<DeliveryActionResult>(
    { choice, previous, lostProducts, repricedProducts, ...(error ? { error } : {}) },
    { headers },
  );
}

/**
 * In the browser, the sales-channel change follows §8: a server failure is tried again 3 times, 200 ms
 * apart, then given up with the choice unchanged and the failure told in the selector.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const body = await request.clone().text();
  const unchanged = (): DeliveryActionResult => ({
    choice: null,
    previous: null,
    lostProducts: [],
    error: SERVICE_UNAVAILABLE_MESSAGE,
  });
  return routeCallWithRetries<DeliveryActionResult>(
    'salesChannel',
    'sales-channel change',
    () => serverAction() as Promise<DeliveryActionResult>,
    () => resendToRoute<DeliveryActionResult>(request, body),
    { gaveUp: unchanged, offline: unchanged },
  );
}

/**
 * Re-prices the stored cart under the choice and holds the chosen window; a delivery failure (full,
 * started, not offered…) is told in its own words. A window is held by a cart: a shopper who has none yet
 * gets one (its cookie set in `headers`).
 */
async function applyToCart(
  services: StorefrontServices,
  request: Request,
  choice: DeliveryChoice,
  change: z.infer<typeof intentBody>,
  headers: Headers,
): Promise<Pick<DeliveryActionResult, 'lostProducts' | 'repricedProducts' | 'error'>> {
  const window = change.intent === 'apply' ? change.window : null;
  const stored = await storedOrderForm(services, request);
  if (!stored && !window) return { lostProducts: [] };
  const orderForm = stored ?? (await newCartFor(services, request, headers));
  const applied = await services.delivery.applyChoice(orderForm.orderFormId, choice);
  const { lostProducts, repricedProducts } = applied;
  if (!window) return { lostProducts, repricedProducts };
  try {
    await services.delivery.reserveWindow(orderForm.orderFormId, window);
    return { lostProducts, repricedProducts };
  } catch (error) {
    const code = failureCodeOf(error);
    if (!code || !WINDOW_FAILURES.has(code)) throw error;
    return { lostProducts, repricedProducts, error: failureMessages[code] };
  }
}

async function newCartFor(services: StorefrontServices, request: Request, headers: Headers) {
  const { orderForm, setCookies } = await cartForChange(services, request);
  for (const setCookie of setCookies) headers.append('set-cookie', setCookie);
  return orderForm;
}
