import { useFetcher } from 'react-router';
import {
  CART_ACTION_PATH,
  type CartActionResult,
  type CartIntent,
  type CartIntentName,
} from './cart-intents';

/** One fetcher per kind of change, shared by key so a form can read its own pending state. */
export function useCartFetcher(intent: CartIntentName | 'queue' | 'sync' | 'upselling') {
  return useFetcher<CartActionResult>({ key: `cart:${intent}` });
}

type CartFetcher = ReturnType<typeof useCartFetcher>;

/** The changes sent one at a time, each on its own fetcher (quantities go through the queue). */
export const INTENTS = [
  'remove',
  'removeAll',
  'coupon',
  'substitution',
  'ordination',
  'clearPayment',
] as const;

export type CartFetchers = ReturnType<typeof useCartFetchers>;

/** The cart's fetchers: the quantity queue's, the one that reads the cart again, and one per change. */
export function useCartFetchers() {
  const queue = useCartFetcher('queue');
  const sync = useCartFetcher('sync');
  // In INTENTS order, which `submit` relies on.
  const others = [
    useCartFetcher('remove'),
    useCartFetcher('removeAll'),
    useCartFetcher('coupon'),
    useCartFetcher('substitution'),
    useCartFetcher('ordination'),
    useCartFetcher('clearPayment'),
  ];
  return { queue, sync, others };
}

/** Sends a change as JSON (its type has no index signature, hence the cast React Router's JSON type needs). */
export function send(fetcher: CartFetcher | undefined, change: CartIntent): void {
  void fetcher?.submit(change as unknown as Parameters<CartFetcher['submit']>[0], {
    method: 'post',
    action: CART_ACTION_PATH,
    encType: 'application/json',
  });
}
