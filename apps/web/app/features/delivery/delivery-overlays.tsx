import { lazy } from 'react';
import { WhenOpened } from '../../ui/when-opened';
import { useDelivery } from './delivery-context';
import { LostProductsDialog } from './lost-products-dialog';
import { RepricedProductsDialog } from './repriced-products-dialog';
import './delivery.css';

/** The selector's code (addresses, stores, windows) comes when the shopper first opens it. */
const DeliverySelector = lazy(async () => ({
  default: (await import('./delivery-selector')).DeliverySelector,
}));

/** The delivery dialogs, mounted once for every page. */
export function DeliveryOverlays() {
  const { selectorOpen } = useDelivery();
  return (
    <>
      <WhenOpened open={selectorOpen}>
        <DeliverySelector />
      </WhenOpened>
      <LostProductsDialog />
      <RepricedProductsDialog />
    </>
  );
}
