import type { Config } from '../../config';
import type { Geocoder } from './geocoder';
import { NominatimGeocoder } from './nominatim';
import { OfflineGeocoder } from './offline';
import { NOMINATIM_SANDBOX_PREFIX } from './sandbox';

/**
 * The geocoder GEOCODER_URL names, over the offline one as its fallback. Unset, the shop's own sandbox on
 * the port it listens on (none yet, e.g. an API test's injected requests: the offline one answers).
 */
export function configuredGeocoder(
  config: Config,
  listeningPort: () => number | null,
  log: (message: string) => void,
): Geocoder {
  const offline = new OfflineGeocoder();
  if (config.GEOCODER_URL === 'offline') return offline;
  const configured = config.GEOCODER_URL;
  return new NominatimGeocoder({
    baseUrl: () => {
      if (configured) return configured;
      const port = listeningPort();
      return port ? `http://127.0.0.1:${port}${NOMINATIM_SANDBOX_PREFIX}` : null;
    },
    fallback: offline,
    userAgent: `Despensa/1.0 (${config.BRAND_NAME} storefront; ${config.PUSH_CONTACT})`,
    timeoutMs: config.GEOCODER_TIMEOUT_MS,
    log,
  });
}
