/**
 * VTEX counts delivery in a `Shipping` totalizer that the orderForm's `value` includes (issue 29): the value
 * is what the shopper pays with the regular prices. The §3 totalizer ids are the products' and this one.
 */
export const SHIPPING_TOTALIZER_ID = 'Shipping';

/** The delivery fee the cart counts: its Shipping totalizer, 0 when it has none. */
export function shippingValueOf(orderForm: {
  totalizers?: readonly { id: string; value: number }[];
}): number {
  return orderForm.totalizers?.find((each) => each.id === SHIPPING_TOTALIZER_ID)?.value ?? 0;
}

/** What the cart's products cost paying normally, after discounts: its value without the delivery fee. */
export function itemsValueOf(orderForm: {
  value: number;
  totalizers?: readonly { id: string; value: number }[];
}): number {
  return orderForm.value - shippingValueOf(orderForm);
}
