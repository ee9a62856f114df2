import type { OrderForm, OrderInfo } from '@despensa/contracts';
import type { ProductSummary } from '../catalog/types';

/** The resource route the cart's fetchers call (outside /api, whose calls need the API key headers). */
export const CART_ACTION_PATH = '/carro/acciones';

export interface CartLineChange {
  id: string;
  seller?: string;
  /** The line's new quantity; 0 removes it. */
  quantity: number;
}

export interface SkuSubstitutionChange {
  substituteType: OrderInfo['substituteType'];
  note: string | null;
}

/** What the cart's fetchers submit (JSON), one case per change the shopper can make (§4 cart changes). */
export type CartIntent =
  /** Adds to what the cart already holds. */
  | { intent: 'add'; items: { id: string; quantity: number; seller: string }[] }
  /** Sets lines to absolute quantities: the queue's batched changes. */
  | { intent: 'update'; lines: CartLineChange[] }
  | { intent: 'remove'; ids: string[] }
  | { intent: 'removeAll' }
  /** '' removes the coupon. */
  | { intent: 'coupon'; text: string }
  | { intent: 'substitution'; skuData: Record<string, SkuSubstitutionChange> }
  | { intent: 'ordination'; criteria: 'add_time' | 'name'; ascending: boolean }
  /** §4: the payment the checkout stored is cleared off the cart (a non-checkout page). */
  | { intent: 'clearPayment' };

export type CartIntentName = CartIntent['intent'];

export interface CartActionResult {
  orderForm: OrderForm | null;
  orderInfo?: OrderInfo;
  /** The server's message when it refused the change (400), or the §8 fallback notice. */
  error?: string;
  /** §8: the server kept failing; `orderForm` is the cached cart, shown read-only. */
  readOnly?: boolean;
  /** Upselling suggestions (the GET with ?sugerencias={skuId}). */
  suggestions?: ProductSummary[];
}
