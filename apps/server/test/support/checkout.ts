import { DELIVERY_METHODS, CARD_REDIRECT_PAYMENT_ID, deliveryFeeOf } from '@despensa/domain';
import type { AddressInfo } from 'node:net';
import type { OrderForm, TransactionAnswer } from '@despensa/contracts';
import transbank from 'transbank-sdk';
import { TransbankAcquirer } from '../../src/providers/acquirer/acquirer';
import type { TestApp } from './app';
import { accountsClient } from './accounts';
import { heldCartHeaders } from './cart';

export const VISA = '4051 8856 0044 6623';
export const MASTERCARD = '5186 0595 5959 0568';
/** Monday 2026-11-02, 12:00 in Santiago: stores open, windows ahead. */
export const CHECKOUT_START = new Date('2026-11-02T15:00:00Z');

/** The sales channel of a store with delivery windows, and where it delivers. */
export async function deliveringChannel(shop: TestApp): Promise<number> {
  const { rows } = await shop.database.pool.query(
    "SELECT sales_channel FROM store WHERE comuna_code = '13123'",
  );
  return rows[0].sales_channel;
}

type Shopper = Awaited<ReturnType<ReturnType<typeof accountsClient>['loggedIn']>>;

/**
 * What these helpers need of a shop: its inject, which `overHttp` gives a shop in another process, and
 * its database, in process only.
 */
export type ShopUnderTest = Pick<TestApp, 'app'> & { database?: TestApp['database'] };

/** A shop in another process (a server started by the process tests) behind the same inject calls. */
export function overHttp(baseUrl: string): ShopUnderTest {
  const inject = async (request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: object | string;
  }) => {
    const json = request.payload !== undefined && typeof request.payload !== 'string';
    const response = await fetch(`${baseUrl}${request.url}`, {
      method: request.method,
      redirect: 'manual',
      headers: { ...request.headers, ...(json ? { 'content-type': 'application/json' } : {}) },
      ...(request.payload === undefined
        ? {}
        : { body: json ? JSON.stringify(request.payload) : (request.payload as string) }),
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      body,
      headers: Object.fromEntries(response.headers),
      json: () => JSON.parse(body),
    };
  };
  return { app: { inject } as unknown as TestApp['app'] };
}

/** A shopper's calls with their session, holding the carts they name (heldCartHeaders). */
export function as(shop: ShopUnderTest, shopper: { token: string } | null) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    shop.app.inject({
      method,
      url,
      headers: {
        ...heldCartHeaders(url, payload),
        ...(shopper ? { 'x-access-token': shopper.token } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/**
 * A logged-in shopper's cart, complete as §5 asks except what `skip` leaves out: items, profile (RUT,
 * e-mail, phone), home delivery to a saved address with a held window, a receiver, a card payment.
 */
export async function completeCart(
  shop: ShopUnderTest,
  options: {
    sc: number;
    /** Seller '1' unless one is named. */
    items: { id: string; quantity: number; seller?: string }[];
    windowIndex?: number;
    skip?: ('profile' | 'shipping' | 'receiver' | 'payment')[];
    /** Store pickup at the channel's store instead of home delivery (its address is the default one). */
    pickup?: boolean;
    /** A shopper already logged in (a second order of one customer); a new one by default. */
    shopper?: Shopper;
    /** The account's data (a wallet sandbox e-mail, say). */
    account?: Record<string, unknown>;
    /** The customer's segment (user data gtmSegment) before the cart is taken: 'colaborador'. */
    segment?: string;
    /** The payment entries, from the cart and the delivery fee; a card redirect for the total by default. */
    pay?: (
      form: OrderForm,
      fee: number,
      shopper: Shopper,
    ) => Record<string, unknown>[] | Promise<Record<string, unknown>[]>;
    /** Express delivery (no window) instead of home delivery in a window. */
    express?: boolean;
    /** The delivery address: an address-book id of the shopper's ('casa', outside the book, by default). */
    address?: (shopper: Shopper) => Promise<string>;
  },
): Promise<{
  shopper: Shopper;
  id: string;
  form: OrderForm;
  call: ReturnType<typeof as>;
  /** The home-delivery window's fee the order charges on top of the items. */
  fee: number;
  /** What the order costs paying normally: the cart's value (its Shipping totalizer counts the fee). */
  total: number;
}> {
  const accounts = accountsClient(
    shop,
    `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  );
  const shopper = options.shopper ?? (await accounts.loggedIn(options.account ?? {}));
  if (options.segment !== undefined) {
    await shop.database!.pool.query('UPDATE customer SET gtm_segment = $1 WHERE id = $2', [
      options.segment,
      shopper.userId,
    ]);
  }
  const call = as(shop, shopper);
  const skip = new Set(options.skip ?? []);
  const created = await call('POST', `/api/orderForm?sc=${options.sc}`, {
    items: options.items.map((item) => ({ seller: '1', ...item })),
  });
  if (created.statusCode !== 200) throw new Error(`cart: ${created.body}`);
  const id = (created.json() as OrderForm).orderFormId;
  const taken = await call('POST', '/api/user/profile', { orderFormId: id });
  if (taken.statusCode !== 200) throw new Error(`take: ${taken.body}`);
  if (!skip.has('profile')) {
    const profile = await call('POST', `/api/orderform/${id}/clientProfileData`, {
      email: shopper.email,
      document: shopper.document,
      phone: '+56912345678',
      firstName: shopper.firstName,
      lastName: shopper.lastName,
    });
    if (profile.statusCode !== 200) throw new Error(`profile: ${profile.body}`);
  }
  const method = options.pickup ? DELIVERY_METHODS.storePickup : DELIVERY_METHODS.homeDelivery;
  if (!skip.has('shipping')) {
    const simulated = await call('POST', '/api/shipping/simulation', {
      location: { zipCode: '7500000', country: 'CL', point: [-70.61667, -33.43333] },
      saleschannel: options.sc,
      shippingMethod: method.id,
      items: options.items.map((item) => ({ ...item, seller: '1' })),
    });
    const windows = (
      simulated.json() as {
        logisticsInfo: {
          slas: {
            availableDeliveryWindows: { startDateUtc: string; endDateUtc: string; remaining: number }[];
          }[];
        }[];
      }
    ).logisticsInfo[0]!.slas[0]!.availableDeliveryWindows.filter((w) => w.remaining > 0);
    const window = windows[(options.windowIndex ?? 0) % windows.length]!;
    const address = {
      ...(options.pickup ? {} : { addressId: options.address ? await options.address(shopper) : 'casa' }),
      addressType: 'residential',
      receiverName: skip.has('receiver') ? '' : shopper.firstName,
      street: 'Av. Providencia',
      number: '1234',
      neighborhood: 'Providencia',
      city: 'Providencia',
      state: 'Metropolitana de Santiago',
      country: 'CHL',
      postalCode: '7500000',
      geoCoordinates: [-70.61667, -33.43333],
    };
    const shipping = await call('POST', `/api/orderform/${id}/shipping?sc=${options.sc}`, {
      address,
      selectedAddresses: [address],
      availableAddresses: [address],
      logisticsInfo: [
        {
          itemIndex: 0,
          ...(options.express
            ? { selectedSla: DELIVERY_METHODS.express.id }
            : {
                selectedSla: method.id,
                deliveryWindow: { startDateUtc: window.startDateUtc, endDateUtc: window.endDateUtc },
              }),
        },
      ],
    });
    if (shipping.statusCode !== 200) throw new Error(`shipping: ${shipping.body}`);
  }
  let form: OrderForm = (await call('GET', `/api/orderform/${id}`)).json();
  const fee = skip.has('shipping')
    ? 0
    : options.express
      ? deliveryFeeOf(DELIVERY_METHODS.express.id, false)
      : deliveryFeeOf(method.id, true);
  if (!skip.has('payment')) {
    const payments = await call('POST', `/api/orderform/${id}/payments`, {
      payments: options.pay
        ? await options.pay(form, fee, shopper)
        : [{ paymentSystem: CARD_REDIRECT_PAYMENT_ID, installments: 1, value: form.value }],
    });
    if (payments.statusCode !== 200) throw new Error(`payments: ${payments.body}`);
    form = payments.json();
  }
  return { shopper, id, form, call, fee, total: form.value };
}

/** Posts a form to a URL of the shop (the sandbox's pages, the return) as a browser would. */
export async function postForm(shop: ShopUnderTest, url: string, fields: Record<string, string>) {
  return shop.app.inject({
    method: 'POST',
    url: url.replace(/^https?:\/\/[^/]+/, ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The one form of a page: its action and hidden fields. */
export function formOf(html: string) {
  const found = /<form[^>]*action="([^"]+)"[^>]*>((?:(?!<\/form>).)*)<\/form>/s.exec(html);
  if (!found) throw new Error(`no form in ${html}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of found[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)) fields[name!] = value!;
  return { action: found[1]!.replace(/&amp;/g, '&'), fields };
}

/** Sends a complete cart to pay (§4 transaction) for `value` (the cart's total by default); must answer 200. */
export async function placeTransaction(
  cart: { id: string; total: number; call: ReturnType<typeof as> },
  value = cart.total,
): Promise<TransactionAnswer> {
  const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
    referenceId: cart.id,
    savePersonalData: true,
    optinNewsLetter: false,
    value,
    interestValue: 0,
  });
  if (placed.statusCode !== 200) throw new Error(`transaction: ${placed.statusCode} ${placed.body}`);
  return placed.json() as TransactionAnswer;
}

/**
 * The shopper at the acquirer: the shop's payment page (only the shopper who placed the order gets it),
 * the sandbox's card and bank steps. Answers the form the sandbox posts back to the shop (not posted yet).
 */
export async function payAtAcquirer(
  shop: ShopUnderTest,
  redirectUrl: string,
  card: string,
  shopper: { token: string },
) {
  const page = await as(shop, shopper)('GET', redirectUrl);
  if (page.statusCode !== 200) throw new Error(`payment page: ${page.statusCode} ${page.headers.location}`);
  const toAcquirer = formOf(page.body);
  const token = toAcquirer.fields.token_ws!;
  const base = toAcquirer.action.replace(/\/webpayserver\/.*$/, '');
  await postForm(shop, toAcquirer.action, { token_ws: token });
  await postForm(shop, `${base}/webpayserver/card`, { token, card });
  const done = await postForm(shop, `${base}/webpayserver/bank`, {
    token,
    card,
    rut: '11.111.111-1',
    password: '123',
  });
  return { token, back: formOf(done.body) };
}

/**
 * Enrols a one-click card the way a shopper does (the shop's call, the sandbox's enrolment page with the
 * bank step, back to the shop) and answers the saved card's id.
 */
export async function enrolCard(
  shop: ShopUnderTest,
  shopper: { token: string; email: string; firstName: string; lastName: string },
  card: string,
  type: 'oneclick' | 'catoneclick' | 'debitooneclick' = 'oneclick',
): Promise<string> {
  const call = as(shop, shopper);
  const started = await call('POST', `/api/wallet/card/${type}`, {
    email: shopper.email,
    firstName: shopper.firstName,
    lastName: shopper.lastName,
    callback: '/mis-tarjetas',
  });
  if (started.statusCode !== 200) throw new Error(`enrol: ${started.body}`);
  const { token } = started.json() as { token: string };
  const sandbox = '/sandbox/transbank/inscription/webpayserver';
  await postForm(shop, `${sandbox}/card`, { token, card });
  const left = await postForm(shop, `${sandbox}/bank`, { token, card, rut: '11.111.111-1', password: '123' });
  const back = formOf(left.body);
  await postForm(shop, back.action, back.fields);
  const cards = (await call('GET', '/api/wallet/cards')).json() as { id: string; cardLast4: string }[];
  const saved = cards.find((each) => each.cardLast4 === card.replace(/\D/g, '').slice(-4));
  if (!saved) throw new Error(`no saved card ${card}`);
  return saved.id;
}

/**
 * The shop's own Transbank sandbox as the acquirer speaks to it, through the official transbank-sdk and
 * Transbank's public integration credentials: the acquirer's view of a payment in a test. The shop listens.
 */
export function sandboxAcquirerOf(shop: { app: { server: { address(): unknown } } }): TransbankAcquirer {
  const { IntegrationApiKeys, IntegrationCommerceCodes } = transbank;
  return new TransbankAcquirer({
    environment: `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}/sandbox/transbank`,
    commerceCode: IntegrationCommerceCodes.WEBPAY_PLUS,
    apiKey: IntegrationApiKeys.WEBPAY,
    oneclickCommerceCode: IntegrationCommerceCodes.ONECLICK_MALL,
    oneclickStoreCode: IntegrationCommerceCodes.ONECLICK_MALL_CHILD1,
  });
}
