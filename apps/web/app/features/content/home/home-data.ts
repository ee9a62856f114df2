import { isBannerActive } from '@despensa/domain';
import type {
  HomeBlock,
  HomeHeroCarouselBlock,
  HomePage,
  HomeProductShelfBlock,
  StorefrontServices,
} from '@despensa/contracts';
import { summarizeProduct } from '../../catalog';
import type { ProductSummary } from '../../catalog/types';

/** A home block ready to render: live banners only, shelves with their products' card summaries. */
export type HomeViewBlock =
  Exclude<HomeBlock, HomeProductShelfBlock> | (HomeProductShelfBlock & { products: ProductSummary[] });

// Card summaries, not whole products: the home's data is inlined in its HTML for hydration.
function shelfProducts(
  services: StorefrontServices,
  block: HomeProductShelfBlock,
  salesChannel: number,
): ProductSummary[] {
  const facets = [{ key: 'productClusterIds' as const, value: String(block.collectionId) }];
  return services.catalog
    .search('', { selectedFacets: facets }, { page: 1, pageSize: block.maxItems, salesChannel })
    .products.map(summarizeProduct);
}

/** Resolves the `page-home` document against the catalogue (the shopper's channel) and the clock (§4 banner rule). */
export function homeView(
  page: HomePage,
  services: StorefrontServices,
  now: Date,
  salesChannel: number,
): HomeViewBlock[] {
  return page.blocks.map((block): HomeViewBlock => {
    if (block.type === 'hero-carousel') {
      const hero: HomeHeroCarouselBlock = {
        ...block,
        banners: block.banners.filter((banner) => isBannerActive(banner, now)),
      };
      return hero;
    }
    if (block.type === 'product-shelf')
      return { ...block, products: shelfProducts(services, block, salesChannel) };
    return block;
  });
}
