import { CENTS_PER_PESO, CURRENCY } from '@despensa/domain';
import type { StorefrontServices } from '@despensa/contracts';
import { categoryTrailByIds } from '../category-trail';
import { categoryCrumbs } from '../listing/load-listing';
import { orNotFound, salesChannelOf } from '../loader-helpers';
import { catalogSeo, type PageMeta } from '../page-meta';
import { mainOffer, summarizeProduct } from '../product-summary';
import { productJsonLd } from './product-structured-data';

const RECOMMENDED_COUNT = 10;
const DESCRIPTION_LENGTH = 155;

/** Everything the product page shows, for one slug; unknown slugs are a 404. */
export async function loadProductPage(request: Request, services: StorefrontServices, slug: string) {
  const salesChannel = salesChannelOf(request);
  const product = await orNotFound(() => services.catalog.productBySlug(slug, salesChannel));
  const summary = summarizeProduct(product);
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
    sellerName: seller?.sellerName ?? services.brand.name,
    breadcrumbs: categoryCrumbs(trail),
    recommended,
    ratingUrl: `/${product.linkText}/p/rating`,
    meta,
    jsonLd: productJsonLd(product, origin),
  };
}

function shorten(text: string): string {
  return text.length <= DESCRIPTION_LENGTH ? text : `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}
