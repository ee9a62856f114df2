import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerViewer } from '@despensa/contracts';
import { ABANDONED_CART_AFTER_MS } from '@despensa/domain';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import { CHECKOUT_START, as, completeCart, deliveringChannel } from './support/checkout';

/** The clock moves as each test says. */
let now = CHECKOUT_START;
let shop: TestApp;
let baseUrl: string;
let sc: number;
let skus: { id: number }[];
beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  // Web push speaks HTTP to the shop's own sandbox.
  baseUrl = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  sc = await deliveringChannel(shop);
  skus = await sellableSkus(shop, { salesChannel: sc, limit: 2 });
});
afterAll(async () => {
  await shop?.close();
});

/** A customer who leaves a cart of 3 units at `now`, with a device registered for push; newsletter if asked. */
async function leavesCart(options: { newsletter: boolean }) {
  const { shopper, id } = await completeCart(shop, {
    sc,
    items: [
      { id: String(skus[0]!.id), quantity: 2 },
      { id: String(skus[1]!.id), quantity: 1 },
    ],
    skip: ['payment'],
  });
  const subscription = (await (
    await fetch(`${baseUrl}/sandbox/push/subscriptions`, { method: 'POST' })
  ).json()) as { id: string };
  const device = await as(shop, shopper)('POST', '/api/v1/register-device', {
    deviceId: `device-${shopper.userId}`,
    token: JSON.stringify(subscription),
    isMobile: true,
    device: 'web',
  });
  expect(device.statusCode, device.body).toBe(200);
  if (options.newsletter) {
    await shop.services.newsletter.subscribe({ email: shopper.email, document: shopper.document }, 'web');
  }
  return { shopper, subscription, id };
}

const mails = (to: string) => (shop.services.mailer as SandboxMailer).outbox(to);
const pushes = async (subscription: { id: string }) =>
  (
    (await (await fetch(`${baseUrl}/sandbox/push/subscriptions/${subscription.id}/inbox`)).json()) as {
      messages: { payload: string }[];
    }
  ).messages.map((message) => JSON.parse(message.payload) as { title: string; body: string; url: string });

describe('abandoned carts (§7), driven by the clock', () => {
  it('reminds a cart left with products once, after the stated time, by e-mail and push', async () => {
    now = CHECKOUT_START;
    const { shopper, subscription } = await leavesCart({ newsletter: true });

    now = new Date(CHECKOUT_START.getTime() + ABANDONED_CART_AFTER_MS - 60_000);
    expect(await shop.services.abandonedCarts.remind()).toBe(0);
    expect(mails(shopper.email)).toEqual([]);

    now = new Date(CHECKOUT_START.getTime() + ABANDONED_CART_AFTER_MS);
    expect(await shop.services.abandonedCarts.remind()).toBe(1);
    const [mail, ...more] = mails(shopper.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Dejaste productos en tu carro');
    expect(mail!.text).toMatch(
      /^Tienes 3 productos esperándote en tu carro\. Termina tu compra aquí: http:\/\/[^ ]+\/mi-carro$/,
    );
    expect(await pushes(subscription)).toEqual([
      expect.objectContaining({
        title: 'Tu carro te espera',
        body: 'Tienes 3 productos en tu carro. Termina tu compra cuando quieras.',
        url: '/mi-carro',
      }),
    ]);

    // Never twice: the next minutes, another instance, a day later.
    expect(await shop.services.abandonedCarts.remind()).toBe(0);
    now = new Date(now.getTime() + 24 * 3600_000);
    expect(await shop.services.abandonedCarts.remind()).toBe(0);
    expect(mails(shopper.email)).toHaveLength(1);
    expect(await pushes(subscription)).toHaveLength(1);
  });

  it('respects consent: no e-mail to a customer not subscribed to the newsletter, the push to their device', async () => {
    now = new Date('2026-11-10T15:00:00Z');
    const { shopper, subscription } = await leavesCart({ newsletter: false });
    now = new Date(now.getTime() + ABANDONED_CART_AFTER_MS);
    expect(await shop.services.abandonedCarts.remind()).toBe(1);
    expect(mails(shopper.email)).toEqual([]);
    expect((await pushes(subscription)).map((push) => push.title)).toEqual(['Tu carro te espera']);
  });

  it('reminds again once the cart became an order and is left with products anew', async () => {
    now = new Date('2026-11-12T15:00:00Z');
    const { shopper, subscription, id } = await leavesCart({ newsletter: false });
    now = new Date(now.getTime() + ABANDONED_CART_AFTER_MS);
    expect(await shop.services.abandonedCarts.remind()).toBe(1);
    // Paid (flows/place-order empties the cart), then filled again and left.
    await shop.database.db.transaction((tx) => shop.services.cart.clearAfterOrder(id, tx));
    expect(await shop.services.abandonedCarts.remind()).toBe(0);
    await shop.services.cart.updateItems(customerViewer(shopper.userId), id, [
      { id: String(skus[0]!.id), quantity: 1, seller: '1' },
    ]);
    now = new Date(now.getTime() + ABANDONED_CART_AFTER_MS);
    expect(await shop.services.abandonedCarts.remind()).toBe(1);
    expect((await pushes(subscription)).map((push) => push.body)).toEqual([
      'Tienes 3 productos en tu carro. Termina tu compra cuando quieras.',
      'Tienes 1 producto en tu carro. Termina tu compra cuando quieras.',
    ]);
  });
});
