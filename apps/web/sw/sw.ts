/// <reference lib="webworker" />
/**
 * The shop's service worker (/sw.js, §7), built by scripts/build-sw.mjs with Workbox's injectManifest:
 * - the built assets and the offline page are precached (a new deployment's worker waits for 'Actualizar');
 * - pages and their data: network first, the last good copy when the network is gone, the Spanish offline
 *   page for a page never seen; private pages (account, orders, checkout) are never kept;
 * - product pictures: stale while revalidate;
 * - cart changes made offline wait in a background-sync queue and are sent when the connection returns;
 *   the server's answer then wins in every tab;
 * - web push: the message is shown as a notification, and a click opens its page.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { Queue } from 'workbox-background-sync';
import {
  CART_TABS_CHANNEL,
  OFFLINE_PAGE_PATH,
  OFFLINE_QUEUE_HEADER,
  QUEUED_HEADER,
  REPLAY_CART_MESSAGE,
  SKIP_WAITING_MESSAGE,
  type PushMessage,
} from '@despensa/contracts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first visit's page is served by the worker as soon as it is installed (offline from the start); a
// later version still waits for 'Actualizar'.
clientsClaim();

/** Pages with personal data beyond the cart: never kept on the device. */
const PRIVATE_PAGES =
  /^\/(login|login-page|register|logout|mis-datos|mis-compras|mis-compras-antiguas|mis-tarjetas|mi-cuenta|mis-listas-de-compras|lista-de-compra|mi-cuenta-bancaria|mi-cupon|checkout|new-checkout|_secure\/order|_secure\/listas-de-compras|cencopay)(\/|\.data|$)/;
// The cart's and the delivery selector's own resource routes answer live data, never a kept copy.
const NOT_PAGES = /^\/(api|sandbox|media|assets|operaciones|carro|entrega)(\/|\.data|$)/;

const pages = new NetworkFirst({
  cacheName: 'paginas',
  // A slow network is not a dead one; past this the last good copy is shown.
  networkTimeoutSeconds: 6,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * 24 * 3600 }),
  ],
});

registerRoute(({ request, url }) => {
  if (url.origin !== self.location.origin || NOT_PAGES.test(url.pathname) || PRIVATE_PAGES.test(url.pathname))
    return false;
  // A page, React Router's data for an in-app navigation to it (/path.data), or its route discovery.
  return request.mode === 'navigate' || url.pathname.endsWith('.data') || url.pathname === '/__manifest';
}, pages);

// A private page is never kept, yet offline it too gets the shop's offline page (the catch handler), not
// the browser's own error page.
registerRoute(
  ({ request, url }) =>
    url.origin === self.location.origin && request.mode === 'navigate' && PRIVATE_PAGES.test(url.pathname),
  new NetworkOnly(),
);

// The home opens offline even if the worker arrived after it was loaded (the first visit).
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open('paginas')
      .then((cache) => cache.add('/'))
      .catch(() => {}),
  );
});

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  new StaleWhileRevalidate({
    cacheName: 'imagenes',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 }),
    ],
  }),
);

// Offline and never seen: the offline page for a page, nothing for the rest.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PAGE_PATH)) ?? Response.error();
  return Response.error();
});

/** After a replay every tab reads its cart again: the server's answer wins (§4 multi-tab registry). */
function announceCartChanged(): void {
  const channel = new BroadcastChannel(CART_TABS_CHANNEL);
  channel.postMessage({ orderFormId: null, at: Date.now() });
  channel.close();
}

let replaying: Promise<void> | null = null;
const cartQueue = new Queue('cambios-del-carro', {
  maxRetentionTime: 24 * 60,
  onSync: () => replayCart(),
});

function replayCart(): Promise<void> {
  replaying ??= (async () => {
    try {
      // Throws (and keeps the rest queued) if the network fails again.
      await cartQueue.replayRequests();
      announceCartChanged();
    } finally {
      replaying = null;
    }
  })();
  return replaying;
}

registerRoute(
  ({ request, url }) => url.origin === self.location.origin && request.headers.has(OFFLINE_QUEUE_HEADER),
  async ({ request }) => {
    const kept = request.clone();
    try {
      return await fetch(request);
    } catch {
      await cartQueue.pushRequest({ request: kept });
      return new Response(JSON.stringify({ queued: true }), {
        status: 202,
        headers: { 'content-type': 'application/json', [QUEUED_HEADER]: '1' },
      });
    }
  },
  'POST',
);

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  if (type === REPLAY_CART_MESSAGE) event.waitUntil(replayCart().catch(() => {}));
});

self.addEventListener('push', (event) => {
  let message: PushMessage;
  try {
    message = event.data?.json() as PushMessage;
  } catch {
    message = { title: 'Despensa', body: event.data?.text() ?? '', url: '/' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/media/brand/icon-192.png',
      data: { url: message.url },
      ...(message.tag ? { tag: message.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    (event.notification.data as { url?: string } | null)?.url ?? '/',
    self.location.origin,
  );
  // Only the shop's own pages.
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return void (await open.focus());
      await self.clients.openWindow(url);
    })(),
  );
});
