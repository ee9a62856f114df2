import { useCallback, useEffect, useState } from 'react';

export interface JsonLoad<T> {
  /** The answer for the current url (a 4xx answer's JSON body too), or the last one while reusing. */
  data: T | undefined;
  loading: boolean;
  /** The request failed (network, or the route failed and answered no JSON): the caller offers to try again. */
  failed: boolean;
  retry(): void;
}

/** Last answers by url, for loads that show them while asking again. */
const lastAnswers = new Map<string, unknown>();

/**
 * GETs `url` as JSON each time it changes (null: nothing), and once on mount; a request made stale by a new
 * url or by unmounting is aborted. The component owns the request from start to answer: a router fetcher
 * shared its lifecycle with navigations and revalidations, and a reopened delivery selector was seen
 * waiting on a load that was never sent.
 */
export function useJsonLoad<T>(url: string | null, { reuseLast = false } = {}): JsonLoad<T> {
  const [answer, setAnswer] = useState<{ url: string; data: T } | null>(null);
  // The load that failed (its url and attempt): a new url or a retry is not failed till it fails itself.
  const [failure, setFailure] = useState<{ url: string; attempt: number } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    // Raw fetch: a React Router resource route (not /api), aborted when stale.
    fetch(url, { headers: { accept: 'application/json' }, signal: controller.signal })
      // A route that failed answers React Router's error text, not JSON: reading it throws.
      .then(async (response) => {
        const data = (await response.json()) as T;
        lastAnswers.set(url, data);
        setAnswer({ url, data });
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailure({ url, attempt });
      });
    return () => controller.abort();
  }, [url, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const current = url !== null && answer?.url === url ? answer.data : undefined;
  const failedUrl = failure?.attempt === attempt ? failure.url : null;
  const data = current ?? (reuseLast && url ? (lastAnswers.get(url) as T | undefined) : undefined);
  return {
    data,
    loading: url !== null && current === undefined && failedUrl !== url,
    failed: url !== null && failedUrl === url,
    retry,
  };
}
