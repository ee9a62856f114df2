import { CENTS_PER_PESO, CURRENCY, isInStock } from '@despensa/domain';
import type { Product } from '@despensa/contracts';
import { mainOffer } from '../product-summary';

/**
 * schema.org Product for search engines: prices in whole CLP pesos, images as absolute URLs. The price is
 * the one the page shows (`price`, promotions included): structured data must match the visible price.
 */
export function productJsonLd(
  product: Product,
  price: number,
  origin: string,
  /** The §9 productReviews flag: off, the page shows no rating and neither does its structured data. */
  reviews = true,
) {
  const { sku, seller } = mainOffer(product);
  const offer = seller?.commertialOffer;
  const images = product.items.flatMap((item) =>
    item.images.map((image) => new URL(image.imageUrl, origin).toString()),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.productName,
    description: product.description,
    image: images,
    sku: sku?.itemId,
    // gtin13 only for a 13-digit EAN; other codes would make the structured data invalid.
    ...(sku && /^\d{13}$/.test(sku.ean) ? { gtin13: sku.ean } : {}),
    brand: { '@type': 'Brand', name: product.brand },
    ...(offer
      ? {
          offers: {
            '@type': 'Offer',
            url: new URL(product.link, origin).toString(),
            price: price / CENTS_PER_PESO,
            priceCurrency: CURRENCY,
            availability: isInStock(offer) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            seller: { '@type': 'Organization', name: seller.sellerName },
          },
        }
      : {}),
    ...(reviews && product.rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: product.rating.average,
            reviewCount: product.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
