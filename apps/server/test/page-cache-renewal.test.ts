import Fastify from 'fastify';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageCache, type SharedPageRequest } from '../src/http/page-cache';

/** A build with a product route only: what the cache needs to tell which pages show a product. */
const build = {
  routes: {
    root: { id: 'root', path: '' },
    'routes/product': { id: 'routes/product', parentId: 'root', path: ':slug/p' },
  },
} as unknown as ServerBuild;

const shared: SharedPageRequest = {
  key: 'anonymous\nhttp\nshop\n\n\n\n\n\n/leche-entera/p',
  variant: 'anonymous',
  cookie: '',
  channel: undefined,
};
const changed = [{ slug: 'leche-entera', categoryPaths: ['/lacteos'] }];

describe('the page cache under a steady stream of price changes', () => {
  it('keeps a renewal that a newer change overtook, as stale, instead of serving the oldest copy on', async () => {
    const cache = new PageCache(build);
    let renders = 0;
    let gate: Promise<void> = Promise.resolve();
    const render = async () => {
      const version = ++renders;
      await gate;
      return new Response(`<html><body>precio v${version}</body></html>`, {
        status: 200,
        headers: { 'content-type': 'text/html' },
      });
    };
    const app = Fastify();
    app.get('/leche-entera/p', async (request, reply) => {
      await cache.serve(request, reply, shared, render);
      return reply;
    });
    const visit = async () => {
      const answer = await app.inject({ method: 'GET', url: '/leche-entera/p' });
      return [answer.headers['x-page-cache'], answer.body.match(/v\d+/)?.[0]];
    };

    expect(await visit()).toEqual(['miss', 'v1']);
    expect(await visit()).toEqual(['hit', 'v1']);
    cache.invalidateProducts(changed);
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    // The old copy at once; its renewal (v2) waits at the gate, and another change comes meanwhile.
    expect(await visit()).toEqual(['stale', 'v1']);
    cache.invalidateProducts(changed);
    open();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // v2 is newer than v1 though not the newest: it is served, still stale, and renewed once more.
    expect(await visit()).toEqual(['stale', 'v2']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await visit()).toEqual(['hit', 'v3']);
    expect(renders).toBe(3);
    await app.close();
  });
});
