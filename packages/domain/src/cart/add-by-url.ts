/** One line of an add-by-URL request (§2): sku, quantity and seller lists read side by side. */
export interface UrlCartItem {
  id: string;
  quantity: number;
  seller: string;
}

const SKU_ID = /^\d{1,12}$/;

function list(value: string | null): string[] {
  return value ? value.split(',').map((each) => each.trim()) : [];
}

/**
 * `?sku=1,2&quantity=3,1&seller=1,1` → items; quantity defaults to 1 and seller to '1' where the lists
 * are shorter or a value is unreadable. Ids that are not sku ids are skipped; a repeated sku adds up.
 */
export function cartItemsFromUrl(params: URLSearchParams): UrlCartItem[] {
  const quantities = list(params.get('quantity'));
  const sellers = list(params.get('seller'));
  const items = new Map<string, UrlCartItem>();
  list(params.get('sku')).forEach((id, position) => {
    if (!SKU_ID.test(id)) return;
    const parsed = Number(quantities[position]);
    const quantity = Number.isInteger(parsed) && parsed > 0 ? parsed : 1;
    const seller = sellers[position] || '1';
    const existing = items.get(id);
    if (existing) existing.quantity += quantity;
    else items.set(id, { id, quantity, seller });
  });
  return [...items.values()];
}

/** What the §4 go-to-cart rule reads of a cart. */
export interface StoredCartShape {
  items: readonly unknown[];
  clientProfileData: unknown;
  shippingData: { address: unknown } | null;
}

/**
 * §4 cart lifecycle: a stored cart that is empty and has no client profile and no address is discarded
 * and a new one created, instead of carrying an abandoned cart's state (coupon, channel) forward.
 */
export function isDiscardableCart(cart: StoredCartShape): boolean {
  return cart.items.length === 0 && !cart.clientProfileData && !cart.shippingData?.address;
}
