import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH, inputFault } from '../src/http/edge';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, cartClient, heldCartHeaders } from './support/cart';
import { accountsClient, newCustomer } from './support/accounts';
import { NAME_BIDI_MESSAGE } from '@despensa/contracts';

const LONE = '\ud800';
let shop: TestApp;
let orderFormId: string;
beforeAll(async () => {
  shop = await createTestApp();
  orderFormId = (await cartClient(shop).create()).orderFormId;
});
afterAll(async () => {
  await shop?.close();
});

/** JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one. */
function send(method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) {
  return shop.app.inject({
    method,
    url,
    headers: { ...heldCartHeaders(url), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

function expectRefused(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({
    code: 'invalidText',
    message: 'El texto contiene caracteres no válidos',
  });
}

describe('the edge (§7, §8): malformed input is a 4xx, never a 500', () => {
  it.each(['/api/health', '/api/catalog/product/1', '/api/orderform/x', '/', '/lacteos'])(
    'answers TRACE %s with a JSON 405',
    async (url) => {
      const response = await shop.app.inject({ method: 'TRACE', url, headers: CART_HEADERS });
      expect(response.statusCode).toBe(405);
      expect(response.json()).toMatchObject({ statusCode: 405, code: 'methodNotAllowed' });
    },
  );

  it.each(['email', 'document', 'phone', 'firstName', 'lastName'])(
    'refuses a lone surrogate in clientProfileData.%s',
    async (field) => {
      const profile = { email: 'ana@example.cl', firstName: 'Ana', [field]: `x${LONE}` };
      expectRefused(await send('POST', `/api/orderform/${orderFormId}/clientProfileData`, profile));
    },
  );

  it.each(['street', 'number', 'complement', 'neighborhood', 'city', 'state', 'receiverName', 'reference'])(
    'refuses a lone surrogate in the shipping address field %s',
    async (field) => {
      const address = {
        addressType: 'residential',
        street: 'Av. Providencia',
        number: '1234',
        [field]: LONE,
      };
      expectRefused(await send('POST', `/api/orderform/${orderFormId}/shipping`, { address }));
    },
  );

  it('refuses a lone surrogate in a customData value and in a coupon', async () => {
    expectRefused(
      await send('PUT', `/api/orderform/${orderFormId}/customData/despensa/memo`, { value: LONE }),
    );
    expectRefused(await send('POST', `/api/orderform/${orderFormId}/coupons`, { text: LONE }));
  });

  it('refuses a lone surrogate at any depth of any body, in keys too, on every kind of route', async () => {
    const deep = [{ a: { b: [1, 'ok', { c: `🙂${LONE}` }] } }, { [`k${LONE}`]: 'v' }, ['\udfff']];
    for (const body of deep) {
      expectRefused(await send('POST', '/api/orderForm', body));
      expectRefused(await send('PATCH', `/api/orderform/${orderFormId}/items`, body));
      expectRefused(await send('POST', '/api/shipping/simulation', body));
      expectRefused(await send('POST', '/api/vtexid/pub/authentication/start', body));
    }
    // The cart is untouched and still readable.
    expect((await cartClient(shop).call('GET', `/api/orderform/${orderFormId}`)).statusCode).toBe(200);
  });

  it('keeps well-formed text, emoji included', () => {
    expect(inputFault({ name: 'Ñuñoa 🙂', list: ['á', { 'clé 😀': 'ü' }], n: 1, none: null })).toBeNull();
    expect(inputFault({ name: `Ñuñoa${LONE}` })).toBe('invalidText');
    expect(inputFault(['\udc00'])).toBe('invalidText');
  });

  it('refuses a body nested deeper than the shop ever sends with a 400, however deep (never a 500)', async () => {
    const nested = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    for (const levels of [MAX_INPUT_DEPTH, 5_000, 100_000]) {
      for (const url of ['/api/user', '/api/orderForm', `/api/orderform/${orderFormId}/items`]) {
        const response = await shop.app.inject({
          method: url.endsWith('/items') ? 'PATCH' : 'POST',
          url,
          headers: { ...heldCartHeaders(url), 'content-type': 'application/json' },
          payload: nested(levels),
        });
        expect(response.statusCode, `${url} ${levels}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'inputTooDeep',
          message: 'La solicitud tiene demasiados niveles anidados',
        });
      }
    }
    // One level less is the schema's to judge (here: not a cart change), not the edge's.
    const shallow = await send('POST', '/api/orderForm', JSON.parse(nested(MAX_INPUT_DEPTH - 2)));
    expect(shallow.json()).not.toMatchObject({ code: 'inputTooDeep' });
  });

  it('answers unknown /api paths with a JSON 404 and unsupported methods with a JSON 405', async () => {
    const missing = await shop.app.inject({ method: 'GET', url: '/api/nope', headers: CART_HEADERS });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'notFound' });
    const wrong = await shop.app.inject({ method: 'DELETE', url: '/api/health', headers: CART_HEADERS });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('GET');
    expect(wrong.json()).toMatchObject({ code: 'methodNotAllowed' });
  });
});

describe('names without bidirectional controls (issue 27)', () => {
  /** Right-to-left override and the other embeddings, isolates and marks that reorder a name on screen. */
  const CONTROLS = ['\u202e', '\u202a', '\u2066', '\u2069', '\u200e', '\u200f'];

  function expectNameRefused(response: { statusCode: number; json(): unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalidInput',
      field,
      message: `Campo inválido: ${field} (${NAME_BIDI_MESSAGE})`,
    });
  }

  it("refuses them in a shopper's, a receiver's and a cart profile's names", async () => {
    const accounts = accountsClient(shop);
    const customer = await accounts.loggedIn();
    for (const control of CONTROLS) {
      const name = `Ana${control}atsiR`;
      expectNameRefused(
        await accounts.call('POST', '/api/user', { payload: newCustomer({ firstName: name }) }),
        'body.firstName',
      );
      expectNameRefused(
        await accounts.call('PUT', '/api/user', { token: customer.token, payload: { lastName: name } }),
        'body.lastName',
      );
      expectNameRefused(
        await accounts.call('POST', '/api/user/address', {
          token: customer.token,
          payload: { receiverName: name, city: 'Providencia', state: 'Metropolitana', street: 'Av. Italia' },
        }),
        'body.receiverName',
      );
      expectNameRefused(
        await send('POST', `/api/orderform/${orderFormId}/clientProfileData`, {
          email: 'ana@correo.cl',
          firstName: name,
        }),
        'body.firstName',
      );
    }
    // The web's forms reach the service in process, past the API's schema: the same rule holds there.
    await expect(
      shop.services.registration.register(newCustomer({ firstName: 'Ana\u202eatsiR' })),
    ).rejects.toThrow(NAME_BIDI_MESSAGE);
    // Letters of any script stay welcome.
    const accepted = await accounts.call('PUT', '/api/user', {
      token: customer.token,
      payload: { lastName: 'Ñuñoa-Müller' },
    });
    expect(accepted.statusCode).toBe(200);
  });
});
