/** The public entry of cart for other features: what they may render or call in the browser. */
export { dispatchCartAdd, dispatchQuickPurchase } from './cart-add-events';
export { CART_CACHE_KEY } from './cart-client';
export { useCart } from './cart-context';
export { CartTotals } from './cart-totals';
export { DeliveryPrompt } from './delivery-prompt';
export { PersistentCartDialog } from './persistent-cart-dialog';
export { QuantityStepper } from './quantity-stepper';
