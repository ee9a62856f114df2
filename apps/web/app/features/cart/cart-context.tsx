import { createContext, useContext, type ReactNode } from 'react';
import type { OrderForm, OrderFormItem, OrderFormMessage, OrderInfo } from '@despensa/contracts';
import { cartUnitsOf } from '@despensa/domain';
import type { CartAddDetail } from './cart-add-events';
import { CART_ACTION_PATH, type CartIntent } from './cart-intents';
import { useCartFetchers } from './cart-fetchers';
import { useCartAdds, type LastAdd } from './use-cart-adds';
import { useCartAnswers } from './use-cart-answers';
import { useCartSubmit } from './use-cart-submit';
import { useQuantityQueue } from './use-quantity-queue';

export interface CartState {
  /** The server's last answer. */
  orderForm: OrderForm | null;
  /** Its lines with the pending changes applied (what the shopper sees). */
  lines: OrderFormItem[];
  /** Products in the cart as §5 counts them (a weighed line counts 1). */
  units: number;
  /** Messages of the last change (limits, coupon outcome) and a refused change's text. */
  messages: OrderFormMessage[];
  error: string | null;
  orderInfo: OrderInfo | null;
  /** A change is queued or waiting for the server. */
  busy: boolean;
  setQuantity(line: { id: string; seller?: string }, quantity: number, immediate?: boolean): void;
  /** One step up or down from the quantity last asked for (queued or on its way), not the one drawn. */
  stepQuantity(line: { id: string; seller?: string }, step: number): void;
  add(detail: CartAddDetail): void;
  submit(change: Exclude<CartIntent, { intent: 'update' | 'add' }>): void;
  minicartOpen: boolean;
  setMinicartOpen(open: boolean): void;
  /** The sku of the last add and when, for the notices that follow an add. */
  lastAdd: LastAdd | null;
  /** §8: the server kept failing, or the page could not read the cart: the cached cart is shown read-only. */
  readOnly: boolean;
  /** Reads the cart again (after the fallback); a good answer ends read-only mode. */
  retry(): void;
}

const CartContext = createContext<CartState | null>(null);

export function useCart(): CartState {
  const cart = useContext(CartContext);
  if (!cart) throw new Error('useCart outside CartProvider');
  return cart;
}

/**
 * The cart of the whole app: the root loader's orderForm, then each answer of the cart action. Listens
 * for `cart:add` from every 'Agregar' button, queues quantity changes and batches them (§4 cart changes).
 */
export function CartProvider({
  initialOrderForm,
  cartReadFailed = false,
  children,
}: {
  initialOrderForm: OrderForm | null;
  /** The page could not read the cart (the root's cartReadFailed): §8's cached-cart fallback. */
  cartReadFailed?: boolean;
  children: ReactNode;
}) {
  const fetchers = useCartFetchers();
  const { orderForm, messages, setMessages, error, orderInfo, readOnly, readOnlyRef } = useCartAnswers(
    initialOrderForm,
    cartReadFailed,
    fetchers,
  );
  const quantities = useQuantityQueue(fetchers, orderForm, readOnlyRef);
  const { lines, setQuantity, stepQuantity } = quantities;
  const { add, minicartOpen, setMinicartOpen, lastAdd } = useCartAdds(quantities, setMessages);
  const submit = useCartSubmit(fetchers.others, readOnlyRef, quantities);

  const { queue, sync, others } = fetchers;
  const busy = quantities.queueing || [queue, ...others].some((fetcher) => fetcher.state !== 'idle');
  const value: CartState = {
    orderForm,
    lines,
    units: lines.reduce((sum, line) => sum + cartUnitsOf(line), 0),
    messages,
    error,
    orderInfo,
    busy,
    setQuantity,
    stepQuantity,
    add,
    submit,
    minicartOpen,
    setMinicartOpen,
    lastAdd,
    readOnly,
    retry: () => void sync.load(CART_ACTION_PATH),
  };
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
