import { DELIVERY_METHODS, PRIME_INVITATION_ORDER_COUNT, deliveryMethodById } from '../constants';
import { formatCLP } from '../money';
import { itemsValueOf } from '../pricing/order-value';

/**
 * Prime, the shop's membership (§1 subscription; Instacart+ and Tesco's Delivery Saver are the models).
 * Not in the spec: the plan's price, the basket minimum for free delivery and which products carry a
 * member price. Money is CLP cents.
 */
export const PRIME_PLAN = {
  /** $4.990 a month, charged to a saved one-click card at the start of every period. */
  monthlyPrice: 499_000,
  /** Delivery (home and express) is free on baskets of at least $30.000 (the items after discounts). */
  freeDeliveryMinimum: 3_000_000,
  /** A member price: 10 % off the house brand, the products of collection 9 'Marca Despensa'. */
  memberPriceCollectionId: '9',
  memberPricePercent: 10,
} as const;

/** The price tag of the member price on a cart line. */
export const PRIME_PRICE_TAG_ID = 'prime';
/** The benefit a member's cart lists in ratesAndBenefitsData (its delivery is priced with it). */
export const PRIME_BENEFIT_ID = 'prime';

/** How the benefits read to a shopper (the Prime page and dialog). */
export const PRIME_BENEFIT_TEXTS = [
  `Despacho gratis en compras desde ${formatCLP(PRIME_PLAN.freeDeliveryMinimum)}`,
  `${PRIME_PLAN.memberPricePercent} % de descuento en productos Marca Despensa`,
] as const;

/** Whether a line gets the member price: a member's cart, and a product of the member-price collection. */
export function hasMemberPrice(line: { collectionIds: readonly string[] }): boolean {
  return line.collectionIds.includes(PRIME_PLAN.memberPriceCollectionId);
}

/** What delivery costs a basket: the mode's fee, waived for a member whose basket reaches the minimum. */
export function primeDeliveryFee(
  fee: number,
  selectedSla: string | null,
  basket: { prime: boolean; value: number },
): number {
  if (!basket.prime || basket.value < PRIME_PLAN.freeDeliveryMinimum) return fee;
  const method = selectedSla ? deliveryMethodById(selectedSla) : undefined;
  const delivers =
    method?.id === DELIVERY_METHODS.homeDelivery.id || method?.id === DELIVERY_METHODS.express.id;
  return delivers ? 0 : fee;
}

/** A cart's benefits as the orderForm lists them (ratesAndBenefitsData): is it a member's? */
export function isPrimeBasket(orderForm: {
  ratesAndBenefitsData: { rateAndBenefitsIdentifiers: readonly { id: string }[] } | null;
}): boolean {
  return (
    orderForm.ratesAndBenefitsData?.rateAndBenefitsIdentifiers.some(
      (benefit) => benefit.id === PRIME_BENEFIT_ID,
    ) ?? false
  );
}

/** The basket the delivery fee rule reads from an orderForm: its value paying normally, and Prime. */
export function primeBasketOf(orderForm: {
  value: number;
  totalizers?: readonly { id: string; value: number }[];
  ratesAndBenefitsData: { rateAndBenefitsIdentifiers: readonly { id: string }[] } | null;
}): { prime: boolean; value: number } {
  return { prime: isPrimeBasket(orderForm), value: itemsValueOf(orderForm) };
}

/** A membership's period: a calendar month from its start (31 Jan → 28/29 Feb, as card plans bill). */
export function primePeriodEnd(start: Date): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * §4 Prime invitation drawer, the first of the spec's two readings: it opens (after 3 s, never in
 * checkout) for a customer who is not a member when the order count is 4 or unknown (null). The second
 * reading (an invitation date within a threshold, and a count other than 4) needs a threshold the spec
 * does not give.
 */
export function showsPrimeInvitation(input: {
  member: boolean;
  countOrder: number | null;
  inCheckout: boolean;
}): boolean {
  if (input.member || input.inCheckout) return false;
  return input.countOrder === null || input.countOrder === PRIME_INVITATION_ORDER_COUNT;
}
