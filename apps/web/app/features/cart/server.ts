/** The public entry of cart for other features' loaders and actions (server side). */
export {
  addItems,
  cartForChange,
  cartViewerOf,
  heldOrderFormIdOf,
  isCartRefusal,
  persistentCartQuestion,
  resolvePersistentCart,
  storedOrderForm,
  viewerOfToken,
} from './cart-server';
export {
  clearedOrderFormCookies,
  heldOrderFormIdIn,
  orderFormCookies,
  orderFormIdFromCookie,
} from './order-form-cookie';
