import type { OrderForm } from '@despensa/contracts';

/** The delivery method chosen for the cart (a selectedSla), or null while the shopper has not chosen. */
export function deliveryModeOf(orderForm: OrderForm | null): string | null {
  return orderForm?.shippingData.logisticsInfo.find((entry) => entry.selectedSla)?.selectedSla ?? null;
}
