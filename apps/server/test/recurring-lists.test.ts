import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxMailer } from '../src/providers/mail/sandbox';
import { createTestApp, type TestApp } from './support/app';
import { accountsClient } from './support/accounts';
import { sellableSkus } from './support/cart';

/** Monday 2 November 2026, 12:00 in Santiago (UTC−3). The clock moves as each test says. */
let now = new Date('2026-11-02T15:00:00Z');
let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
let skus: { id: number }[];
beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  client = accountsClient(shop);
  skus = await sellableSkus(shop, { limit: 3 });
});
afterAll(async () => {
  await shop?.close();
});

const SATURDAY_WEEKLY = { status: 1, frequency: 1, deliveryDay: 6 };

async function scheduledList(token: string, schedule = SATURDAY_WEEKLY) {
  const skusJson = JSON.stringify({ [skus[0]!.id]: 2, [skus[1]!.id]: 1 });
  const response = await client.call('POST', '/api/user/shopping-list', {
    token,
    payload: { name: 'Semana', skus: skusJson, type: 'client', schedule },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string; skus: string };
}

const sweep = () =>
  shop.services.recurringLists.buildBaskets().then(async (built) => ({
    built,
    due: await shop.services.recurringLists.closeCutOffs(),
  }));
const mails = (to: string) => (shop.services.mailer as SandboxMailer).outbox(to);
const run = async (token: string, id: string) =>
  (await client.call('GET', `/api/user/shopping-list/${id}/run`, { token })).json();

describe('recurring lists (§4), driven by the clock', () => {
  it('builds the basket at its build time, e-mails the review link, and is due at the cut-off', async () => {
    now = new Date('2026-11-02T15:00:00Z');
    const shopper = await client.loggedIn();
    const list = await scheduledList(shopper.token);
    expect(await run(shopper.token, list.id)).toEqual({
      deliveryDate: '2026-11-07',
      buildAt: '2026-11-05T12:00:00.000Z',
      cutOffAt: '2026-11-06T12:59:59.000Z',
      status: 'upcoming',
      orderFormId: null,
    });

    now = new Date('2026-11-05T11:59:00Z');
    expect((await sweep()).built).toBe(0);
    now = new Date('2026-11-05T12:00:00Z');
    expect(await sweep()).toEqual({ built: 1, due: 0 });
    // Twice in the same minute (another instance): built once.
    expect((await sweep()).built).toBe(0);
    const built = await run(shopper.token, list.id);
    expect(built.status).toBe('built');

    // A cart of the shopper's with the list's products at their quantities.
    const basket = await shop.services.cart.get({ customerId: shopper.userId }, built.orderFormId);
    expect(basket.items.map((item) => [item.id, item.quantity]).sort()).toEqual(
      [
        [String(skus[0]!.id), 2],
        [String(skus[1]!.id), 1],
      ].sort(),
    );
    const [mail] = mails(shopper.email);
    expect(mail!.subject).toBe('Tu compra programada "Semana" está lista para revisar');
    expect(mail!.text).toContain(`/lista-de-compra?l=${list.id}`);
    expect(mail!.text).toContain('2 productos por');

    now = new Date('2026-11-06T12:59:58Z');
    expect((await sweep()).due).toBe(0);
    now = new Date('2026-11-06T13:00:00Z');
    expect((await sweep()).due).toBe(1);
    expect((await run(shopper.token, list.id)).deliveryDate).toBe('2026-11-14');
  });

  it('a skipped delivery builds nothing; a list paused before the cut-off is not placed', async () => {
    now = new Date('2026-11-02T15:00:00Z');
    const skipper = await client.loggedIn();
    const skipped = await scheduledList(skipper.token);
    const skip = await client.call('POST', `/api/user/shopping-list/${skipped.id}/run/skip`, {
      token: skipper.token,
    });
    expect(skip.json()).toMatchObject({ deliveryDate: '2026-11-07', status: 'skipped' });

    const pauser = await client.loggedIn();
    const paused = await scheduledList(pauser.token);

    now = new Date('2026-11-05T12:00:00Z');
    expect((await sweep()).built).toBe(1); // the pauser's only
    expect(mails(skipper.email)).toHaveLength(0);

    const pause = await client.call('PUT', `/api/user/shopping-list/${paused.id}`, {
      token: pauser.token,
      payload: {
        name: paused.name,
        skus: paused.skus,
        type: 'client',
        schedule: { ...SATURDAY_WEEKLY, status: 2 },
      },
    });
    expect(pause.json().schedule.status).toBe(2);
    now = new Date('2026-11-06T13:00:00Z');
    expect((await sweep()).due).toBe(0);
    const notScheduled = await client.call('GET', `/api/user/shopping-list/${paused.id}/run`, {
      token: pauser.token,
    });
    expect(notScheduled.statusCode).toBe(409);
    expect(notScheduled.json().code).toBe('listNotScheduled');
  });

  it("another shopper cannot read or skip a list's run", async () => {
    now = new Date('2026-11-02T15:00:00Z');
    const owner = await client.loggedIn();
    const stranger = await client.loggedIn();
    const list = await scheduledList(owner.token);
    expect(
      (await client.call('GET', `/api/user/shopping-list/${list.id}/run`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await client.call('POST', `/api/user/shopping-list/${list.id}/run/skip`, { token: stranger.token }))
        .statusCode,
    ).toBe(404);
  });
});
