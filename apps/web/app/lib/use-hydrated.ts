import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False during the server render and the hydrating render, true once scripts run. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
