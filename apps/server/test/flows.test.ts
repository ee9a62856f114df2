import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { DELIVERY_METHODS, DELIVERY_WINDOW_HOLD_MS } from '@despensa/domain';
import { failureCodeOf, Failure, type DeliveryWindow } from '@despensa/contracts';
import { defineFlow, runFlow } from '../src/flows/flow';
import { JobQueue } from '../src/jobs/queue';
import { createTestApp, type TestApp } from './support/app';
import { cartClient, heldCartHeaders, sellableSkus } from './support/cart';
import { deliveryChoiceFor } from './support/delivery';

/** Monday 2026-11-02, 12:00 in Santiago: stores open. The clock moves when a test says so. */
/** Carts made here are anonymous: the client holding one (its cart cookie) may change it. */
const holderOf = (orderFormId: string) => ({ customerId: null, heldOrderFormId: orderFormId });

const START = new Date('2026-11-02T15:00:00Z');
let now = START;

let shop: TestApp;
let cart: ReturnType<typeof cartClient>;
let sc: number;
let sku: string;
beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  cart = cartClient(shop);
  const { rows } = await shop.database.pool.query(
    "SELECT sales_channel FROM store WHERE comuna_code = '13123'",
  );
  sc = rows[0].sales_channel;
  sku = String((await sellableSkus(shop, { salesChannel: sc, limit: 1 }))[0]!.id);
});
afterAll(async () => {
  await shop?.close();
});

async function windows(): Promise<DeliveryWindow[]> {
  const simulation = await shop.services.delivery.simulate({
    location: { zipCode: '7500000', country: 'CL', point: [-70.61667, -33.43333] },
    saleschannel: sc,
    shippingMethod: DELIVERY_METHODS.homeDelivery.id,
    items: [{ id: sku, quantity: 1, seller: '1' }],
  });
  return simulation.logisticsInfo[0]!.slas[0]!.availableDeliveryWindows;
}
const remainingOf = async (w: DeliveryWindow) =>
  (await windows()).find((each) => each.startDateUtc === w.startDateUtc)!.remaining;
const slot = (w: DeliveryWindow) => ({ startDateUtc: w.startDateUtc, endDateUtc: w.endDateUtc });

async function homeDeliveryCart() {
  const form = await cart.create({ items: [{ id: sku, quantity: 1, seller: '1' }] }, `?sc=${sc}`);
  await shop.services.shipping.applyChoice(
    form.orderFormId,
    deliveryChoiceFor(sc, DELIVERY_METHODS.homeDelivery.id),
  );
  return form.orderFormId;
}

describe('runFlow', () => {
  const flowRuns = async (key: string) =>
    (
      await shop.database.pool.query('SELECT count(*)::int AS n FROM flow_run WHERE idempotency_key = $1', [
        key,
      ])
    ).rows[0].n as number;

  it('undoes finished steps in reverse order when a later step fails, and rolls back their writes', async () => {
    const undone: string[] = [];
    const flow = defineFlow<{ fail: boolean }, string>('test-undo', async ({ fail }, { tx, step }) => {
      await step(
        'a',
        () => tx.execute(sql`CREATE TEMP TABLE IF NOT EXISTS flow_probe (x int)`),
        async () => void undone.push('a'),
      );
      await step(
        'b',
        () => tx.execute(sql`INSERT INTO flow_probe VALUES (1)`),
        async () => void undone.push('b'),
      );
      await step('c', async () => {
        if (fail) throw new Failure('windowFull');
      });
      return 'done';
    });
    await expect(runFlow(shop.database, flow, { fail: true })).rejects.toMatchObject({ code: 'windowFull' });
    expect(undone).toEqual(['b', 'a']);
  });

  it('answers a repeated key with the stored result and refuses the key with another input', async () => {
    let runs = 0;
    const flow = defineFlow<{ n: number }, { n: number; run: number }>('test-idempotent', async ({ n }) => ({
      n,
      run: ++runs,
    }));
    const first = await runFlow(shop.database, flow, { n: 1 }, { idempotencyKey: 'k-1' });
    const again = await Promise.all([
      runFlow(shop.database, flow, { n: 1 }, { idempotencyKey: 'k-1' }),
      runFlow(shop.database, flow, { n: 1 }, { idempotencyKey: 'k-1' }),
    ]);
    expect(again).toEqual([first, first]);
    expect(runs).toBe(1);
    await expect(runFlow(shop.database, flow, { n: 2 }, { idempotencyKey: 'k-1' })).rejects.toMatchObject({
      code: 'idempotencyKeyReused',
    });
    expect(await flowRuns('k-1')).toBe(1);
  });

  it('stores nothing for a key whose run failed, so it can be retried', async () => {
    const flow = defineFlow<object, string>('test-failed', async () => {
      throw new Failure('windowFull');
    });
    await expect(runFlow(shop.database, flow, {}, { idempotencyKey: 'k-2' })).rejects.toThrow();
    expect(await flowRuns('k-2')).toBe(0);
  });
});

describe('attach shipping (fault 7)', () => {
  it('leaves neither the hold nor the cart change when the cart write fails after the reservation', async () => {
    const id = await homeDeliveryCart();
    const target = (await windows())[2]!;
    const before = await remainingOf(target);
    const cartBefore = await cart.get(id);
    const spy = vi
      .spyOn(shop.services.cart, 'setShippingData')
      .mockRejectedValueOnce(new Error('injected failure after the reservation'));
    await expect(shop.services.shipping.reserveWindow(id, slot(target))).rejects.toThrow('injected');
    spy.mockRestore();
    expect(await remainingOf(target)).toBe(before);
    expect(await shop.services.delivery.heldWindow(id)).toBeNull();
    const cartAfter = await cart.get(id);
    expect(cartAfter.shippingData).toEqual(cartBefore.shippingData);
    // And it works once nothing fails.
    await shop.services.shipping.reserveWindow(id, slot(target));
    expect(await remainingOf(target)).toBe(before - 1);
  });

  it('also rolls back when the failure is injected between the steps of the flow', async () => {
    const id = await homeDeliveryCart();
    const target = (await windows())[3]!;
    const before = await remainingOf(target);
    await expect(
      shop.services.shipping.reserveWindow(id, slot(target), {
        afterStep: (name) => {
          if (name === 'holdWindow') throw new Error('injected between hold and cart write');
        },
      }),
    ).rejects.toThrow('injected');
    expect(await remainingOf(target)).toBe(before);
    expect(await shop.services.delivery.heldWindow(id)).toBeNull();
  });

  it('keeps an emptied pickup cart a pickup cart', async () => {
    const form = await cart.create({ items: [{ id: sku, quantity: 1, seller: '1' }] }, `?sc=${sc}`);
    await shop.services.shipping.applyChoice(
      form.orderFormId,
      deliveryChoiceFor(sc, DELIVERY_METHODS.storePickup.id),
    );
    await shop.services.cart.removeAll(holderOf(form.orderFormId), form.orderFormId);
    // The method the web's selector reads to show the cart's held window: the choice, not logisticsInfo.
    expect(await shop.services.cart.deliveryMethodOf(form.orderFormId)).toBe(DELIVERY_METHODS.storePickup.id);
    const target = (await windows())[4]!;
    await shop.services.shipping.reserveWindow(form.orderFormId, slot(target));
    const refilled = await shop.services.cart.updateItems(holderOf(form.orderFormId), form.orderFormId, [
      { id: sku, quantity: 1, seller: '1' },
    ]);
    expect(refilled.shippingData.logisticsInfo[0]!.selectedSla).toBe(DELIVERY_METHODS.storePickup.id);
    expect(refilled.shippingData.logisticsInfo[0]!.selectedDeliveryChannel).toBe('pickup-in-point');
  });
});

describe('window holds expire (fault 6)', () => {
  it('frees an expired hold for capacity reads before any sweep, tells the cart, and the sweep settles the count', async () => {
    now = START;
    const id = await homeDeliveryCart();
    const target = (await windows())[5]!;
    const before = await remainingOf(target);
    await shop.services.shipping.reserveWindow(id, slot(target));
    expect(await remainingOf(target)).toBe(before - 1);

    now = new Date(START.getTime() + DELIVERY_WINDOW_HOLD_MS - 1000);
    expect(await remainingOf(target)).toBe(before - 1);
    expect(await shop.services.delivery.heldWindow(id)).toMatchObject({ expired: false });

    now = new Date(START.getTime() + DELIVERY_WINDOW_HOLD_MS);
    expect(await remainingOf(target)).toBe(before);
    expect(await shop.services.delivery.heldWindow(id)).toMatchObject({
      startDateUtc: target.startDateUtc,
      expired: true,
    });

    const queue = new JobQueue(
      shop.database,
      shop.services.delivery,
      shop.services.catalog,
      shop.services.checkout,
      () => now,
      () => {},
    );
    expect(await queue.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(await queue.releaseExpiredHolds()).toBe(0);
    expect(await remainingOf(target)).toBe(before);
    const { rows } = await shop.database.pool.query(
      'SELECT w.reserved FROM delivery_window w WHERE w.store_id = (SELECT id FROM store WHERE sales_channel = $1) AND w.starts_at = $2',
      [sc, target.startDateUtc],
    );
    expect(rows[0].reserved).toBe(target.capacity - before);

    // Choosing again takes a fresh hold.
    await shop.services.shipping.reserveWindow(id, slot(target));
    expect(await remainingOf(target)).toBe(before - 1);
    expect(await shop.services.delivery.heldWindow(id)).toMatchObject({ expired: false });
    now = START;
  });

  it('starts and stops the job queue on the shop database, scheduling the sweep', async () => {
    const queue = new JobQueue(
      shop.database,
      shop.services.delivery,
      shop.services.catalog,
      shop.services.checkout,
      () => now,
      () => {},
    );
    await queue.start();
    const { rows } = await shop.database.pool.query('SELECT name FROM pgboss.schedule');
    expect(rows.map((r: { name: string }) => r.name)).toContain('release-expired-window-holds');
    await queue.stop();
  });
});

describe('typed delivery failures (fault 8)', () => {
  const attach = (id: string, body: object) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/orderform/${id}/shipping?sc=${sc}`,
      headers: heldCartHeaders(`/api/orderform/${id}`),
      payload: body,
    });

  it('says windowStarted, expressHasNoWindows and invalidWindow with their codes', async () => {
    const id = await homeDeliveryCart();
    const first = (await windows())[0]!;
    now = new Date(Date.parse(first.startDateUtc) + 60_000);
    const started = await attach(id, {
      logisticsInfo: [
        { itemIndex: 0, selectedSla: DELIVERY_METHODS.homeDelivery.id, deliveryWindow: slot(first) },
      ],
    });
    now = START;
    expect(failureCodeOf(started.json())).toBe('windowStarted');
    const express = await attach(id, {
      logisticsInfo: [
        { itemIndex: 0, selectedSla: DELIVERY_METHODS.express.id, deliveryWindow: slot(first) },
      ],
    });
    expect(failureCodeOf(express.json())).toBe('expressHasNoWindows');
    const invalid = await attach(id, {
      logisticsInfo: [
        {
          itemIndex: 0,
          selectedSla: DELIVERY_METHODS.homeDelivery.id,
          deliveryWindow: { startDateUtc: 'mañana', endDateUtc: 'tarde' },
        },
      ],
    });
    expect(failureCodeOf(invalid.json())).toBe('invalidWindow');
  });
});
