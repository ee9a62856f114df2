import type { Product, StorefrontServices } from '@despensa/contracts';

type StorefrontCatalog = StorefrontServices['catalog'];

const sold = (product: Product) => product.items.some((item) => item.sellers.length > 0);

/**
 * A product as one seller sells it: every sku with that seller's offer alone, or none where it does not
 * sell the sku (its page and card then say it is not sold here). A copy: the index's product is shared.
 */
export function productOfSeller(product: Product, sellerId: string): Product {
  return {
    ...product,
    items: product.items.map((item) => ({
      ...item,
      sellers: item.sellers.filter((seller) => seller.sellerId === sellerId),
    })),
  };
}

/**
 * §1 white-label, multi-seller: the catalogue a brand that sells for `sellerId` shows. Its listings already
 * hold only that seller's products (a fixed seller facet); here every product it is given carries only that
 * seller's offers, so cards, the product page and the cart price and add that seller's offer, never a
 * cheaper one of the chain's, and search suggestions name only what it sells.
 */
export function sellerCatalog(catalog: StorefrontCatalog, sellerId: string): StorefrontCatalog {
  const own = (product: Product) => productOfSeller(product, sellerId);
  return {
    facets: (path, selectedFacets, salesChannel, query) =>
      catalog.facets(path, selectedFacets, salesChannel, query),
    categoryTree: () => catalog.categoryTree(),
    suggestions: (term, salesChannel) => catalog.suggestions(term, salesChannel, sellerId),
    reviews: (productId) => catalog.reviews(productId),
    productBySlug: (slug, salesChannel) => own(catalog.productBySlug(slug, salesChannel)),
    productById: (id, salesChannel) => own(catalog.productById(id, salesChannel)),
    search: (path, body, options) => {
      const result = catalog.search(path, body, options);
      return { ...result, products: result.products.map(own) };
    },
    productsOfSkus: (skuIds, salesChannel) => catalog.productsOfSkus(skuIds, salesChannel).map(own),
    // Shelves offer what the seller sells; a shopper's own skus (lists, favourites) stay, said unavailable.
    recommended: (options) => catalog.recommended(options).map(own).filter(sold),
    sponsored: (salesChannel, listing) => catalog.sponsored(salesChannel, listing).map(own).filter(sold),
  };
}
