import type { Product, ReplacementOptions } from '@despensa/contracts';
import type { CatalogService } from '../modules/catalog/service';

type ProductSku = Product['items'][number];

/** How many products a replacement search offers the picker. */
const OPTIONS_PAGE = 8;

/**
 * A sku's offer on the store's shelf from the line's seller: its price is what one unit costs in the cart
 * today (live promotions applied), in cents like every price on the wire. Null when that seller does not
 * sell it there.
 */
export function shelfOffer(
  product: Product,
  skuId: string,
  seller: string,
): { sku: ProductSku; price: number; available: boolean } | null {
  const sku = product.items.find((each) => each.itemId === skuId);
  const offer = sku?.sellers.find((each) => each.sellerId === seller)?.commertialOffer;
  return sku && offer ? { sku, price: offer.Price, available: offer.IsAvailable } : null;
}

/**
 * What the picker may propose for a line: the catalogue's search in the order's store, each sku the line's
 * seller has in stock, at the price the proposal will carry.
 */
export function replacementOptions(
  catalog: CatalogService,
  salesChannel: number,
  seller: string,
  query: string,
): ReplacementOptions {
  const found = catalog.search(
    '',
    { selectedFacets: [], query },
    { page: 1, pageSize: OPTIONS_PAGE, salesChannel },
  );
  const products = found.products.flatMap((product) =>
    product.items.flatMap((item) => {
      const offer = shelfOffer(product, item.itemId, seller);
      if (!offer?.available) return [];
      return [
        {
          id: item.itemId,
          name: item.nameComplete,
          imageUrl: item.images[0]?.imageUrl ?? '',
          price: offer.price,
          measurementUnit: item.measurementUnit,
          unitMultiplier: item.unitMultiplier,
        },
      ];
    }),
  );
  return { products };
}
