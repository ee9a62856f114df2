import { useEffect } from 'react';
import { configureApi } from './api-client';
import { watchAssetLoading } from './asset-load-watch';
import { INTERACTIVE_ATTRIBUTE } from './deferred-scripts';
import { initDebugFlag } from './logger';

/**
 * Browser start-up: the API key for calls, the ?debug flag, the chunk-load watch (§2, §8), and the mark
 * that the page is interactive.
 */
export function useAppStart(api: { key: string; consumer: string } | undefined): void {
  // Set during render so child effects that call the API already have the key.
  if (api && typeof window !== 'undefined') configureApi(api);
  useEffect(() => {
    initDebugFlag(window.location.search);
    document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, '');
    return watchAssetLoading();
  }, []);
}
