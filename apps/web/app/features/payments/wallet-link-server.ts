import { failureCodeOf, type StorefrontServices, type WalletLink } from '@despensa/contracts';
import { assertSameOrigin } from '../account/server';
import { sessionTokenOf } from '../../lib/session-token';

/** The drawer's view: the §6 link state and balance, or null for a visitor (who is asked to log in). */
export interface WalletLinkData {
  link: WalletLink | null;
  /** Set by the link button's answer. */
  linkedNow?: boolean;
}

async function forVisitorOr(read: () => Promise<WalletLink>): Promise<WalletLink | null> {
  try {
    return await read();
  } catch (error) {
    if (failureCodeOf(error) === 'notLoggedIn') return null;
    throw error;
  }
}

export async function walletLinkLoader(
  services: StorefrontServices,
  request: Request,
): Promise<WalletLinkData> {
  return { link: await forVisitorOr(() => services.wallet.linkState(sessionTokenOf(request))) };
}

/** Creates the wallet if needed and links it (states create and link, §6). */
export async function walletLinkAction(
  services: StorefrontServices,
  request: Request,
): Promise<WalletLinkData> {
  assertSameOrigin(request);
  const link = await forVisitorOr(() => services.wallet.link(sessionTokenOf(request)));
  return { link, linkedNow: link?.state === 'linked' };
}
