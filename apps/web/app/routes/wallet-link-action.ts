import { walletLinkAction, walletLinkLoader } from '../features/payments/wallet-link-server';
import { requireFeature } from '../features/lists/features-server';
import type { Route } from './+types/wallet-link-action';

/** The wallet-link drawer's data (GET) and its link button (POST); a resource route with no page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireFeature(context.services, 'wallet');
  return walletLinkLoader(context.services, request);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireFeature(context.services, 'wallet');
  return walletLinkAction(context.services, request);
}
