import { quoteLine, type LinePromotion, type QuotedLine } from './engine';

/** A catalogue promotion as a card sees it: the pricing fields and its badge ('3x2', '-20%'). */
export type ShelfPromotion = LinePromotion & { badge: string | null };

export interface ShelfQuote {
  /** What the cart charges per unit (or per kg) for one step, paying normally: the card's price. */
  price: number;
  /** The same with the group card (tcenco promotions); equal to `price` when the card adds nothing. */
  cardPrice: number;
  /**
   * First the saving the price itself shows (savingBadge: list price to shown price, '-33%'), then the
   * badges of the promotions the cart applies only from more than one unit, or only with the group card
   * (' con Tarjeta'), within the item's purchase limit. A promotion already in the shown price has no
   * badge of its own (the saving tells it once, as the struck price does); one that loses to a better
   * one, or whose pack cannot be bought, gets none: a badge never promises a price the cart does not
   * charge.
   */
  badges: string[];
}

function isFreeUnitsPack(promotion: LinePromotion): boolean {
  return promotion.discountType === 'percentual' && promotion.value >= 100;
}

/**
 * The one rule for the price a shopper is shown for one unit (or one weighed step, priced per kg) of an
 * offer: what the cart charges for it, paying normally, with the promotions live in its sales channel.
 * The API's commertialOffer.Price, its price sorts and filters, the cards, the search suggestions and the
 * cart line all read this figure, so a product costs the same wherever it is seen.
 */
export function shownUnitPrice(
  offer: Pick<QuotedLine, 'price' | 'listPrice' | 'unitMultiplier'>,
  promotions: readonly LinePromotion[],
): number {
  return quoteLine({ ...offer, quantity: 1 }, promotions).sellingPrice;
}

/**
 * How far the shown unit price is under the list price, as a part of the list price (0 when it is not
 * under): what a card's badge states (savingBadge) and the 'Mayor descuento' order sorts by.
 */
export function savingOff(listPrice: number, shownPrice: number): number {
  return listPrice > 0 && shownPrice < listPrice ? (listPrice - shownPrice) / listPrice : 0;
}

/** An offer whose shelf price, before promotions, is under its list price: the 'En oferta' facet and flag. */
export function isOnSale(offer: { price: number; listPrice: number }): boolean {
  return offer.price < offer.listPrice;
}

/**
 * The one rule for the saving a card's badge states: how far the shown unit price (shownUnitPrice) is
 * below the list price, in whole percent ('-33%' from $290 to $195), or null when it is not below.
 * Whatever promotions made the price, the badge and the struck list price tell the same story.
 */
export function savingBadge(listPrice: number, shownPrice: number): string | null {
  if (shownPrice <= 0 || savingOff(listPrice, shownPrice) === 0) return null;
  const percent = Math.round(((listPrice - shownPrice) * 100) / listPrice);
  return percent >= 1 ? `-${percent}%` : null;
}

/** The price and badges a product card shows, computed as the cart will compute them. */
export function quoteShelf(
  offer: Pick<QuotedLine, 'price' | 'listPrice' | 'unitMultiplier'>,
  promotions: readonly ShelfPromotion[],
  maxQuantity: number,
): ShelfQuote {
  const one = { ...offer, quantity: 1 };
  const badges = new Set<string>();
  for (const promotion of promotions) {
    // A pack's badge ('3x2') promises the affected units free; one that only discounts them does not match it.
    if (!promotion.badge || (promotion.type === 'for_the_price_of' && !isFreeUnitsPack(promotion))) continue;
    const quantity = Math.max(
      1,
      promotion.minQuantity,
      promotion.type === 'regular' ? 1 : promotion.quantity,
    );
    // One unit at the normal price: already in the shown price, which savingBadge states.
    if (quantity === 1 && !promotion.tcenco) continue;
    if (quantity > maxQuantity) continue;
    const priced = quoteLine({ ...offer, quantity }, promotions, promotion.tcenco ? 'tcenco' : 'regular');
    if (!priced.priceTags.some((tag) => tag.identifier === promotion.id)) continue;
    badges.add(promotion.tcenco ? `${promotion.badge} con Tarjeta` : promotion.badge);
  }
  const price = shownUnitPrice(offer, promotions);
  const saving = savingBadge(offer.listPrice, price);
  return {
    price,
    cardPrice: quoteLine(one, promotions, 'tcenco').sellingPrice,
    badges: saving ? [saving, ...badges] : [...badges],
  };
}
