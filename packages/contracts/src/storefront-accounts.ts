import type {
  Address,
  AddressBody,
  AuthStatus,
  LoginOutcome,
  LogoutResponse,
  RegisterUserBody,
  VerifyBlockedResponse,
  SessionInfo,
  UpdateUserBody,
  UserProfile,
} from './accounts';
import type { EditProducts } from './orders';
import type {
  ListBasketChangeBody,
  ListBasketView,
  ListRunAnswer,
  ListSkusAvailability,
  ShoppingList,
  ShoppingListBody,
} from './lists';
import type { Product } from './catalog';

// The shopper's account and lists as the web's loaders reach them (StorefrontServices).

export interface AccountsWebService {
  /** The session's owner, or null when the token is missing, expired or revoked. */
  session(token: string | undefined): Promise<SessionInfo | null>;
  /**
   * Password login; `clientAddress` feeds the per-address attempt limit. `deviceToken` is the session
   * this browser held: the login replaces it and leaves the customer's other devices logged in.
   */
  login(login: string, password: string, clientAddress: string, deviceToken?: string): Promise<LoginOutcome>;
  logout(token: string | undefined): Promise<LogoutResponse>;
  /** Creates the account; a taken e-mail or RUT rejects with the failure emailTaken. */
  register(body: RegisterUserBody): Promise<UserProfile>;
  /** The user data; with an orderFormId the cart is attached to the user first. */
  profile(token: string | undefined, orderFormId?: string): Promise<UserProfile>;
  updateProfile(token: string | undefined, body: UpdateUserBody): Promise<UserProfile>;
  /** The address book as the list shows it (hidden ids and '*' labels left out). */
  addresses(token: string | undefined): Promise<Address[]>;
  saveAddress(token: string | undefined, body: AddressBody, addressId?: string): Promise<Address>;
  deleteAddress(token: string | undefined, addressId: string): Promise<void>;
  /** Creates the account and logs the new customer in (the site's register flow). */
  registerAndLogin(body: RegisterUserBody): Promise<{ profile: UserProfile; sessionToken: string }>;
  /**
   * §4 blocked-address check (GET /user/address/verifyBlocked): `blocked` until the address is confirmed
   * with an e-mailed access key (sent now when none is pending).
   */
  verifyBlocked(
    token: string | undefined,
    addressId: string,
    brandName?: string,
  ): Promise<VerifyBlockedResponse>;
  /** Confirms an address with the e-mailed access key (wrongAccessKey when it does not match). */
  validateAddress(token: string | undefined, addressId: string, accessKey: string): Promise<Address>;
  /**
   * E-mails a login access key; the same answer whether or not the e-mail has an account. The e-mails
   * of both name `brandName`, the brand whose shop the shopper is on (§1), the chain's unless given.
   */
  sendAccessKey(login: string, clientAddress: string, brandName?: string): Promise<AuthStatus>;
  /** Login with the e-mailed access key. */
  loginWithAccessKey(
    login: string,
    accessKey: string,
    clientAddress: string,
    deviceToken?: string,
  ): Promise<LoginOutcome>;
  /** A new password with the e-mailed access key; logs in on Success and ends every other session. */
  setPassword(
    login: string,
    accessKey: string,
    newPassword: string,
    clientAddress: string,
  ): Promise<LoginOutcome>;
}

export interface ShopperListsWebService {
  lists(token: string | undefined): Promise<ShoppingList[]>;
  list(token: string | undefined, id: string): Promise<ShoppingList>;
  create(token: string | undefined, body: ShoppingListBody): Promise<ShoppingList>;
  update(token: string | undefined, id: string, body: ShoppingListBody): Promise<ShoppingList>;
  addSku(token: string | undefined, id: string, skuId: string, quantity: number): Promise<ShoppingList>;
  remove(token: string | undefined, id: string): Promise<void>;
  /** A scheduled list's coming delivery (§4); null when the list is not scheduled. */
  currentRun(token: string | undefined, id: string): Promise<ListRunAnswer | null>;
  /**
   * Skips the coming delivery; listNotScheduled when the list is not scheduled. With `deliveryDate`, only
   * that delivery: listRunClosed once its cut-off passed (the coming one is then another).
   */
  skipRun(token: string | undefined, id: string, deliveryDate?: string): Promise<ListRunAnswer>;
  /**
   * A scheduled list's basket for one delivery (the coming one without a date), as its review page shows
   * it; another shopper's list is shoppingListNotFound, a delivery it never had listRunNotFound.
   */
  basket(token: string | undefined, id: string, deliveryDate?: string): Promise<ListBasketView>;
  /**
   * Changes a built basket before its cut-off (quantities, products removed or added); it is still placed
   * at the cut-off. Refused with the run's reason (listRunClosed, listRunSkipped…) or listBasketOutOfStock.
   */
  changeBasket(token: string | undefined, id: string, body: ListBasketChangeBody): Promise<ListBasketView>;
  /** Products the basket's store sells now that the search finds, to add to it. */
  basketProducts(
    token: string | undefined,
    id: string,
    deliveryDate: string,
    query: string,
  ): Promise<EditProducts>;
  /** Pauses (2) or resumes (1) a list's schedule; listNotScheduled for a list never scheduled. */
  setScheduleStatus(token: string | undefined, id: string, status: 1 | 2): Promise<ShoppingList>;
  /** Which skus can be bought now in the channel (§5 in stock). */
  availability(skuIds: string[], salesChannel: number): ListSkusAvailability;
  favourites(token: string | undefined): Promise<string[]>;
  setFavourite(token: string | undefined, skuId: string, favourite: boolean): Promise<string[]>;
  /** The products of the shopper's orders, most bought first (§7 frequent products). */
  frequent(token: string | undefined, salesChannel: number, qty?: number): Promise<Product[]>;
}
