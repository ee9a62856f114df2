import type { DeliveryChoice } from '@despensa/contracts';

/** A delivery choice of `method` under a channel, with no store, address or segment of its own. */
export function deliveryChoiceFor(salesChannel: number, method: string | null): DeliveryChoice {
  return {
    method: method as DeliveryChoice['method'],
    salesChannel,
    seller: '1',
    storeName: 'Despensa',
    storeId: null,
    addressId: null,
    addressLine: null,
    coverageState: null,
    segment: null,
  };
}
