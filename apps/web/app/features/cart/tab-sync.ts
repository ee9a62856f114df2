import { useEffect, useRef } from 'react';
import { CART_TABS_CHANNEL } from '@despensa/contracts';

/**
 * §4 multi-tab: a tab-change registry. A tab that changes the cart announces it; every other tab marks
 * itself stale and refreshes its cart now if visible, else when the shopper comes back to it.
 */
const CHANNEL = CART_TABS_CHANNEL;

let channel: BroadcastChannel | null = null;
function cartChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  channel ??= new BroadcastChannel(CHANNEL);
  return channel;
}

export function announceCartChange(orderFormId: string): void {
  cartChannel()?.postMessage({ orderFormId, at: Date.now() });
}

export function useCartTabSync(refresh: () => void): void {
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(() => {
    // The same object that posts: a BroadcastChannel never hears its own messages, only other tabs'.
    const listener = cartChannel();
    if (!listener) return;
    let stale = false;
    const refreshIfVisible = () => {
      if (!stale || document.visibilityState !== 'visible') return;
      stale = false;
      refreshRef.current();
    };
    const onMessage = () => {
      stale = true;
      refreshIfVisible();
    };
    listener.addEventListener('message', onMessage);
    document.addEventListener('visibilitychange', refreshIfVisible);
    return () => {
      listener.removeEventListener('message', onMessage);
      document.removeEventListener('visibilitychange', refreshIfVisible);
    };
  }, []);
}
