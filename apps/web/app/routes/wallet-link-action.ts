import { walletLinkAction, walletLinkLoader } from '../features/payments/wallet-link-server';
import type { Route } from './+types/wallet-link-action';

/** The wallet-link drawer's data (GET) and its link button (POST); a resource route with no page. */
export function loader({ request, context }: Route.LoaderArgs) {
  return walletLinkLoader(context.services, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return walletLinkAction(context.services, request);
}
