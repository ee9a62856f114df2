import { useEffect } from 'react';
import { configureApi } from './api-client';
import { watchAssetLoading } from './asset-load-watch';
import { initDebugFlag } from './logger';

/** Browser start-up: the API key for calls, the ?debug flag and the chunk-load watch (§2, §8). */
export function useAppStart(api: { key: string; consumer: string } | undefined): void {
  // Set during render so child effects that call the API already have the key.
  if (api && typeof window !== 'undefined') configureApi(api);
  useEffect(() => {
    initDebugFlag(window.location.search);
    return watchAssetLoading();
  }, []);
}
