/** What the wallet knows of a customer (§6 link states come from these with the cluster). */
export interface WalletAccount {
  hasWallet: boolean;
  isLinked: boolean;
  balanceCents: number;
}

/** A charge's state: 200-2 processing, 200-0 approved, anything else failed (§4). */
export interface WalletChargeStatus {
  internalCode: string;
  code: string;
  amountCents: number;
  refunded: boolean;
}

/**
 * The group's digital wallet (payments 201–204 through saved cards, 783 through its balance). Customers are
 * known by e-mail. Charges settle asynchronously: `charge` answers at once with an internal code whose
 * status is 200-2 until the wallet decides.
 */
export interface WalletProvider {
  account(email: string): Promise<WalletAccount>;
  /** Links the customer's wallet to this shop's account, opening one first when they have none. */
  link(email: string): Promise<WalletAccount>;
  /** Tokenizes a card the acquirer enrolled (its last 4 digits) for this customer; answers the wallet's token. */
  addCard(email: string, card: { cardLast4: string }): Promise<string>;
  removeCard(email: string, token: string): Promise<void>;
  /**
   * Charges a card (or the balance, when cardToken is null) for transaction tId. Idempotent per tId: the
   * same tId again answers the first charge's internal code.
   */
  charge(input: {
    email: string;
    cardToken: string | null;
    tId: string;
    amountCents: number;
  }): Promise<string>;
  /** Null for an unknown internal code. */
  status(internalCode: string): Promise<WalletChargeStatus | null>;
  /** Gives an approved charge back (to the balance when it came from there); once. False if not approved. */
  refund(internalCode: string): Promise<boolean>;
}
