import { CENTS_PER_PESO, CURRENCY } from '@despensa/domain';
import type { Product, StorefrontServices } from '@despensa/contracts';
import { categoryTrailByIds } from '../category-trail';
import { categoryCrumbs } from '../listing/load-listing';
import { orNotFound, salesChannelOf } from '../loader-helpers';
import { catalogSeo, type PageMeta } from '../page-meta';
import { mainOffer, summarizeProduct, type ProductSummary } from '../product-summary';
import { productJsonLd } from './product-structured-data';

const RECOMMENDED_COUNT = 10;
const DESCRIPTION_LENGTH = 155;

/** Everything the product page shows, for one slug; unknown slugs are a 404. */
export async function loadProductPage(request: Request, services: StorefrontServices, slug: string) {
  const salesChannel = salesChannelOf(request);
  const [product, flags] = await Promise.all([
    orNotFound(() => services.catalog.productBySlug(slug, salesChannel)),
    services.flags.all(),
  ]);
  const formats = productFormats(product);
  // ?skuId= opens the page on one format (a shared link, a cart line); else the main offer's.
  const requestedSku = new URL(request.url).searchParams.get('skuId');
  const summary =
    formats.find((format) => format.skuId === requestedSku)?.summary ?? summarizeProduct(product);
  const { seller } = mainOffer(product);
  const origin = new URL(request.url).origin;
  const trail = categoryTrailByIds(services.catalog.categoryTree(), product.categoriesIds[0]);
  const recommended = services.catalog
    .recommended({ salesChannel, numResults: RECOMMENDED_COUNT, itemId: summary.skuId })
    .map(summarizeProduct);
  const description = shorten(product.description || `${product.productName} de ${product.brand}`);
  const meta: PageMeta = {
    seo: catalogSeo(request, services.brand.name, {
      title: `${product.productName} | ${services.brand.name}`,
      description,
      image: summary.imageUrl || undefined,
    }),
    openGraph: {
      type: 'product',
      properties: {
        'product:price:amount': String(summary.price / CENTS_PER_PESO),
        'product:price:currency': CURRENCY,
      },
    },
  };
  return {
    product,
    summary,
    formats,
    sellerName: seller?.sellerName ?? services.brand.name,
    breadcrumbs: categoryCrumbs(trail),
    recommended,
    ratingUrl: `/${product.linkText}/p/rating`,
    meta,
    jsonLd: productJsonLd(product, summary.price, origin, flags.productReviews),
  };
}

export interface ProductFormat {
  skuId: string;
  /** The sku's own name ('Leche Entera 6 x 1 L'). */
  label: string;
  summary: ProductSummary;
}

/** The formats (skus) a shopper picks between; empty for a product with one sku. */
function productFormats(product: Product): ProductFormat[] {
  if (product.items.length < 2) return [];
  return product.items.map((item) => ({
    skuId: item.itemId,
    label: item.name,
    // A card of the product holding only this sku: the same price, stock and badge rules as listings.
    summary: summarizeProduct({ ...product, items: [item] }),
  }));
}

function shorten(text: string): string {
  return text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}
