import { useEffect, useState } from 'react';
import { REPLAY_CART_MESSAGE, SKIP_WAITING_MESSAGE } from '@despensa/contracts';
import { logger } from '../../lib/logger';

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers /sw.js (§7) once the page has loaded, so it never competes with the first visit's own
 * requests. A new deployment's worker waits until the shopper accepts 'Nueva versión disponible'; it
 * then takes over and the page reloads on the new assets. Returns whether an update waits, and the way
 * to apply it.
 */
export function useServiceWorker(enabled: boolean): { updateReady: boolean; update: () => void } {
  const [waiting, setWaiting] = useState<(() => void) | null>(null);
  useEffect(() => {
    if (!enabled || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const register = async () => {
      const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
      if (cancelled) return;
      // A worker installed while another controls the page is the next deployment's: it waits for the shopper.
      const offer = (worker: ServiceWorker) =>
        setWaiting(() => () => {
          navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
            once: true,
          });
          worker.postMessage({ type: SKIP_WAITING_MESSAGE });
        });
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
        });
      });
    };
    const start = () =>
      void register().catch((error: unknown) => logger.warn('service worker', String(error)));
    if (document.readyState === 'complete') setTimeout(start, 1000);
    else window.addEventListener('load', () => setTimeout(start, 1000), { once: true });
    // Cart changes made offline wait in the worker's queue (background sync); back online, send them now.
    const onOnline = () => navigator.serviceWorker.controller?.postMessage({ type: REPLAY_CART_MESSAGE });
    window.addEventListener('online', onOnline);
    return () => {
      cancelled = true;
      window.removeEventListener('online', onOnline);
    };
  }, [enabled]);
  return { updateReady: waiting !== null, update: () => waiting?.() };
}

/** Whether the browser is offline now (false on the server and before hydration). */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return offline;
}
