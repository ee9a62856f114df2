import { Minicart } from './minicart';
import { UnavailableNotice } from './unavailable-notice';
import './cart.css';

/** The cart's dialogs and drawers, mounted once for every page. */
export function CartOverlays() {
  return (
    <>
      <Minicart />
      <UnavailableNotice />
    </>
  );
}
