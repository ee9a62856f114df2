import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { accountsClient, newCustomer } from './support/accounts';
import { cartClient, holderCookie } from './support/cart';
import { ADDRESS, PASSWORD } from './support/accounts';
import { accountsForWeb } from '../src/http/for-web/accounts';
import { loadConfig } from '../src/config';

let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
beforeAll(async () => {
  shop = await createTestApp();
  client = accountsClient(shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('registration', () => {
  it('creates an account (201) with the §3 user data', async () => {
    const body = newCustomer({
      document: newCustomer()
        .document.replace('-', '')
        .replace(/^(\d{2})(\d{3})(\d{3})/, '$1.$2.$3-'),
    });
    const response = await client.call('POST', '/api/user', { payload: body });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      email: body.email,
      firstName: 'María',
      gtmSegment: '',
      hasWallet: false,
      cencoPay: { isLinked: false },
      CencoPrime_2020: false,
      CencoPrime_CAT: false,
      countOrder: 0,
      prime_invitation_date: null,
      points: 0,
    });
  });

  it('refuses a taken e-mail or RUT with the same neutral 409', async () => {
    const first = await client.register();
    const sameEmail = await client.call('POST', '/api/user', {
      payload: newCustomer({ email: first.email.toUpperCase() }),
    });
    const sameRut = await client.call('POST', '/api/user', {
      payload: newCustomer({ document: first.document }),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameRut.statusCode).toBe(409);
    expect([sameEmail.json().code, sameRut.json().code]).toEqual(['emailTaken', 'emailTaken']);
    expect(sameEmail.json().message).toBe(sameRut.json().message);
    expect(sameEmail.json().message).not.toMatch(/mail|rut/i);
  });

  it('validates RUT check digit, e-mail, phone, password and terms', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ document: '12.345.678-9' }, 400],
      [{ email: 'josé@correo.cl' }, 400],
      [{ homePhone: '12' }, 400],
      [{ homePhone: '22345678' }, 201],
      [{ password: 'corta1' }, 400],
      [{ password: 'sololetrasaqui' }, 400],
      [{ termsAccepted: false }, 400],
    ];
    for (const [override, status] of cases) {
      const response = await client.call('POST', '/api/user', { payload: newCustomer(override) });
      expect(response.statusCode, JSON.stringify(override)).toBe(status);
    }
  });
});

describe('profile and personal data', () => {
  it('needs a session', async () => {
    expect((await client.call('POST', '/api/user/profile', { payload: {} })).statusCode).toBe(401);
    expect((await client.call('PUT', '/api/user', { payload: { firstName: 'X' } })).statusCode).toBe(401);
    expect((await client.call('GET', '/api/user/vtex-auth/token')).statusCode).toBe(401);
    expect((await client.call('GET', '/api/user/vtex-auth/token', { token: 'forjado' })).statusCode).toBe(
      401,
    );
  });

  it('attaches the cart its client holds and returns the profile; nobody else can take that cart', async () => {
    const a = await client.loggedIn();
    const b = await client.loggedIn();
    const form = await cartClient(shop).create();
    const holding = { cookie: holderCookie(form.orderFormId) };
    // Its id alone is not enough: a customer who does not hold the anonymous cart cannot take it.
    const byIdAlone = await client.call('POST', '/api/user/profile', {
      token: b.token,
      payload: { orderFormId: form.orderFormId },
    });
    expect(byIdAlone.statusCode).toBe(403);
    expect(byIdAlone.json()).toMatchObject({ code: 'notOwner' });
    // Nor is its id written into the cart cookie by hand (issue 27): the cookie's key is missing.
    const forged = await client.call('POST', '/api/user/profile', {
      token: b.token,
      payload: { orderFormId: form.orderFormId },
      headers: { cookie: `checkout.vtex.com=__ofid=${form.orderFormId}` },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'notOwner' });
    const profile = await client.call('POST', '/api/user/profile', {
      token: a.token,
      payload: { orderFormId: form.orderFormId },
      headers: holding,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ email: a.email, orderFormId: form.orderFormId });
    // Once it is a's, not even the cookie hands it to b.
    const stolen = await client.call('POST', '/api/user/profile', {
      token: b.token,
      payload: { orderFormId: form.orderFormId },
      headers: holding,
    });
    expect(stolen.statusCode).toBe(403);
    const missing = await client.call('POST', '/api/user/profile', {
      token: a.token,
      payload: { orderFormId: 'x'.repeat(32) },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('edits names and phone with the §5 rules', async () => {
    const a = await client.loggedIn();
    const ok = await client.call('PUT', '/api/user', {
      token: a.token,
      payload: { firstName: ' Ana ', homePhone: '+56 9 8765 4321' },
    });
    expect(ok.json()).toMatchObject({ firstName: 'Ana', homePhone: '+56987654321' });
    const bad = await client.call('PUT', '/api/user', { token: a.token, payload: { homePhone: 'abc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalidPhone', field: 'homePhone' });
  });

  it('records the acceptance of updated terms (terms-update dialog), and accepts only true', async () => {
    const a = await client.loggedIn();
    const old = '2020-01-01T00:00:00.000Z';
    await shop.database.pool.query('UPDATE customer SET terms_accepted_at = $2 WHERE email = $1', [
      a.email,
      old,
    ]);
    const before = (await client.call('PUT', '/api/user', { token: a.token, payload: {} })).json();
    expect(before.termsAcceptedAt).toBe(old);
    const accepted = await client.call('PUT', '/api/user', {
      token: a.token,
      payload: { termsAccepted: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(Date.parse(accepted.json().termsAcceptedAt)).toBeGreaterThan(Date.parse(before.termsAcceptedAt));
    const refused = await client.call('PUT', '/api/user', {
      token: a.token,
      payload: { termsAccepted: false },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('accepts the cookie and refuses a cookie state change from a foreign Origin', async () => {
    const a = await client.loggedIn();
    const cookie = `despensa_session=${a.token}`;
    const own = await client.call('PUT', '/api/user', {
      headers: { cookie, origin: 'http://localhost:80' },
      payload: { lastName: 'Soto' },
    });
    expect(own.statusCode, own.body).toBe(200);
    const foreign = await client.call('PUT', '/api/user', {
      headers: { cookie, origin: 'https://malo.example' },
      payload: { lastName: 'X' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('forbiddenOrigin');
    const noKey = await shop.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { cookie },
      payload: { lastName: 'X' },
    });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json().code).toBe('missingApiKey');
  });

  it('registers devices, with or without a session', async () => {
    const a = await client.loggedIn();
    const body = { deviceId: 'dev-1', token: 'push-token', isMobile: true, device: 'android' };
    expect((await client.call('POST', '/api/v1/register-device', { payload: body })).json()).toEqual({
      registered: true,
    });
    expect(
      (await client.call('POST', '/api/v1/register-device', { token: a.token, payload: body })).statusCode,
    ).toBe(200);
    expect(
      (await client.call('POST', '/api/v1/register-device', { payload: { deviceId: 'x' } })).statusCode,
    ).toBe(400);
  });
});

describe('the accounts service the web receives', () => {
  it('logs in, reads the session, profile and addresses, and logs out', async () => {
    const { auth, users, addresses, registration } = shop.services;
    const accounts = accountsForWeb(auth, users, addresses, registration);
    const customer = await accounts.register(newCustomer());
    const wrong = await accounts.login(customer.email, 'otra-clave-1', '10.1.1.1');
    expect(wrong.result.authStatus).toBe('WrongCredentials');
    expect(wrong.sessionToken).toBeUndefined();
    const { result, sessionToken } = await accounts.login(customer.email, PASSWORD, '10.1.1.1');
    expect(result.authStatus).toBe('Success');
    expect(await accounts.session(sessionToken)).toMatchObject({ userId: customer.userId });
    expect(await accounts.session('forjado')).toBeNull();
    expect((await accounts.profile(sessionToken)).email).toBe(customer.email);
    expect((await accounts.updateProfile(sessionToken, { firstName: 'Rosa' })).firstName).toBe('Rosa');
    const saved = await accounts.saveAddress(sessionToken, ADDRESS);
    expect((await accounts.addresses(sessionToken)).map((a) => a.addressId)).toEqual([saved.addressId]);
    await accounts.deleteAddress(sessionToken, saved.addressId);
    expect(await accounts.logout(sessionToken)).toEqual({ hadSession: true });
    await expect(accounts.addresses(sessionToken)).rejects.toMatchObject({ code: 'notLoggedIn' });
  });
});

describe('the special account greeting (§6: one special account gets a different greeting label)', () => {
  it('answers the configured label as that account’s greeting (any case of its e-mail); null for everyone else', async () => {
    const special = newCustomer();
    const label = 'Bienvenida, equipo Despensa';
    const configured = await createTestApp({
      env: { SPECIAL_GREETING: JSON.stringify({ email: special.email.toUpperCase(), label }) },
    });
    try {
      const accounts = accountsClient(configured);
      const registered = await accounts.call('POST', '/api/user', { payload: special });
      expect(registered.statusCode, registered.body).toBe(201);
      expect(registered.json().greeting).toBe(label);
      const other = await accounts.call('POST', '/api/user', { payload: newCustomer() });
      expect(other.json().greeting).toBeNull();
    } finally {
      await configured.close();
    }
    // The shop without it: nobody has one.
    const plain = await client.call('POST', '/api/user', { payload: newCustomer() });
    expect(plain.json().greeting).toBeNull();
    expect(() => loadConfig({ SPECIAL_GREETING: '{"email":"no-es-correo"}' })).toThrow(
      /SPECIAL_GREETING: must be JSON: \{"email", "label"\}/,
    );
  });
});
