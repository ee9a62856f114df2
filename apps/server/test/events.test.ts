import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, type ShopEvents } from '../src/jobs/events';
import { JobQueue } from '../src/jobs/queue';
import { createTestApp, type TestApp } from './support/app';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
});

const news: ShopEvents['order.news'] = {
  userId: 'user-1',
  orderId: 'G-1-01',
  title: 'Tu pedido G-1-01 va en camino',
  body: 'Tu pedido salió del local y va en camino.',
  url: '/mis-compras/G-1-01',
};

describe('the typed event bus (side effects after a commit)', () => {
  it('without the job queue, handles an event before emit returns; a failing handler never fails the emitter', async () => {
    const bus = new EventBus(() => {});
    const heard: unknown[] = [];
    bus.on('order.news', async (payload) => heard.push(payload));
    bus.on('order.news', async () => {
      throw new Error('push service down');
    });
    await bus.emit('order.news', news);
    expect(heard).toEqual([news]);
  });

  it('on the job queue, delivers an event as a job, and again after its handler failed (at least once)', async () => {
    const bus = new EventBus(() => {});
    const attempts: unknown[] = [];
    bus.on('order.news', async (payload) => {
      attempts.push(payload);
      if (attempts.length === 1) throw new Error('push service down');
    });
    const { delivery, catalog, checkout } = shop.services;
    const queue = new JobQueue(
      shop.database,
      delivery,
      catalog,
      checkout,
      () => new Date(),
      () => {},
      null,
      null,
      null,
      null,
      bus,
    );
    await queue.start();
    try {
      await bus.emit('order.news', news);
      await expect.poll(() => attempts.length, { timeout: 40_000, interval: 250 }).toBe(2);
      expect(attempts).toEqual([news, news]);
    } finally {
      await queue.stop();
    }
  }, 60_000);
});
