import { CART_MAX_ITEMS, EXPRESS_MAX_ITEMS, GLOBAL_MAX_ITEMS_PER_SKU, MAX_QUANTITY } from '../constants';
import { itemPurchaseLimit } from '../catalog/stock';

/** The §5/§9 limits a cart change can hit; the shopper is told which one. */
export type CartLimitKind = 'maxQuantity' | 'cartLimit' | 'stock' | 'cartMaxItems' | 'expressMaxItems';

export const CART_LIMIT_MESSAGES: Record<CartLimitKind, (max: number) => string> = {
  maxQuantity: (max) => `Puedes agregar hasta ${max} unidades de este producto`,
  cartLimit: (max) => `Este producto tiene un máximo de ${max} unidades por compra`,
  stock: (max) =>
    max === 1 ? 'Solo queda 1 unidad de este producto' : `Solo quedan ${max} unidades de este producto`,
  cartMaxItems: (max) => `Tu carro puede tener hasta ${max} productos`,
  expressMaxItems: (max) => `Los pedidos con Despacho Express pueden tener hasta ${max} productos`,
};

export interface CartLimitHit {
  kind: CartLimitKind;
  max: number;
}

/** Weighed items are sold by the kilo: their quantity counts steps of unitMultiplier kg. */
export function isWeighed(measurementUnit: string): boolean {
  return measurementUnit.trim().toLowerCase() === 'kg';
}

/**
 * What a line counts toward "max 300 products" and "express max 180 items": its units, since a shopper
 * counts six yoghurts as six products; a weighed line counts 1 whatever its weight, because 2.5 kg of
 * apples is one product, not five.
 */
export function cartUnitsOf(line: { quantity: number; measurementUnit: string }): number {
  if (line.quantity <= 0) return 0;
  return isWeighed(line.measurementUnit) ? 1 : line.quantity;
}

/** Per-line maximum: the sku's cart_limit capped by the global maximum and MAX_QUANTITY, and which one binds. */
export function lineQuantityLimit(cartLimit: number | null | undefined): CartLimitHit {
  const max = Math.min(itemPurchaseLimit(cartLimit), MAX_QUANTITY);
  const ownLimit = max < Math.min(GLOBAL_MAX_ITEMS_PER_SKU, MAX_QUANTITY);
  return { kind: ownLimit ? 'cartLimit' : 'maxQuantity', max };
}

/** Units the stock lets a line grow to (§5); weighed lines are weighed when picked, so it does not cap them. */
export function stockLimit(available: number | undefined, measurementUnit: string): number {
  return available === undefined || isWeighed(measurementUnit)
    ? Infinity
    : Math.max(0, Math.floor(available));
}

/** What a line may grow to: its own limit and, for unit items, the stock (what + may reach). */
export function lineQuantityMax(
  cartLimit: number | null | undefined,
  measurementUnit: string,
  available: number | undefined,
): number {
  return Math.min(lineQuantityLimit(cartLimit).max, stockLimit(available, measurementUnit));
}

export interface QuantityRequest {
  requested: number;
  /** The line's quantity before the change (0 when new). */
  current: number;
  cartLimit: number | null | undefined;
  measurementUnit: string;
  /** Cart units of every other line. */
  otherUnits: number;
  express: boolean;
  /** Units the offer has in stock (§5); weighed lines are weighed at picking and not capped by it. */
  available?: number;
}

/**
 * The quantity a change may set, and the limit that cut it, if any. A decrease is never cut by the
 * cart-wide caps, so a cart already over them (it just switched to express) can still be trimmed.
 */
export function clampLineQuantity(request: QuantityRequest): {
  quantity: number;
  limit: CartLimitHit | null;
} {
  let quantity = Math.max(0, Math.floor(request.requested));
  let limit: CartLimitHit | null = null;
  const line = lineQuantityLimit(request.cartLimit);
  if (quantity > line.max) {
    quantity = line.max;
    limit = line;
  }
  if (quantity <= request.current) return { quantity, limit };
  // Never more than the store has, though a line already above it (stock fell since) may stay.
  const stock = stockLimit(request.available, request.measurementUnit);
  if (quantity > stock) {
    quantity = Math.max(stock, request.current);
    limit = { kind: 'stock', max: stock };
    if (quantity <= request.current) return { quantity, limit };
  }
  const cap: CartLimitHit = request.express
    ? { kind: 'expressMaxItems', max: EXPRESS_MAX_ITEMS }
    : { kind: 'cartMaxItems', max: CART_MAX_ITEMS };
  const room = Math.max(0, cap.max - request.otherUnits);
  if (cartUnitsOf({ quantity, measurementUnit: request.measurementUnit }) > room) {
    // A weighed line needs one slot whatever its weight, so without room it cannot grow at all.
    quantity = isWeighed(request.measurementUnit) ? 0 : room;
    // Never lower a line below where it stood: the change is refused rather than turned into a removal.
    quantity = Math.max(quantity, request.current);
    limit = cap;
  }
  return { quantity, limit };
}
