import { useLostProductsOpen } from '../delivery/delivery-context';
import { Minicart } from './minicart';
import { QuickPurchaseDrawer } from './quick-purchase-drawer';
import { UnavailableNotice } from './unavailable-notice';
import './cart.css';

/** The cart's dialogs and drawers, mounted once for every page. */
export function CartOverlays() {
  const lostProductsOpen = useLostProductsOpen();
  return (
    <>
      <Minicart />
      <QuickPurchaseDrawer />
      <UnavailableNotice lostProductsOpen={lostProductsOpen} />
    </>
  );
}
