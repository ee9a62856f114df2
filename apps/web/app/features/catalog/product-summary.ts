import {
  cardOffer,
  isWeighed,
  isInStock,
  quoteLine,
  quoteShelf,
  savingBadge,
  rescalePricePerUnit,
  type ShelfPromotion,
} from '@despensa/domain';
import type { Product } from '@despensa/contracts';

/**
 * What a product card needs, cut from the full catalogue Product on the server so listings do not ship
 * descriptions, nutrition and recipes of 40 products to the browser.
 */
export interface ProductSummary {
  productId: string;
  name: string;
  brand: string;
  link: string;
  imageUrl: string;
  skuId: string;
  sellerId: string;
  /** What the cart charges for one unit (or per kg), promotions applied: integer CLP cents. */
  price: number;
  listPrice: number;
  /** The offer's own price, before promotions (PriceWithoutDiscount: what the engine starts from). */
  shelfPrice: number;
  /** The price paying with the group card, when lower than `price`; else null. */
  cardPrice: number | null;
  /** e.g. '$1.290 x kg', or null when the sku has no price per unit of measure. */
  pricePerUnit: string | null;
  badges: string[];
  flags: Product['flags'];
  rating: Product['rating'];
  inStock: boolean;
  /** 'kg' for weighed items, whose quantity counts steps of unitMultiplier kg (quick-purchase drawer). */
  measurementUnit: string;
  unitMultiplier: number;
  /** The sku's purchase limit (§5). */
  maxQuantity: number;
  /** A weighed sku's promotions, so its weight's estimate prices any quantity as the cart will; else []. */
  promotions: ShelfPromotion[];
}

/** What a quantity of the product will cost in the cart, its promotions applied (a weight's estimate). */
export function quantityTotal(product: ProductSummary, quantity: number): number {
  const line = {
    quantity,
    unitMultiplier: product.unitMultiplier,
    price: product.shelfPrice,
    listPrice: product.listPrice,
  };
  return quoteLine(line, product.promotions).total;
}

type Sku = Product['items'][number];
type Seller = Sku['sellers'][number];

/** The sku and seller a card or a product page sells: the domain's cardOffer, as the catalogue picks it. */
export function mainOffer(product: Product): { sku: Sku | undefined; seller: Seller | undefined } {
  const chosen = cardOffer(
    product.items,
    (sku) => sku.sellers,
    (seller) => isInStock(seller.commertialOffer),
  );
  return chosen ? { sku: chosen.sku, seller: chosen.offer } : { sku: product.items[0], seller: undefined };
}

/**
 * The card's price and badges from the domain's pricing engine, as the cart will charge them: the shelf
 * price (PriceWithoutDiscount) minus the promotions that apply to one unit, which is the offer's Price,
 * and badges only for promotions the cart applies.
 */
function quote(product: Product, sku: Sku | undefined, offer: Seller['commertialOffer'] | undefined) {
  const data = sku ? product.SkuData[sku.itemId] : undefined;
  if (!sku || !offer || !data) return { price: offer?.Price ?? 0, cardPrice: null, badges: [] };
  const quoted = quoteShelf(
    { price: offer.PriceWithoutDiscount, listPrice: offer.ListPrice, unitMultiplier: sku.unitMultiplier },
    data.promotions,
    data.cart_limit,
  );
  return {
    price: quoted.price,
    cardPrice: quoted.cardPrice < quoted.price ? quoted.cardPrice : null,
    badges: quoted.badges,
  };
}

/** The catalogue's price per unit of measure (of the offer's Price), at the price the card shows. */
function pricePerUnitAt(ppum: Product['PPUM'][string] | undefined, shelf: number, price: number) {
  return ppum ? rescalePricePerUnit(ppum, shelf, price).label : null;
}

/** What the card shows of its sku: the picture, how it is sold, its limit (§5) and a weight's promotions. */
function skuFields(product: Product, sku: Sku | undefined) {
  const data = sku ? product.SkuData[sku.itemId] : undefined;
  const measurementUnit = sku?.measurementUnit ?? 'un';
  return {
    imageUrl: sku?.images[0]?.imageUrl ?? '',
    skuId: sku?.itemId ?? '',
    measurementUnit,
    unitMultiplier: sku?.unitMultiplier ?? 1,
    maxQuantity: data?.cart_limit ?? 0,
    // Only a weight's estimate prices a quantity here (card stepper, quick-purchase drawer, buy box); a
    // unit's price is `price`. A listing ships 40 products: their promotions were half its page data.
    promotions: isWeighed(measurementUnit) ? (data?.promotions ?? []) : [],
  };
}

/** The catalogue's flags as the card reads them beside the price it shows. */
function cardFlags(flags: Product['flags'], price: number, listPrice: number): Product['flags'] {
  return {
    ...flags,
    // A product the store does not sell has no price, which ProductPrice says; it is not out of stock.
    outOfStock: price > 0 && flags.outOfStock,
    // A saving badge ('-33%') already says it is on offer, with the struck price.
    offer: flags.offer && !savingBadge(listPrice, price),
  };
}

export function summarizeProduct(product: Product): ProductSummary {
  const { sku, seller } = mainOffer(product);
  const offer = seller?.commertialOffer;
  const { price, cardPrice, badges } = quote(product, sku, offer);
  const listPrice = offer?.ListPrice ?? 0;
  const { imageUrl, skuId, measurementUnit, unitMultiplier, maxQuantity, promotions } = skuFields(
    product,
    sku,
  );
  return {
    productId: product.productId,
    name: product.productName,
    brand: product.brand,
    link: `/${product.linkText}/p`,
    imageUrl,
    skuId,
    sellerId: seller?.sellerId ?? '1',
    price,
    listPrice,
    shelfPrice: offer?.PriceWithoutDiscount ?? 0,
    cardPrice,
    pricePerUnit: pricePerUnitAt(sku && product.PPUM[sku.itemId], offer?.Price ?? 0, price),
    badges,
    flags: cardFlags(product.flags, price, listPrice),
    rating: product.rating,
    inStock: offer ? isInStock(offer) && !product.flags.outOfStock : false,
    measurementUnit,
    unitMultiplier,
    maxQuantity,
    promotions,
  };
}
