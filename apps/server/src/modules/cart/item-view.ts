import { lineQuantityMax, type CartPricing, type LinePrice } from '@despensa/domain';
import type { OrderFormItem } from '@despensa/contracts';
import {
  productImageUrl,
  skuDisplayName,
  type CatalogIndex,
  type Offer,
  type ProductDoc,
  type SkuDoc,
} from '../catalog/service';
import type { OrderFormItemRow } from './repo';
import type { ResolvedLine } from './pricing';

type PricedLine = CartPricing['lines'][number];

/**
 * One orderForm item: the line with what the catalogue says of its sku and what pricing made of it. A
 * line whose sku left the catalogue still shows, by its id, with empty catalogue fields.
 */
export function itemView(
  index: CatalogIndex,
  orderFormId: string,
  { item, product, sku, offer, availability }: ResolvedLine,
  priced: PricedLine | undefined,
): OrderFormItem {
  const measurementUnit = sku?.measurementUnit ?? 'un';
  return {
    uniqueId: `${orderFormId.slice(0, 8)}-${item.skuId}`,
    id: String(item.skuId),
    ...identityOf(item, product, sku),
    seller: item.sellerId,
    sellerChain: [item.sellerId],
    quantity: item.quantity,
    unitMultiplier: sku?.unitMultiplier ?? 1,
    measurementUnit,
    ...pricesOf(item, offer, priced),
    tax: 0,
    rewardValue: 0,
    isGift: false,
    ...catalogueLinksOf(index, product, sku),
    availability,
    maxItems: lineQuantityMax(sku?.cartLimit, measurementUnit, offer?.availableQuantity),
    promotions: priced?.promotions.map((promotion) => promotion.id) ?? [],
  };
}

/** Which product and sku the line is, by the catalogue's ids and names. */
function identityOf(item: OrderFormItemRow, product: ProductDoc | undefined, sku: SkuDoc | undefined) {
  return {
    productId: String(product?.id ?? ''),
    productRefId: sku?.refId ?? '',
    refId: sku?.refId ?? '',
    ean: sku?.ean ?? '',
    name: product && sku ? skuDisplayName(product, sku) : `Producto ${item.skuId}`,
    skuName: sku?.name ?? '',
  };
}

/** The offer's prices and what pricing made of them, per way of paying (§6). */
function pricesOf(item: OrderFormItemRow, offer: Offer | undefined, priced: PricedLine | undefined) {
  const regular = priced?.prices.regular ?? unpriced(offer);
  const paymentPrice = (price: LinePrice) => ({
    sellingPrice: price.sellingPrice,
    total: price.total,
    priceTags: price.priceTags,
  });
  return {
    price: offer?.price ?? 0,
    listPrice: offer?.listPrice ?? 0,
    sellingPrice: regular.sellingPrice,
    priceTags: regular.priceTags,
    priceDefinition: {
      calculatedSellingPrice: regular.sellingPrice,
      total: regular.total,
      sellingPrices: [{ value: regular.sellingPrice, quantity: item.quantity }],
    },
    paymentPrices: {
      Tcenco: paymentPrice(priced?.prices.tcenco ?? regular),
      CencoPay: paymentPrice(priced?.prices.cencoPay ?? regular),
      BalanceCencoPay: paymentPrice(priced?.prices.balanceCencoPay ?? regular),
    },
    pricePerUnitOfMeasure: regular.pricePerUnitOfMeasure,
  };
}

/** The image, the product page, the brand, categories and collections of the line's product. */
function catalogueLinksOf(index: CatalogIndex, product: ProductDoc | undefined, sku: SkuDoc | undefined) {
  const chain = product?.categoryChain ?? [];
  return {
    imageUrl: sku ? productImageUrl(sku) : '',
    detailUrl: product ? `/${product.slug}/p` : '',
    additionalInfo: { brandName: product?.brand.name ?? '', brandId: String(product?.brandId ?? '') },
    productCategoryIds: chain.length ? `/${chain.map((category) => category.id).join('/')}/` : '',
    productCategories: Object.fromEntries(chain.map((category) => [String(category.id), category.name])),
    productClusters: Object.fromEntries(
      (product?.collectionIds ?? []).map((id) => [String(id), index.collections.get(id) ?? String(id)]),
    ),
  };
}

/** An unavailable line shows its offer price, if any, and counts for nothing. */
function unpriced(offer: Offer | undefined): LinePrice {
  const price = offer?.price ?? 0;
  return {
    base: 0,
    listTotal: 0,
    discount: 0,
    total: 0,
    sellingPrice: price,
    priceTags: [],
    pricePerUnitOfMeasure: null,
  };
}
