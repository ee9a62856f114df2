import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

const HydratedContext = createContext(false);

/**
 * Tells the page, once, that scripts run. As a transition: what changes then (the phone's filter drawer,
 * a media query's answer) is drawn in slices a tap can interrupt. A store read with useSyncExternalStore
 * whose client answer differs from the server's makes React draw every reader again synchronously after
 * hydration, one long task of a slow phone (issue 33).
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/** False during the server render and the hydrating render, true once scripts run. */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
