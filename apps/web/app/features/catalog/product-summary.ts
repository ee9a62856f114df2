import { isInStock } from '@despensa/domain';
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
  /** Integer CLP cents. */
  price: number;
  listPrice: number;
  /** e.g. '$1.290 x kg', or null when the sku has no price per unit of measure. */
  pricePerUnit: string | null;
  badges: string[];
  flags: Product['flags'];
  rating: Product['rating'];
  inStock: boolean;
}

type Sku = Product['items'][number];
type Seller = Sku['sellers'][number];

/** The sku and seller a card or a product page sells: the first in-stock offer, else the first offer. */
export function mainOffer(product: Product): { sku: Sku | undefined; seller: Seller | undefined } {
  for (const sku of product.items) {
    const seller = sku.sellers.find((each) => isInStock(each.commertialOffer));
    if (seller) return { sku, seller };
  }
  const sku = product.items[0];
  return { sku, seller: sku?.sellers[0] };
}

/** The distinct promotion badges ('3x2', '2da al 50%', '-20%') of a sku, as the catalogue wrote them. */
export function promotionBadges(product: Product, skuId: string | undefined): string[] {
  const promotions = skuId ? (product.SkuData[skuId]?.promotions ?? []) : [];
  return [...new Set(promotions.flatMap((promotion) => (promotion.badge ? [promotion.badge] : [])))];
}

export function summarizeProduct(product: Product): ProductSummary {
  const { sku, seller } = mainOffer(product);
  const offer = seller?.commertialOffer;
  return {
    productId: product.productId,
    name: product.productName,
    brand: product.brand,
    link: `/${product.linkText}/p`,
    imageUrl: sku?.images[0]?.imageUrl ?? '',
    skuId: sku?.itemId ?? '',
    sellerId: seller?.sellerId ?? '1',
    price: offer?.Price ?? 0,
    listPrice: offer?.ListPrice ?? 0,
    pricePerUnit: (sku && product.PPUM[sku.itemId]?.label) ?? null,
    badges: promotionBadges(product, sku?.itemId),
    flags: product.flags,
    rating: product.rating,
    inStock: offer ? isInStock(offer) && !product.flags.outOfStock : false,
  };
}
