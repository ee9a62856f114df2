import { lazy } from 'react';
import { WhenOpened } from '../../ui/when-opened';
import { useLostProductsOpen } from '../delivery';
import { useCart } from './cart-context';
import { QuickPurchaseDrawer } from './quick-purchase-drawer';
import { UnavailableNotice } from './unavailable-notice';
import './cart.css';

/** The minicart's code (lines, totals, suggestions) comes when it first opens. */
const Minicart = lazy(async () => ({ default: (await import('./minicart')).Minicart }));

/** The cart's dialogs and drawers, mounted once for every page. */
export function CartOverlays() {
  const lostProductsOpen = useLostProductsOpen();
  const { minicartOpen } = useCart();
  return (
    <>
      <WhenOpened open={minicartOpen}>
        <Minicart />
      </WhenOpened>
      <QuickPurchaseDrawer />
      <UnavailableNotice lostProductsOpen={lostProductsOpen} />
    </>
  );
}
