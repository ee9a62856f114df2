import { CHUNK_LOAD_TIMEOUT_MS } from '@despensa/domain';
import { reportClientError } from './client-errors';

/** Failures the inline head script saw before the app started (see ASSET_FAILURE_BOOTSTRAP). */
interface EarlyFailure {
  tag: string;
  rel: string;
  url: string;
}
declare global {
  interface Window {
    __despensaAssetFailures?: EarlyFailure[];
  }
}

/**
 * Runs first in <head>: stylesheets and module scripts can fail before any bundle runs, so their 'error'
 * events (which do not bubble; capture sees them) are kept for the app to report once it starts.
 */
export const ASSET_FAILURE_BOOTSTRAP =
  'window.__despensaAssetFailures=[];addEventListener("error",function(e){var t=e.target;' +
  'if(t&&(t.tagName==="SCRIPT"||t.tagName==="LINK"))window.__despensaAssetFailures.push(' +
  '{tag:t.tagName,rel:t.rel||"",url:t.src||t.href||""})},true);';

function isStylesheet(element: Element): element is HTMLLinkElement {
  return element instanceof HTMLLinkElement && element.rel === 'stylesheet';
}

function isScriptChunk(element: Element): element is HTMLScriptElement | HTMLLinkElement {
  return (
    (element instanceof HTMLScriptElement && element.src !== '') ||
    (element instanceof HTMLLinkElement && element.rel === 'modulepreload')
  );
}

function report(kind: 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED', resource: string, reason: string): void {
  reportClientError({ kind, message: `${kind}: ${reason} ${resource}`, resource });
}

/**
 * §8: a script chunk that fails, or has not loaded after CHUNK_LOAD_TIMEOUT_MS, is reported as
 * ChunkLoadError; a stylesheet that fails as CSS_CHUNK_LOAD_FAILED. Returns the cleanup.
 */
export function watchAssetLoading(): () => void {
  for (const failure of window.__despensaAssetFailures?.splice(0) ?? []) {
    const css = failure.tag === 'LINK' && failure.rel === 'stylesheet';
    report(css ? 'CSS_CHUNK_LOAD_FAILED' : 'ChunkLoadError', failure.url, 'failed to load');
  }

  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const settle = (element: Element) => {
    clearTimeout(timers.get(element));
    timers.delete(element);
  };
  const onLoad = (event: Event) => {
    if (event.target instanceof Element) settle(event.target);
  };
  const onError = (event: Event) => {
    const element = event.target;
    if (!(element instanceof Element)) return;
    settle(element);
    if (isStylesheet(element)) report('CSS_CHUNK_LOAD_FAILED', element.href, 'failed to load');
    else if (isScriptChunk(element)) report('ChunkLoadError', chunkUrl(element), 'failed to load');
  };
  // Vite's dynamic-import preloader announces its own failures.
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    report('ChunkLoadError', String(payload ?? ''), 'preload failed');
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element) || !isScriptChunk(node)) continue;
        timers.set(
          node,
          setTimeout(() => {
            timers.delete(node);
            if (fetched(chunkUrl(node))) return;
            report('ChunkLoadError', chunkUrl(node), `not loaded after ${CHUNK_LOAD_TIMEOUT_MS} ms`);
          }, CHUNK_LOAD_TIMEOUT_MS),
        );
      }
    }
  });

  window.addEventListener('load', onLoad, true);
  window.addEventListener('error', onError, true);
  window.addEventListener('vite:preloadError', onPreloadError);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return () => {
    window.removeEventListener('load', onLoad, true);
    window.removeEventListener('error', onError, true);
    window.removeEventListener('vite:preloadError', onPreloadError);
    observer.disconnect();
    for (const timer of timers.values()) clearTimeout(timer);
  };
}

/**
 * Whether the browser holds the chunk: a modulepreload link that Vite adds for a lazy chunk (a dialog's) sees
 * no 'load' when the import itself already fetched the module, and that is not a failure.
 */
function fetched(url: string): boolean {
  return performance
    .getEntriesByName(url)
    .some((entry) => (entry as PerformanceResourceTiming).responseEnd > 0);
}

function chunkUrl(element: HTMLScriptElement | HTMLLinkElement): string {
  return element instanceof HTMLScriptElement ? element.src : element.href;
}
