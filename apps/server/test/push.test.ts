import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY } from './support/constants';
import { accountsClient } from './support/accounts';
import { CART_HEADERS, sellableSkus } from './support/cart';
import {
  CHECKOUT_START,
  VISA,
  completeCart,
  deliveringChannel,
  payAtAcquirer,
  postForm,
} from './support/checkout';
import { placePaidOrder } from './support/orders';
import { SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';

let app: TestApp;
let baseUrl: string;
beforeAll(async () => {
  // A day with delivery windows open, for the order whose confirmation is pushed.
  app = await createTestApp({ clock: () => CHECKOUT_START });
  // web-push speaks HTTP to the push service: the sandbox has to listen for real.
  baseUrl = await app.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

async function sandboxSubscription() {
  const response = await fetch(`${baseUrl}/sandbox/push/subscriptions`, { method: 'POST' });
  return (await response.json()) as { id: string; endpoint: string; keys: { p256dh: string; auth: string } };
}

async function inbox(id: string): Promise<{ payload: string; vapidPublicKey: string }[]> {
  return (
    (await (await fetch(`${baseUrl}/sandbox/push/subscriptions/${id}/inbox`)).json()) as { messages: never[] }
  ).messages;
}

describe('web push (§1 push notifications, §3 device registration)', () => {
  it("gives the shop's VAPID public key, the same on every call", async () => {
    const first = await app.app.inject({ method: 'GET', url: '/api/push/public-key', headers: TEST_KEY });
    expect(first.statusCode).toBe(200);
    expect(first.json().publicKey).toMatch(/^[\w-]{87}$/);
    const { rows } = await app.database.pool.query('SELECT public_key FROM push_vapid_keys');
    expect(rows).toEqual([{ public_key: first.json().publicKey }]);
  });

  it('sends an encrypted message to every device of the customer, and only theirs', async () => {
    const accounts = accountsClient(app);
    const ana = await accounts.loggedIn();
    const other = await accounts.loggedIn();
    const phone = await sandboxSubscription();
    const laptop = await sandboxSubscription();
    const stranger = await sandboxSubscription();
    for (const [customer, subscription, deviceId] of [
      [ana, phone, 'device-ana-phone'],
      [ana, laptop, 'device-ana-laptop'],
      [other, stranger, 'device-other'],
    ] as const) {
      const response = await accounts.call('POST', '/api/v1/register-device', {
        token: customer.token,
        payload: {
          deviceId,
          token: JSON.stringify(subscription),
          isMobile: deviceId.includes('phone'),
          device: 'web',
        },
      });
      expect(response.statusCode).toBe(200);
    }
    const message = {
      title: 'Pedido confirmado',
      body: 'Tu pedido G-1 está confirmado.',
      url: '/mis-compras/G-1-01',
    };
    expect(await app.services.push.notifyCustomer(ana.userId, message)).toBe(2);
    const publicKey = app.services.push.publicKey();
    for (const subscription of [phone, laptop]) {
      const messages = await inbox(subscription.id);
      expect(messages).toHaveLength(1);
      expect(JSON.parse(messages[0]!.payload)).toEqual(message);
      expect(messages[0]!.vapidPublicKey).toBe(publicKey);
    }
    expect(await inbox(stranger.id)).toEqual([]);
  });

  it("re-points a customer's device only from that customer's session (issue 27 fault 5)", async () => {
    const accounts = accountsClient(app);
    const ana = await accounts.loggedIn();
    const other = await accounts.loggedIn();
    const phone = await sandboxSubscription();
    const attacker = await sandboxSubscription();
    const register = (token: string | undefined, subscription: { id: string }) =>
      accounts.call('POST', '/api/v1/register-device', {
        ...(token ? { token } : {}),
        payload: {
          deviceId: 'device-ana-only',
          token: JSON.stringify(subscription),
          isMobile: true,
          device: 'web',
        },
      });
    expect((await register(ana.token, phone)).statusCode).toBe(200);
    // Nobody logged in, and another customer, are refused; the device keeps its owner and its token.
    for (const token of [undefined, other.token]) {
      const refused = await register(token, attacker);
      expect([refused.statusCode, refused.json()]).toEqual([
        403,
        expect.objectContaining({
          code: 'deviceNotYours',
          message: 'Este dispositivo está registrado a otra cuenta.',
        }),
      ]);
    }
    const message = {
      title: 'Pedido confirmado',
      body: 'Tu pedido G-2 está confirmado.',
      url: '/mis-compras/G-2-01',
    };
    expect(await app.services.push.notifyCustomer(ana.userId, message)).toBe(1);
    expect(await inbox(attacker.id)).toEqual([]);
    expect(await inbox(phone.id)).toHaveLength(1);
    // Her own session re-points it (a new subscription of the same phone).
    const renewed = await sandboxSubscription();
    expect((await register(ana.token, renewed)).statusCode).toBe(200);
    expect(await app.services.push.notifyCustomer(ana.userId, message)).toBe(1);
    expect(await inbox(renewed.id)).toHaveLength(1);
  });

  it('forgets a device whose subscription the push service says is gone (410)', async () => {
    const accounts = accountsClient(app);
    const ana = await accounts.loggedIn();
    const kept = await sandboxSubscription();
    const expired = await sandboxSubscription();
    await accounts.call('POST', '/api/v1/register-device', {
      token: ana.token,
      payload: { deviceId: 'device-kept', token: JSON.stringify(kept), isMobile: false, device: 'web' },
    });
    await accounts.call('POST', '/api/v1/register-device', {
      token: ana.token,
      payload: { deviceId: 'device-expired', token: JSON.stringify(expired), isMobile: false, device: 'web' },
    });
    await fetch(`${baseUrl}/sandbox/push/subscriptions/${expired.id}`, { method: 'DELETE' });
    const sent = await app.services.push.notifyCustomer(ana.userId, { title: 'Hola', body: '', url: '/' });
    expect(sent).toBe(1);
    const { rows } = await app.database.pool.query(
      'SELECT device_id FROM customer_device WHERE user_id = $1',
      [ana.userId],
    );
    expect(rows).toEqual([{ device_id: 'device-kept' }]);
  });

  it('the sandbox refuses what a push service refuses: no VAPID signature, or a payload for another key', async () => {
    const subscription = await sandboxSubscription();
    const unsigned = await fetch(subscription.endpoint, {
      method: 'POST',
      headers: { 'content-encoding': 'aes128gcm', ttl: '60', 'content-type': 'application/octet-stream' },
      body: new Uint8Array(100),
    });
    expect(unsigned.status).toBe(401);
    const unknown = await fetch(`${baseUrl}/sandbox/push/send/nobody`, { method: 'POST', body: 'x' });
    expect(unknown.status).toBe(404);
  });

  it("pushes 'Pedido confirmado' to the customer's devices when the payment confirms the order", async () => {
    const sc = await deliveringChannel(app);
    const [sku] = await sellableSkus(app, { salesChannel: sc, limit: 1 });
    const cart = await completeCart(app, { sc, items: [{ id: String(sku!.id), quantity: 1 }] });
    const subscription = await sandboxSubscription();
    await accountsClient(app).call('POST', '/api/v1/register-device', {
      token: cart.shopper.token,
      payload: {
        deviceId: 'device-buyer',
        token: JSON.stringify(subscription),
        isMobile: true,
        device: 'web',
      },
    });
    const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      savePersonalData: true,
      optinNewsLetter: false,
      value: cart.total,
      interestValue: 0,
    });
    const answer = placed.json();
    expect(await inbox(subscription.id)).toEqual([]);
    const { back } = await payAtAcquirer(app, answer.redirectUrl, VISA, cart.shopper);
    await postForm(app, back.action, back.fields);
    const [message] = await inbox(subscription.id);
    expect(JSON.parse(message!.payload)).toEqual({
      title: 'Pedido confirmado',
      body: `Tu pedido ${answer.orderId} está confirmado. Te avisaremos cuando vaya en camino.`,
      url: expect.stringMatching(new RegExp(`^/mis-compras/${answer.orderId}-\\d+$`)),
      tag: `order-${answer.orderId}`,
    });
  });

  it("pushes the order's news from the store: on its way, and the store's chat message opening the chat", async () => {
    const sc = await deliveringChannel(app);
    const [sku] = await sellableSkus(app, { salesChannel: sc, limit: 1 });
    const order = await placePaidOrder(app, { sc, items: [{ id: String(sku!.id), quantity: 1 }] });
    const subscription = await sandboxSubscription();
    await accountsClient(app).call('POST', '/api/v1/register-device', {
      token: order.shopper.token,
      payload: {
        deviceId: 'device-news',
        token: JSON.stringify(subscription),
        isMobile: false,
        device: 'web',
      },
    });
    const store = (await app.database.pool.query('SELECT id, name FROM store WHERE sales_channel = $1', [sc]))
      .rows[0] as { id: string; name: string };
    const login = await app.app.inject({
      method: 'POST',
      url: '/api/operations/session',
      headers: CART_HEADERS,
      payload: { login: `operador.${store.id}@despensa.cl`, password: SEED_OPERATOR_PASSWORD },
    });
    const staff = (url: string, payload?: object) =>
      app.app.inject({
        method: 'POST',
        url,
        headers: { ...CART_HEADERS, 'x-staff-token': login.json().token },
        ...(payload ? { payload } : {}),
      });
    const path = `/api/operations/orders/${order.orderId}`;
    expect((await staff(`${path}/start-handling`)).statusCode).toBe(200);
    expect((await staff(`${path}/lines/0/pick`)).statusCode).toBe(200);
    expect((await staff(`${path}/invoice`)).statusCode).toBe(200);
    expect(
      (await staff(`${path}/chat`, { text: 'Vamos en camino, llegamos en 20 minutos' })).statusCode,
    ).toBe(200);

    const news = (await inbox(subscription.id)).map((message) => JSON.parse(message.payload));
    expect(news).toEqual([
      {
        title: `Tu pedido ${order.orderId} va en camino`,
        body: 'Tu pedido salió del local y va en camino.',
        url: `/mis-compras/${order.orderId}`,
        tag: `order-${order.orderId}`,
      },
      {
        title: `Mensaje de ${store.name}`,
        body: 'Vamos en camino, llegamos en 20 minutos',
        url: `/mis-compras/${order.orderId}#chat`,
        tag: `order-${order.orderId}`,
      },
    ]);
  });
});
