import type { ProductSummary } from '../catalog/types';

/** What the cart listens to; product cards and the product page dispatch it. */
export interface CartAddDetail {
  skuId: string;
  quantity: number;
  seller: string;
}

export const CART_ADD_EVENT = 'cart:add';

export function dispatchCartAdd(detail: CartAddDetail): void {
  window.dispatchEvent(new CustomEvent<CartAddDetail>(CART_ADD_EVENT, { detail }));
}

/** A listing card's weighed item opens the quick-purchase drawer (§2) to choose the weight first. */
export const QUICK_PURCHASE_EVENT = 'cart:quick-purchase';

export function dispatchQuickPurchase(product: ProductSummary): void {
  window.dispatchEvent(new CustomEvent<ProductSummary>(QUICK_PURCHASE_EVENT, { detail: product }));
}
