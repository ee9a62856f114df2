import { useEffect, useRef } from 'react';
import type { FetcherWithComponents } from 'react-router';

/**
 * Loads `url` into `fetcher` when it changes (null: nothing to load), and asks again when a load ends with
 * no answer at all. Under load a fetcher's load was seen to finish idle and empty (the delivery selector
 * then showed neither its windows nor 'Consultando…' and waited forever).
 */
export function useAnsweredLoad(fetcher: FetcherWithComponents<unknown>, url: string | null): void {
  const askedFor = useRef<string | null>(null);
  const unanswered = fetcher.state === 'idle' && fetcher.data === undefined;
  useEffect(() => {
    if (!url || (askedFor.current === url && !unanswered)) return;
    askedFor.current = url;
    void fetcher.load(url);
    // fetcher.load is stable.
  }, [url, unanswered]);
}
