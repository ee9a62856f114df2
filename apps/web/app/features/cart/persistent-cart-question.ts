/**
 * The persistent-cart dialog's question (§2): both carts have products. Its own file, so the account
 * actions' types can name it without importing the cart's server helpers (which import the account's).
 */
export interface PersistentCartQuestion {
  storedOrderFormId: string;
  /** Products (§5 count) in the customer's stored cart and in this browser's cart. */
  storedUnits: number;
  currentUnits: number;
}
