import { DeliverySelector } from './delivery-selector';
import { LostProductsDialog } from './lost-products-dialog';
import { RepricedProductsDialog } from './repriced-products-dialog';
import './delivery.css';

/** The delivery dialogs, mounted once for every page. */
export function DeliveryOverlays() {
  return (
    <>
      <DeliverySelector />
      <LostProductsDialog />
      <RepricedProductsDialog />
    </>
  );
}
