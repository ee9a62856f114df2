import { useCallback, useSyncExternalStore } from 'react';
import { useHydrated } from './use-hydrated';

const serverAnswer = () => false;

/**
 * Whether a media query matches now, followed as it changes; false on the server and while hydrating. The
 * browser's answer is read from hydration's transition on (use-hydrated.tsx), not at hydration's end, where
 * a different answer would redraw its readers in one synchronous task.
 */
export function useMediaQuery(query: string): boolean {
  const hydrated = useHydrated();
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  const browserAnswer = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, hydrated ? browserAnswer : serverAnswer, serverAnswer);
}
