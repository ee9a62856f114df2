import type { DeliveryChoice, LostProduct } from '@despensa/contracts';
import type { DeliveryMethodKind, RepricedLine } from '@despensa/domain';
import type { DeliveryQuote, StoreOption } from './delivery-server';

/** The delivery route (routes/delivery-action.ts): GET the selector's data, POST a choice. */
export const DELIVERY_ACTION_PATH = '/entrega/acciones';

export interface AddressOption {
  addressId: string;
  label: string;
  displayLine: string;
  coordinates: [number, number] | null;
}

/** GET ?vista=opciones */
export interface DeliveryOptions {
  loggedIn: boolean;
  addresses: AddressOption[];
  stores: StoreOption[];
}

/** GET ?vista=horarios&modo=…&direccion=… | &tienda=… */
export type DeliveryQuoteResult =
  { quote: DeliveryQuote; error?: undefined } | { quote?: undefined; error: string };

export interface DeliveryWindowRef {
  startDateUtc: string;
  endDateUtc: string;
}

export type DeliveryIntent =
  | {
      intent: 'apply';
      mode: DeliveryMethodKind;
      addressId?: string | null;
      storeId?: string | null;
      window?: DeliveryWindowRef | null;
    }
  /** Back to the choice saved before the last change (§4). */
  | { intent: 'restore' }
  /** §4 cart lifecycle: a logged-in shopper with no choice yet gets the default store pickup. */
  | { intent: 'defaultPickup' };

export interface DeliveryActionResult {
  choice: DeliveryChoice | null;
  /** The choice before this change, while it can be restored. */
  previous: DeliveryChoice | null;
  lostProducts: LostProduct[];
  /** Items the new channel sells at another price (§4 re-pricing, told as lost products are). */
  repricedProducts?: RepricedLine[];
  error?: string;
}
