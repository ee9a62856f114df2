/** The types payments shares with other features. */
export type { PlacedWalletPayment } from './payment-panel';
