/** Where 'Ir a pagar' takes the shopper (§2 go-to-checkout rules). */
export type CheckoutTarget = 'login' | 'deliverySelector' | 'secureCart';

export interface CheckoutTargetInput {
  loggedIn: boolean;
  /** The chosen delivery method id (selectedSla), or null when none was chosen. */
  deliveryMode: string | null;
  /** The chosen store's name; the chain's default store name means "not chosen yet". */
  storeName: string | null;
  defaultStoreName: string;
}

export function goToCheckoutTarget(input: CheckoutTargetInput): CheckoutTarget {
  if (!input.loggedIn) return 'login';
  if (!input.deliveryMode || !input.storeName || input.storeName === input.defaultStoreName) {
    return 'deliverySelector';
  }
  return 'secureCart';
}
