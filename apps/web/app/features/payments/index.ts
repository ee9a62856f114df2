/** The public entry of payments for other features: what they may render or call in the browser. */
export { CARD_KIND_LABELS, cardName } from './card-labels';
export { GiftCardDialog } from './gift-card-dialog';
export { OneClickPaymentPanel } from './one-click-payment-panel';
export { SAVED_CARDS_PATH } from './paths';
export { GIFT_CARD_AMOUNT_MESSAGE, GIFT_CARD_FIELDS, SAVED_CARD_FIELD } from './payment-panel';
export { WalletPaymentPanel } from './wallet-payment-panel';
