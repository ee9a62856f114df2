import type { RootAccount } from '../account/types';
import { isBotRequest } from './bots';
import { consentFromCookie } from './consent';
import type { PlatformData } from './platform-layer';

/** The root loader's part for the platform layer: bot or shopper (§4), consent, who reports errors. */
export function platformData(request: Request, account: RootAccount): PlatformData {
  return {
    bot: isBotRequest(request),
    consent: consentFromCookie(request.headers.get('cookie')),
    email: account.customer?.email ?? null,
  };
}
