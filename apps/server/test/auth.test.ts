import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { TEST_NOW } from './support/constants';
import { DEFAULT_OUTBOX_KEY } from '../src/config';
import { PASSWORD, accountsClient, lastCode } from './support/accounts';

const now = new Date(TEST_NOW);
let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
beforeAll(async () => {
  shop = await createTestApp({ now });
  client = accountsClient(shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('VTEX ID login', () => {
  it('starts with a token and logs in with a session cookie', async () => {
    const start = await client.call('GET', '/api/vtexid/pub/authentication/start');
    expect(start.statusCode).toBe(200);
    expect(start.json().authenticationToken).toMatch(/^[\w-]{20,}$/);
    const customer = await client.register();
    const response = await client.login(customer.email);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.authStatus).toBe('Success');
    expect(result.authCookie.Name).toBe('despensa_session');
    expect(result.userId).toBe(customer.userId);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toContain(`despensa_session=${result.authCookie.Value}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const https = await client.call('POST', '/api/vtexid/pub/authentication/classic/validate', {
      headers: { 'x-forwarded-proto': 'https' },
      payload: { authenticationToken: await client.start(), login: customer.email, password: PASSWORD },
    });
    expect(https.json().authStatus).toBe('Success');
    // A login on another device leaves this one logged in.
    const session = await client.call('GET', '/api/user/vtex-auth/token', { token: result.authCookie.Value });
    expect(session.statusCode).toBe(200);
  });

  it('keeps a shopper logged in on two devices: a login rotates only the token its device held', async () => {
    const customer = await client.register();
    const phone = (await client.login(customer.email)).json().authCookie.Value;
    const computer = (await client.login(customer.email)).json().authCookie.Value;
    const sessionOf = async (token: string) =>
      (await client.call('GET', '/api/user/vtex-auth/token', { token })).statusCode;
    expect(await sessionOf(phone)).toBe(200);
    expect(await sessionOf(computer)).toBe(200);

    // The phone logs in again: its old token ends, the computer's stays.
    const again = await client.call('POST', '/api/vtexid/pub/authentication/classic/validate', {
      token: phone,
      payload: { authenticationToken: await client.start(), login: customer.email, password: PASSWORD },
    });
    const phoneNow = again.json().authCookie.Value;
    expect(phoneNow).not.toBe(phone);
    expect(await sessionOf(phone)).toBe(401);
    expect(await sessionOf(phoneNow)).toBe(200);
    expect(await sessionOf(computer)).toBe(200);

    // Logout ends that device's session only.
    expect((await client.call('POST', '/api/user/logout', { token: phoneNow })).json()).toEqual({
      hadSession: true,
    });
    expect(await sessionOf(phoneNow)).toBe(401);
    expect(await sessionOf(computer)).toBe(200);

    // A password change ends every other session.
    const tablet = (await client.login(customer.email)).json().authCookie.Value;
    const authenticationToken = await client.start();
    await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken, login: customer.email },
    });
    const set = await client.call('POST', '/api/vtexid/pub/authentication/classic/setpassword', {
      payload: {
        authenticationToken,
        login: customer.email,
        newPassword: 'otra-clave-789',
        accessKey: lastCode(shop, customer.email),
      },
    });
    expect(set.json().authStatus).toBe('Success');
    expect(await sessionOf(computer)).toBe(401);
    expect(await sessionOf(tablet)).toBe(401);
    expect(await sessionOf(set.json().authCookie.Value)).toBe(200);
  });

  it('accepts form-urlencoded bodies', async () => {
    const customer = await client.register();
    const response = await client.call('POST', '/api/vtexid/pub/authentication/classic/validate', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        authenticationToken: await client.start(),
        login: customer.email,
        password: PASSWORD,
      }).toString() as never,
    });
    expect(response.json().authStatus).toBe('Success');
  });

  it('answers WrongCredentials for a wrong password and the same for an unknown login', async () => {
    const customer = await client.register();
    const wrong = await client.login(customer.email, 'otra-clave-999');
    const unknown = await client.login('nadie-aqui@correo.cl', 'otra-clave-999');
    expect(wrong.json()).toMatchObject({ authStatus: 'WrongCredentials', lastAttemptAvailable: 4 });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a bad or expired authenticationToken', async () => {
    const customer = await client.register();
    const bad = await client.call('POST', '/api/vtexid/pub/authentication/classic/validate', {
      payload: { authenticationToken: 'nope', login: customer.email, password: PASSWORD },
    });
    expect(bad.json().authStatus).toBe('InvalidToken');
    const token = await client.start();
    now.setTime(now.getTime() + 31 * 60_000);
    const late = await client.call('POST', '/api/vtexid/pub/authentication/classic/validate', {
      payload: { authenticationToken: token, login: customer.email, password: PASSWORD },
    });
    expect(late.json().authStatus).toBe('InvalidToken');
  });

  it('blocks an account after 5 failures in 15 minutes, for 15 minutes', async () => {
    const customer = await client.register();
    for (let i = 0; i < 5; i++)
      expect((await client.login(customer.email, 'mala-clave-1')).json().authStatus).toBe('WrongCredentials');
    expect((await client.login(customer.email)).json().authStatus).toBe('BlockedUser');
    expect((await client.login(customer.email.toUpperCase())).json().authStatus).toBe('BlockedUser');
    now.setTime(now.getTime() + 16 * 60_000);
    expect((await client.login(customer.email)).json().authStatus).toBe('Success');
  });

  it('limits failures per client address across accounts', async () => {
    const other = accountsClient(shop, '10.9.9.9');
    const customer = await client.register();
    for (let i = 0; i < 30; i++) await other.login(`probe${i}@correo.cl`, 'mala-clave-1');
    expect((await other.login(customer.email)).json().authStatus).toBe('BlockedUser');
    expect((await client.login(customer.email)).json().authStatus).toBe('Success');
    now.setTime(now.getTime() + 16 * 60_000);
  });

  it('expires sessions after 30 days and revokes them at logout', async () => {
    const customer = await client.loggedIn();
    const ok = await client.call('GET', '/api/user/vtex-auth/token', { token: customer.token });
    expect(ok.json()).toMatchObject({ userId: customer.userId, email: customer.email });
    now.setTime(now.getTime() + 30 * 24 * 3600_000 + 1000);
    expect(
      (await client.call('GET', '/api/user/vtex-auth/token', { token: customer.token })).statusCode,
    ).toBe(401);
    const again = await client.login(customer.email);
    const token = again.json().authCookie.Value;
    const logout = await client.call('POST', '/api/user/logout', { token });
    expect(logout.json()).toEqual({ hadSession: true });
    expect(String(logout.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await client.call('GET', '/api/user/vtex-auth/token', { token })).statusCode).toBe(401);
    expect((await client.call('POST', '/api/user/logout', { token })).json()).toEqual({ hadSession: false });
  });

  it('sends an access key by e-mail, logs in with it once, and sets a password with it', async () => {
    const customer = await client.register();
    const authenticationToken = await client.start();
    const send = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken, login: customer.email },
    });
    expect(send.statusCode).toBe(200);
    const code = lastCode(shop, customer.email);
    const unknown = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken, login: 'nadie-mas@correo.cl' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(send.json());
    const invalid = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken, login: 'no-es-mail' },
    });
    expect(invalid.json()).toEqual({ authStatus: 'InvalidEmail' });
    const byKey = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/validate', {
      payload: { authenticationToken, login: customer.email, accessKey: code },
    });
    expect(byKey.json().authStatus).toBe('Success');
    const reused = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/validate', {
      payload: { authenticationToken, login: customer.email, accessKey: code },
    });
    expect(reused.json().authStatus).toBe('WrongCredentials');

    await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken, login: customer.email },
    });
    const reset = lastCode(shop, customer.email);
    const weak = await client.call('POST', '/api/vtexid/pub/authentication/classic/setpassword', {
      payload: { authenticationToken, login: customer.email, newPassword: 'corta', accessKey: reset },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'invalidPassword', field: 'newPassword' });
    const set = await client.call('POST', '/api/vtexid/pub/authentication/classic/setpassword', {
      payload: {
        authenticationToken,
        login: customer.email,
        newPassword: 'nueva-clave-456',
        accessKey: reset,
      },
    });
    expect(set.json().authStatus).toBe('Success');
    expect((await client.login(customer.email)).json().authStatus).toBe('WrongCredentials');
    expect((await client.login(customer.email, 'nueva-clave-456')).json().authStatus).toBe('Success');
  });

  it('kills an access key after 5 wrong tries', async () => {
    const customer = await client.register();
    const authenticationToken = await client.start();
    await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken, login: customer.email },
    });
    const code = lastCode(shop, customer.email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++)
      await client.call('POST', '/api/vtexid/pub/authentication/accesskey/validate', {
        payload: { authenticationToken, login: customer.email, accessKey: wrong },
      });
    const late = await client.call('POST', '/api/vtexid/pub/authentication/accesskey/validate', {
      payload: { authenticationToken, login: customer.email, accessKey: code },
    });
    expect(late.json().authStatus).not.toBe('Success');
    now.setTime(now.getTime() + 16 * 60_000);
  });

  it('limits access-key e-mails to 5 per e-mail and 20 per address in 15 minutes, known e-mail or not', async () => {
    const send = (from: ReturnType<typeof accountsClient>, login: string) =>
      from.start().then((authenticationToken) =>
        from.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
          payload: { authenticationToken, login },
        }),
      );
    const customer = await client.register();
    const spread = Array.from({ length: 6 }, (_, i) => accountsClient(shop, `10.1.0.${i + 1}`));
    for (const from of spread.slice(0, 5)) expect((await send(from, customer.email)).statusCode).toBe(200);
    const sixth = await send(spread[5]!, customer.email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ authStatus: 'BlockedUser' });
    // An unknown e-mail is limited the same way, so the limit does not reveal who has an account.
    for (let i = 0; i < 5; i++) await send(spread[i]!, 'nadie-limite@correo.cl');
    expect((await send(spread[5]!, 'nadie-limite@correo.cl')).statusCode).toBe(429);

    const one = accountsClient(shop, '10.2.0.1');
    for (let i = 0; i < 20; i++) expect((await send(one, `limite-${i}@correo.cl`)).statusCode).toBe(200);
    expect((await send(one, 'limite-20@correo.cl')).statusCode).toBe(429);
    expect((await send(accountsClient(shop, '10.2.0.2'), 'limite-20@correo.cl')).statusCode).toBe(200);

    now.setTime(now.getTime() + 16 * 60_000);
    expect((await send(one, customer.email)).statusCode).toBe(200);
  });

  it('serves the sandbox outbox in development, and not where MAIL_OUTBOX is off', async () => {
    const response = await client.call('GET', '/api/dev/outbox', {
      headers: { 'x-outbox-key': DEFAULT_OUTBOX_KEY },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().messages.length).toBeGreaterThan(0);
    const closed = await createTestApp({ env: { MAIL_OUTBOX: 'off' } });
    try {
      const hidden = await closed.app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        headers: { 'x-api-key': 'test-web-key', 'x-consumer': 'web' },
      });
      expect(hidden.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it("keeps the outbox behind a key of its own: the web's key, which every page prints, reads no one's code (issue 27)", async () => {
    const customer = await client.register();
    const token = await client.start();
    await client.call('POST', '/api/vtexid/pub/authentication/accesskey/send', {
      payload: { authenticationToken: token, email: customer.email },
    });
    for (const key of [undefined, 'test-web-key', `${DEFAULT_OUTBOX_KEY}x`]) {
      const answer = await client.call('GET', `/api/dev/outbox?to=${encodeURIComponent(customer.email)}`, {
        headers: key ? { 'x-outbox-key': key } : {},
      });
      expect([key, answer.statusCode, answer.json().code]).toEqual([key, 401, 'invalidOutboxKey']);
      expect(answer.json().message).toBe('La clave del buzón de correo de prueba falta o no es válida');
    }
    const own = await client.call('GET', `/api/dev/outbox?to=${encodeURIComponent(customer.email)}`, {
      headers: { 'x-outbox-key': DEFAULT_OUTBOX_KEY },
    });
    expect(own.json().messages[0].text).toMatch(/\b\d{6}\b/);
  });
});
