/** What the cart (a later issue) listens to; product cards and the product page dispatch it. */
export interface CartAddDetail {
  skuId: string;
  quantity: number;
  seller: string;
}

export const CART_ADD_EVENT = 'cart:add';

export function dispatchCartAdd(detail: CartAddDetail): void {
  window.dispatchEvent(new CustomEvent<CartAddDetail>(CART_ADD_EVENT, { detail }));
}
