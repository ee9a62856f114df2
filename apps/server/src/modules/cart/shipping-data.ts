import type { OrderForm } from '@despensa/contracts';

/**
 * The §7 shipping attachment as the cart stores it (order_form.shipping_data). The shipping module
 * computes it (slas with their windows, the chosen window) and hands it over through
 * CartService.setShippingData; the cart only keeps it and shows it in orderForm.shippingData.
 */
export interface CartShippingData {
  address: Record<string, unknown> | null;
  availableAddresses: Record<string, unknown>[];
  pickupPoints: Record<string, unknown>[];
  selectedAddresses: Record<string, unknown>[];
  /** §3 logistics entry fields per item id, as last attached. */
  logistics: Record<
    string,
    {
      selectedSla: string | null;
      selectedDeliveryChannel: string | null;
      slas: unknown[];
      deliveryChannels: { id: string }[];
    }
  >;
}

/**
 * The shopper's delivery choice as the cart keeps it: read back from here, never from logisticsInfo
 * (an emptied cart has no logistics entries, and its choice must survive that).
 */
export interface CartDeliveryChoice {
  /** A §3 delivery-method id; null before a mode is chosen. */
  selectedSla: string | null;
  salesChannel: number;
  /** The store serving the cart (pickup point or delivering store), when one does. */
  storeId: string | null;
  /** The address book entry of a home or express delivery. */
  addressId: string | null;
  /** The window the shopper chose (its place is held by the shipping module). */
  window: { startDateUtc: string; endDateUtc: string } | null;
}

type ShippingView = OrderForm['shippingData'];

/** The orderForm's shippingData with the stored attachment laid over the cart's defaults. */
export function withShippingData(stored: CartShippingData | null, view: ShippingView): ShippingView {
  if (!stored) return view;
  return {
    ...view,
    address: stored.address,
    availableAddresses: stored.availableAddresses,
    pickupPoints: stored.pickupPoints,
    selectedAddresses: stored.selectedAddresses,
    logisticsInfo: view.logisticsInfo.map((entry) => {
      const logistics = stored.logistics[entry.itemId];
      return logistics ? { ...entry, ...logistics } : entry;
    }),
  };
}
