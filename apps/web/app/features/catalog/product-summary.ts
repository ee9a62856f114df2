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

export function summarizeProduct(product: Product): ProductSummary {
  const { sku, seller } = mainOffer(product);
  const offer = seller?.commertialOffer;
  const { price, cardPrice, badges } = quote(product, sku, offer);
  return {
    productId: product.productId,
    name: product.productName,
    brand: product.brand,
    link: `/${product.linkText}/p`,
    imageUrl: sku?.images[0]?.imageUrl ?? '',
    skuId: sku?.itemId ?? '',
    sellerId: seller?.sellerId ?? '1',
    price,
    listPrice: offer?.ListPrice ?? 0,
    shelfPrice: offer?.PriceWithoutDiscount ?? 0,
    cardPrice,
    pricePerUnit: pricePerUnitAt(sku && product.PPUM[sku.itemId], offer?.Price ?? 0, price),
    badges,
    flags: {
      ...product.flags,
      // A product the store does not sell has no price, which ProductPrice says; it is not out of stock.
      outOfStock: price > 0 && product.flags.outOfStock,
      // A saving badge ('-33%') already says it is on offer, with the struck price.
      offer: product.flags.offer && !savingBadge(offer?.ListPrice ?? 0, price),
    },
    rating: product.rating,
    inStock: offer ? isInStock(offer) && !product.flags.outOfStock : false,
    measurementUnit: sku?.measurementUnit ?? 'un',
    unitMultiplier: sku?.unitMultiplier ?? 1,
    maxQuantity: (sku && product.SkuData[sku.itemId]?.cart_limit) ?? 0,
    // Only a weight's estimate prices a quantity here (card stepper, quick-purchase drawer, buy box); a
    // unit's price is `price`. A listing ships 40 products: their promotions were half its page data.
    promotions: isWeighed(sku?.measurementUnit ?? 'un')
      ? ((sku && product.SkuData[sku.itemId]?.promotions) ?? [])
      : [],
  };
}
