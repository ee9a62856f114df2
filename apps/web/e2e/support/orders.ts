import pg from 'pg';
import { inject } from 'vitest';
import {
  CARD_REDIRECT_PAYMENT_ID,
  DELIVERY_METHODS,
  ORDER_EDIT_CUTOFF_MS,
  computeRutCheckDigit,
} from '@despensa/domain';
import { baseUrl } from './browser';

const API = { 'x-api-key': 'despensa-web-dev-key', 'x-consumer': 'web' };
const CART = { ...API, 'x-account': 'despensa' };
const POINT: [number, number] = [-70.61667, -33.43333];
const VISA = '4051 8856 0044 6623';

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    redirect: 'manual',
    headers: { ...CART, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
}

function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url.startsWith('http') ? url : `${baseUrl()}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

function formOf(html: string) {
  const found = /<form[^>]*action="([^"]+)"[^>]*>((?:(?!<\/form>).)*)<\/form>/s.exec(html);
  if (!found) throw new Error(`no form in ${html.slice(0, 300)}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of found[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)) fields[name!] = value!;
  return { action: found[1]!.replace(/&amp;/g, '&'), fields };
}

/** The store that delivers to Providencia in the seeded shop: its channel, id and some skus it sells. */
export async function deliveringStore() {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const store = (await db.query("SELECT id, sales_channel FROM store WHERE comuna_code = '13123' LIMIT 1"))
      .rows[0];
    const skus = async (weighed: boolean) =>
      (
        await db.query(
          `SELECT s.id FROM sku s JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = $1
            WHERE o.available_quantity >= 40 AND o.list_price > 0 AND s.cart_limit >= 35
              AND s.measurement_unit ${weighed ? "= 'kg'" : "<> 'kg'"} ORDER BY s.id LIMIT 4`,
          [store.sales_channel],
        )
      ).rows.map((row) => String(row.id));
    return {
      id: String(store.id),
      sc: Number(store.sales_channel),
      skus: await skus(false),
      weighed: await skus(true),
    };
  } finally {
    await db.end();
  }
}

export interface Shopper {
  token: string;
  email: string;
  document: string;
}

let serial = 0;
/** A new customer with a valid RUT, logged in through the API. */
export async function newShopper(): Promise<Shopper> {
  serial += 1;
  const stamp = `${Date.now()}${serial}`;
  const body = String(10_000_000 + (Number(stamp.slice(-7)) % 9_000_000));
  const email = `compra-${stamp}@correo.cl`;
  const document = `${body}-${computeRutCheckDigit(body)}`;
  await call('POST', '/api/user', {
    firstName: 'Camila',
    lastName: 'Rojas',
    document,
    email,
    homePhone: '+56912345678',
    password: 'clave-segura-123',
    termsAccepted: true,
  });
  const { authenticationToken } = await call('GET', '/api/vtexid/pub/authentication/start');
  const login = await call('POST', '/api/vtexid/pub/authentication/classic/validate', {
    authenticationToken,
    login: email,
    password: 'clave-segura-123',
  });
  return { token: login.authCookie.Value, email, document };
}

/**
 * The shopper's cart (taken as theirs) with their data and home delivery to Av. Providencia 1234 in the
 * `windowIndex`-th window with room, as the checkout pages leave it before paying: answers its id.
 */
export async function cartWithHomeDelivery(
  shopper: Shopper,
  sc: number,
  items: { id: string; quantity: number }[],
  windowIndex = 0,
): Promise<string> {
  const as = { 'x-access-token': shopper.token };
  const lines = items.map((item) => ({ ...item, seller: '1' }));
  const created = await fetch(`${baseUrl()}/api/orderForm?sc=${sc}`, {
    method: 'POST',
    headers: { ...CART, ...as, 'content-type': 'application/json' },
    body: JSON.stringify({ items: lines }),
  });
  if (created.status !== 200) throw new Error(`POST /api/orderForm: ${created.status}`);
  const { orderFormId: id } = (await created.json()) as { orderFormId: string };
  // The client that created the cart holds it by the cookies its creation set (the cart cookie and its
  // key): with them, the customer takes it.
  const cookie = created.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
  await call('POST', '/api/user/profile', { orderFormId: id }, { ...as, cookie });
  await call(
    'POST',
    `/api/orderform/${id}/clientProfileData`,
    {
      email: shopper.email,
      document: shopper.document,
      phone: '+56912345678',
      firstName: 'Camila',
      lastName: 'Rojas',
    },
    as,
  );
  const simulation = await call('POST', '/api/shipping/simulation', {
    location: { zipCode: '7500000', country: 'CL', point: POINT },
    saleschannel: sc,
    shippingMethod: DELIVERY_METHODS.homeDelivery.id,
    items: lines,
  });
  // Windows far enough ahead that the order can still be changed (ORDER_EDIT_CUTOFF_MS), whatever the hour
  // the journey runs at: the first free window of the afternoon once closed edits before 16:00.
  const changeable = Date.now() + ORDER_EDIT_CUTOFF_MS + 3600_000;
  const windows = simulation.logisticsInfo[0].slas[0].availableDeliveryWindows.filter(
    (each: { remaining: number; startDateUtc: string }) =>
      each.remaining > 0 && Date.parse(each.startDateUtc) >= changeable,
  );
  const window = windows[windowIndex % windows.length];
  const address = {
    addressId: 'casa',
    addressType: 'residential',
    receiverName: 'Camila',
    street: 'Av. Providencia',
    number: '1234',
    neighborhood: 'Providencia',
    city: 'Providencia',
    state: 'Metropolitana de Santiago',
    country: 'CHL',
    postalCode: '7500000',
    geoCoordinates: POINT,
  };
  await call(
    'POST',
    `/api/orderform/${id}/shipping?sc=${sc}`,
    {
      address,
      selectedAddresses: [address],
      availableAddresses: [address],
      logisticsInfo: [
        {
          itemIndex: 0,
          selectedSla: DELIVERY_METHODS.homeDelivery.id,
          deliveryWindow: { startDateUtc: window.startDateUtc, endDateUtc: window.endDateUtc },
        },
      ],
    },
    as,
  );
  return id;
}

/**
 * The shopper's paid order, placed through the API as the checkout pages would (home delivery in the
 * `windowIndex`-th window with room, VISA at the sandbox acquirer): answers the order id.
 */
export async function placeOrderFor(
  shopper: Shopper,
  sc: number,
  items: { id: string; quantity: number }[],
  windowIndex = 0,
): Promise<string> {
  const as = { 'x-access-token': shopper.token };
  const id = await cartWithHomeDelivery(shopper, sc, items, windowIndex);
  const form = await call('GET', `/api/orderform/${id}`, undefined, as);
  // The cart's value counts the window's fee (its Shipping totalizer): what the order charges.
  const total = form.value;
  await call(
    'POST',
    `/api/orderform/${id}/payments`,
    { payments: [{ paymentSystem: CARD_REDIRECT_PAYMENT_ID, installments: 1, value: total }] },
    as,
  );
  const placed = await call(
    'POST',
    '/api/checkout/pub/orderform/transaction',
    { referenceId: id, value: total, interestValue: 0 },
    as,
  );
  // The shopper at the sandbox acquirer: card, bank, and the form back to the shop.
  const page = await fetch(`${baseUrl()}${placed.redirectUrl}`, {
    headers: { cookie: `despensa_session=${shopper.token}` },
  });
  const toAcquirer = formOf(await page.text());
  const tokenWs = toAcquirer.fields.token_ws!;
  const base = toAcquirer.action.replace(/\/webpayserver\/.*$/, '');
  await postForm(toAcquirer.action, { token_ws: tokenWs });
  await postForm(`${base}/webpayserver/card`, { token: tokenWs, card: VISA });
  const bank = await postForm(`${base}/webpayserver/bank`, {
    token: tokenWs,
    card: VISA,
    rut: '11.111.111-1',
    password: '123',
  });
  const back = formOf(await bank.text());
  const returned = await postForm(back.action, back.fields);
  const landing = returned.headers.get('location');
  if (landing !== `/checkout/orderPlaced?og=${placed.orderId}`)
    throw new Error(`the payment did not land on the order placed page: ${returned.status} ${landing}`);
  return `${placed.orderId}-01`;
}

/** A new shopper's paid order: the order id, the shopper's session token and the names of its products. */
export async function placePaidOrder(sc: number, items: { id: string; quantity: number }[]) {
  const shopper = await newShopper();
  const orderId = await placeOrderFor(shopper, sc, items);
  const order = await call('GET', `/api/checkout/pub/orders/${orderId}`, undefined, {
    'x-access-token': shopper.token,
  });
  const nameOf = (sku: string): string => order.items.find((item: { id: string }) => item.id === sku).name;
  return { orderId, token: shopper.token, nameOf };
}
