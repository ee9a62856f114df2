import { useEffect, useState } from 'react';
import { WalletLinkDrawer } from '../features/payments/wallet-link-drawer';
import Home, { loader, meta } from './home';
import type { Route } from './+types/wallet-link';

export { loader, meta };

/**
 * /cencopay/vinculacion (§2): the home with the wallet-link drawer open over it, and the path stripped from
 * the address bar. Only the bar changes (the router's own history entry is kept): a router navigation to '/'
 * would remount the page and lose the drawer, and a reload then lands on the plain home.
 */
export default function HomeWithWalletLink(props: Route.ComponentProps) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    window.history.replaceState(window.history.state, '', `/${window.location.hash}`);
  }, []);
  return (
    <>
      <Home {...(props as unknown as Parameters<typeof Home>[0])} />
      <WalletLinkDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
