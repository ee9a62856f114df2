/** The saved-cards page (§2 /mis-tarjetas). */
export const SAVED_CARDS_PATH = '/mis-tarjetas';
/** §2: opens the wallet-link drawer over the home, and is stripped from the address. */
export const WALLET_LINK_PATH = '/cencopay/vinculacion';
/** The resource route the wallet-link drawer reads its state from (GET) and links through (POST). */
export const WALLET_LINK_ACTION_PATH = '/billetera/vinculacion';
/** §2 order-placed page of an order group. */
export const orderPlacedPath = (orderGroup: string) =>
  `/checkout/orderPlaced?og=${encodeURIComponent(orderGroup)}`;
