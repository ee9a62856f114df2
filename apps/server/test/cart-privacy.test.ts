import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderForm, OrderInfo } from '@despensa/contracts';
import { formatRut } from '@despensa/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/app';
import { TEST_NOW } from './support/constants';
import { accountsClient, newCustomer } from './support/accounts';
import {
  CART_HEADERS,
  browserCookies,
  cartClient,
  cartKeyCookie,
  holderCookie,
  sellableSkus,
} from './support/cart';

/**
 * Issue 11, fault 3: knowing an orderFormId is not being the cart's owner. A customer's cart is theirs; an
 * anonymous cart is its holder's, the client its cart cookie came to (§4 `checkout.vtex.com=__ofid=`).
 * Issue 27, fault 1: with the cart's key beside it (`despensa_cart_key`, HttpOnly), which an id written
 * into a cart cookie by hand does not give.
 */
let shop: TestApp;
let cart: ReturnType<typeof cartClient>;
let accounts: ReturnType<typeof accountsClient>;
let skus: string[];
beforeAll(async () => {
  shop = await createTestApp();
  cart = cartClient(shop);
  accounts = accountsClient(shop);
  skus = (await sellableSkus(shop, { limit: 3 })).map((row) => String(row.id));
});
afterAll(async () => {
  await shop?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** The cart cookie anyone who learnt a cart's id can write by hand (§4's VTEX shape). */
const forgedCookie = (orderFormId: string) => `checkout.vtex.com=__ofid=${orderFormId}`;

/**
 * A cart call as someone: a session token or cookie, the cookies of a cart they hold, a cart cookie
 * written by hand for a cart they only know the id of (`forges`), or nothing.
 */
const as =
  (
    who: {
      token?: string;
      cookie?: string;
      holds?: string;
      forges?: string;
      /** With `forges`: the key cookie of another cart, one this client does hold. */
      keyOf?: string;
      origin?: string;
    } = {},
  ) =>
  (method: Method, url: string, payload?: unknown) => {
    const cookies = [
      ...(who.cookie ? [`despensa_session=${who.cookie}`] : []),
      ...(who.holds ? [holderCookie(who.holds)] : []),
      ...(who.forges ? [forgedCookie(who.forges)] : []),
      ...(who.keyOf ? [cartKeyCookie(who.keyOf)] : []),
    ];
    return shop.app.inject({
      method,
      url,
      headers: {
        ...CART_HEADERS,
        ...(who.token ? { 'x-access-token': who.token } : {}),
        ...(cookies.length ? { cookie: cookies.join('; ') } : {}),
        ...(who.origin ? { origin: who.origin } : {}),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };

const ADDRESS = {
  addressType: 'residential',
  receiverName: 'Camila Rojas',
  street: 'Av. Providencia',
  number: '1234',
  complement: 'Depto 501',
  neighborhood: 'Providencia',
  city: 'Providencia',
  state: 'Metropolitana de Santiago',
  country: 'CHL',
  postalCode: '7500000',
  geoCoordinates: [-70.61, -33.43],
};

type Kind = 'customer' | 'anonymous';

/**
 * A cart with items, profile, address and receiver, all set by its owner: a logged-in customer who took it,
 * or (anonymous) the client that created it and holds its cookie.
 */
async function personalCart(kind: Kind) {
  const created = await cart.create({ items: [{ id: skus[0], quantity: 2 }] });
  const id = created.orderFormId;
  let owner: { email: string; document: string; token?: string };
  let call: ReturnType<typeof as>;
  if (kind === 'customer') {
    const customer = await accounts.loggedIn({ firstName: 'Camila', lastName: 'Rojas' });
    const taken = await accounts.call('POST', '/api/user/profile', {
      token: customer.token,
      payload: { orderFormId: id },
      headers: { cookie: holderCookie(id) },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    // From here on the session is the key, with or without the cart cookie.
    owner = customer;
    call = as({ token: customer.token });
  } else {
    owner = newCustomer();
    call = as({ holds: id });
  }
  const profile = await call('POST', `/api/orderform/${id}/clientProfileData`, {
    email: owner.email,
    document: owner.document,
    phone: '+56912345678',
    firstName: 'Camila',
    lastName: 'Rojas',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const shipping = await call('POST', `/api/orderform/${id}/shipping`, {
    address: ADDRESS,
    selectedAddresses: [ADDRESS],
    availableAddresses: [ADDRESS],
  });
  expect(shipping.statusCode, shipping.body).toBe(200);
  const info = await call('POST', `/api/order/info/${id}`, {
    receiverData: { name: 'Camila Rojas', phone: '+56987654321' },
  });
  expect(info.statusCode, info.body).toBe(200);
  return { id, owner, call, whole: (await call('GET', `/api/orderform/${id}`)).json() as OrderForm };
}

function expectMasked(form: OrderForm, email: string, document: string) {
  expect(form.canEditData).toBe(false);
  const [local, domain] = email.split('@');
  expect(form.clientProfileData).toEqual({
    email: `${local![0]}***@${domain}`,
    firstName: 'C***',
    lastName: 'R***',
    documentType: 'rut',
    document: `*****${document.slice(-5)}`,
    phone: '*****5678',
    isCorporate: false,
  });
  const addresses = [
    form.shippingData.address,
    ...form.shippingData.selectedAddresses,
    ...form.shippingData.availableAddresses,
  ];
  expect(addresses).toHaveLength(3);
  for (const address of addresses) {
    expect(address).toEqual({
      addressType: 'residential',
      receiverName: 'C***',
      street: 'A***',
      neighborhood: 'Providencia',
      city: 'Providencia',
      state: 'Metropolitana de Santiago',
      country: 'CHL',
      postalCode: '7500000',
    });
  }
  const text = JSON.stringify(form);
  for (const secret of [
    '1234',
    'Depto',
    'Providencia 1',
    '-70.61',
    '-33.43',
    'Camila',
    'Rojas',
    '12345678',
  ]) {
    expect(text, secret).not.toContain(secret);
  }
  expect(text).not.toContain(email);
  expect(text).not.toContain(formatRut(document));
}

/**
 * Who is not the owner: nobody, another customer, a client holding another cart, and (issue 27) whoever
 * learnt the id and wrote the cart cookie by hand, alone, logged in, or beside the key of a cart they hold.
 */
async function strangers(id: string) {
  const other = await accounts.loggedIn();
  const elsewhere = await cart.create();
  return [
    as(),
    as({ token: other.token }),
    as({ holds: elsewhere.orderFormId }),
    as({ forges: id }),
    as({ forges: id, token: other.token }),
    as({ forges: id, keyOf: elsewhere.orderFormId }),
  ];
}

describe.each<Kind>(['customer', 'anonymous'])("a %s's cart, seen by someone else", (kind) => {
  it('answers a stranger and another customer with masked personal data, the owner whole', async () => {
    const { id, owner, call, whole } = await personalCart(kind);
    const other = await accounts.loggedIn();
    // The stranger reads first and last: the masked view never lands in, nor comes from, the owner's copy.
    const strangerFirst: OrderForm = (await as()('GET', `/api/orderform/${id}`)).json();
    expectMasked(strangerFirst, owner.email, owner.document);
    expect(strangerFirst.items.map((item) => [item.id, item.quantity])).toEqual([[skus[0], 2]]);
    expect(strangerFirst.value).toBe(whole.value);

    const ownerView: OrderForm = (await call('GET', `/api/orderform/${id}`)).json();
    expect(ownerView.canEditData).toBe(true);
    expect(ownerView.clientProfileData).toMatchObject({
      email: owner.email,
      document: formatRut(owner.document),
      phone: '+56912345678',
      firstName: 'Camila',
    });
    expect(ownerView.shippingData.address).toMatchObject({
      number: '1234',
      geoCoordinates: [-70.61, -33.43],
    });

    const otherView: OrderForm = (await as({ token: other.token })('GET', `/api/orderform/${id}`)).json();
    expectMasked(otherView, owner.email, owner.document);
    expectMasked((await as()('GET', `/api/orderform/${id}`)).json(), owner.email, owner.document);
    // Issue 27: the id written into a cart cookie by hand opens nothing, logged in or not.
    for (const forger of [as({ forges: id }), as({ forges: id, token: other.token })]) {
      expectMasked((await forger('GET', `/api/orderform/${id}`)).json(), owner.email, owner.document);
      const info: OrderInfo = (await forger('GET', `/api/order/info/${id}`)).json();
      expect(info.receiverData).toEqual({ name: 'C***', phone: '*****4321' });
    }
    // The owner's session cookie counts as much as the token, and a customer's cart cookie alone opens
    // nothing once it has a customer.
    if (kind === 'customer') {
      const byCookie: OrderForm = (await as({ cookie: owner.token })('GET', `/api/orderform/${id}`)).json();
      expect(byCookie.clientProfileData?.email).toBe(owner.email);
      expectMasked(
        (await as({ holds: id })('GET', `/api/orderform/${id}`)).json(),
        owner.email,
        owner.document,
      );
    }

    // Order info: the receiver is masked too.
    const strangerInfo: OrderInfo = (await as()('GET', `/api/order/info/${id}`)).json();
    expect(strangerInfo.receiverData).toEqual({ name: 'C***', phone: '*****4321' });
    const ownerInfo: OrderInfo = (await call('GET', `/api/order/info/${id}`)).json();
    expect(ownerInfo.receiverData).toEqual({ name: 'Camila Rojas', phone: '+56987654321' });
  });

  it("refuses a stranger's and another customer's changes, and leaves the cart as it was", async () => {
    const { id, call, whole } = await personalCart(kind);
    const changes: [Method, string, unknown][] = [
      ['PATCH', `/api/orderform/${id}/items`, { orderItems: [{ id: skus[1], quantity: 1 }] }],
      ['PATCH', `/api/orderform/${id}/items`, { orderItems: [{ index: 0, quantity: 0 }] }],
      ['POST', `/api/orderform/${id}/items/removeAll`, {}],
      ['POST', `/api/orderform/${id}/itemsOrdination`, { criteria: 'name', ascending: true }],
      ['POST', `/api/orderform/${id}/coupons`, { text: 'BIENVENIDA10' }],
      [
        'POST',
        `/api/orderform/${id}/clientProfileData`,
        { email: 'intruso@example.cl', phone: '+56911112222', firstName: 'Intruso' },
      ],
      [
        'POST',
        `/api/orderform/${id}/shipping`,
        { address: { ...ADDRESS, street: 'Calle Falsa', number: '1' } },
      ],
      ['PUT', `/api/orderform/${id}/customData/orderSource/sourceApp`, { value: 'intruso' }],
      ['DELETE', `/api/orderform/${id}/customData/orderSource/sourceApp`, undefined],
      ['POST', `/api/order/info/${id}`, { receiverData: { name: 'Intruso' }, substituteType: 2 }],
    ];
    for (const someone of await strangers(id)) {
      for (const [method, url, payload] of changes) {
        const response = await someone(method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().code, `${method} ${url}`).toBe('notOwner');
      }
    }
    const after: OrderForm = (await call('GET', `/api/orderform/${id}`)).json();
    expect(after).toEqual(whole);
    const info: OrderInfo = (await call('GET', `/api/order/info/${id}`)).json();
    expect(info.receiverData).toEqual({ name: 'Camila Rojas', phone: '+56987654321' });
    expect(info.substituteType).toBe(6);
  });

  it('lets the owner keep changing it', async () => {
    const { id, call } = await personalCart(kind);
    const added = await call('PATCH', `/api/orderform/${id}/items`, {
      orderItems: [{ id: skus[1], quantity: 1 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json() as OrderForm).items).toHaveLength(2);
    const emptied = await call('POST', `/api/orderform/${id}/items/removeAll`, {});
    expect((emptied.json() as OrderForm).items).toEqual([]);
  });
});

describe('an anonymous cart and its cookie', () => {
  it('is held by the client that created it: the answer sets its cart cookie and its key', async () => {
    const created = await cart.call('POST', '/api/orderForm?sc=1', { items: [{ id: skus[0], quantity: 1 }] });
    const { orderFormId } = created.json() as OrderForm;
    const [cartCookie, keyCookie, ...more] = [created.headers['set-cookie'] ?? []].flat();
    expect(more).toEqual([]);
    expect(cartCookie).toBe(`checkout.vtex.com=__ofid=${orderFormId}; Path=/; Max-Age=2592000; SameSite=Lax`);
    // Issue 27: the key no script reads, bound to this cart (an HMAC of its id, base64url).
    expect(keyCookie).toMatch(
      /^despensa_cart_key=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/,
    );
    // Sent back as a browser does, both cookies hold the cart.
    const browser = browserCookies([cartCookie!, keyCookie!]);
    const held: OrderForm = (
      await shop.app.inject({
        method: 'GET',
        url: `/api/orderform/${orderFormId}`,
        headers: { ...CART_HEADERS, cookie: browser },
      })
    ).json();
    expect(held.canEditData).toBe(true);
    expect(browser).toBe(holderCookie(orderFormId));
    const byIdAlone: OrderForm = (await as()('GET', `/api/orderform/${orderFormId}`)).json();
    expect(byIdAlone.canEditData).toBe(false);
    expect(byIdAlone.items).toEqual(held.items);
    const forged: OrderForm = (
      await as({ forges: orderFormId })('GET', `/api/orderform/${orderFormId}`)
    ).json();
    expect(forged.canEditData).toBe(false);
  });

  it('marks both cookies Secure when the shopper came over https (a trusted load balancer says so)', async () => {
    const behindProxy = await createTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
    try {
      const created = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/orderForm',
        headers: { ...CART_HEADERS, 'x-forwarded-proto': 'https' },
        payload: {},
      });
      const { orderFormId } = created.json() as OrderForm;
      expect([created.headers['set-cookie'] ?? []].flat()).toEqual([
        `checkout.vtex.com=__ofid=${orderFormId}; Path=/; Max-Age=2592000; SameSite=Lax; Secure`,
        `${cartKeyCookie(orderFormId)}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure`,
      ]);
    } finally {
      await behindProxy.close();
    }
  });

  it("is not taken into a stranger's account by its id in a forged cookie; its holder keeps it whole", async () => {
    const { id, owner, call, whole } = await personalCart('anonymous');
    const thief = await accounts.loggedIn();
    const elsewhere = await cart.create();
    for (const cookie of [forgedCookie(id), `${forgedCookie(id)}; ${cartKeyCookie(elsewhere.orderFormId)}`]) {
      const taken = await accounts.call('POST', '/api/user/profile', {
        token: thief.token,
        payload: { orderFormId: id },
        headers: { cookie },
      });
      expect(taken.statusCode, cookie).toBe(403);
      expect(taken.json().code, cookie).toBe('notOwner');
    }
    const thiefProfile = await accounts.call('POST', '/api/user/profile', {
      token: thief.token,
      payload: {},
    });
    expect(thiefProfile.json().orderFormId).not.toBe(id);
    expectMasked(
      (await as({ token: thief.token })('GET', `/api/orderform/${id}`)).json(),
      owner.email,
      owner.document,
    );
    // The shopper who created it still reads it whole and changes it.
    expect((await call('GET', `/api/orderform/${id}`)).json()).toEqual(whole);
    const added = await call('PATCH', `/api/orderform/${id}/items`, {
      orderItems: [{ id: skus[1], quantity: 1 }],
    });
    expect(added.statusCode, added.body).toBe(200);
  });

  it('refuses a change riding on its cookie from another site', async () => {
    const { orderFormId } = await cart.create();
    const crossSite = await as({ holds: orderFormId, origin: 'https://otro-sitio.example' })(
      'PATCH',
      `/api/orderform/${orderFormId}/items`,
      { orderItems: [{ id: skus[1], quantity: 1 }] },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('forbiddenOrigin');
    expect((await cart.get(orderFormId)).items).toEqual([]);
  });
});

describe("the cart keys' secret", () => {
  it('is made once and kept in the database: a restart and another instance hold the same carts', async () => {
    // No CART_KEY_SECRET: the default, as `npm start` runs.
    const first = await createTestApp({ env: { CART_KEY_SECRET: '' } });
    try {
      const created = await first.app.inject({
        method: 'POST',
        url: '/api/orderForm',
        headers: CART_HEADERS,
        payload: {},
      });
      const { orderFormId } = created.json() as OrderForm;
      const browser = browserCookies(created.headers['set-cookie']);
      expect(browser).toMatch(/^checkout\.vtex\.com=__ofid=\w{32}; despensa_cart_key=[\w-]{43}$/);
      expect(browser).not.toBe(holderCookie(orderFormId));
      // The same database, a new process (after a crash, or a second instance): the cookies still hold it.
      const again = await buildApp({
        config: loadConfig({ API_KEYS: 'web:test-web-key', LOG_LEVEL: 'silent' }),
        database: first.database,
        clock: () => TEST_NOW,
        logger: false,
        web: false,
        jobs: false,
      });
      try {
        for (const shopApp of [first.app, again.app]) {
          const read = await shopApp.inject({
            method: 'GET',
            url: `/api/orderform/${orderFormId}`,
            headers: { ...CART_HEADERS, cookie: browser },
          });
          expect((read.json() as OrderForm).canEditData).toBe(true);
        }
      } finally {
        await again.close();
      }
    } finally {
      await first.close();
    }
  });
});
