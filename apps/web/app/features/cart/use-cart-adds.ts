import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { OrderFormMessage } from '@despensa/contracts';
import { CART_ADD_EVENT, type CartAddDetail } from './cart-add-events';
import { takeOpenMinicartFlag } from './order-form-cookie';
import type { QuantityQueue } from './use-quantity-queue';

/** An add: its sku and when. */
export interface LastAdd {
  skuId: string;
  at: number;
}

/**
 * Adds and the minicart they open: each 'Agregar' button's `cart:add` goes on top of what is pending for
 * its sku; §2 add by URL (the server added the items and redirected here) opens it once, with its notes.
 */
export function useCartAdds(
  { setQuantity, pendingQuantity }: Pick<QuantityQueue, 'setQuantity' | 'pendingQuantity'>,
  setMessages: Dispatch<SetStateAction<OrderFormMessage[]>>,
) {
  const [minicartOpen, setMinicartOpen] = useState(false);
  const [lastAdd, setLastAdd] = useState<LastAdd | null>(null);

  const add = useCallback(
    (detail: CartAddDetail) => {
      const quantity = pendingQuantity(detail.skuId) + detail.quantity;
      setQuantity({ id: detail.skuId, seller: detail.seller }, quantity, true);
      setLastAdd({ skuId: detail.skuId, at: Date.now() });
      setMinicartOpen(true);
    },
    [setQuantity, pendingQuantity],
  );

  useEffect(() => {
    const onAdd = (event: Event) => add((event as CustomEvent<CartAddDetail>).detail);
    window.addEventListener(CART_ADD_EVENT, onAdd);
    return () => window.removeEventListener(CART_ADD_EVENT, onAdd);
  }, [add]);

  // Once, on the page the server redirected to: setMessages is a state setter, the same on every render.
  useEffect(() => {
    const notes = takeOpenMinicartFlag(window.location.pathname);
    if (notes === null) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the flag is a cookie, read after hydration only
    setMinicartOpen(true);
    setMessages(notes.map((text) => ({ code: 'addByUrl', text, status: 'warning' })));
  }, [setMessages]);

  return { add, minicartOpen, setMinicartOpen, lastAdd };
}
