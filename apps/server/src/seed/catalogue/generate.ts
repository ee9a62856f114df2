import { buildBrands } from './brands';
import { buildCategories } from './categories';
import { SEED_COLLECTIONS } from './collections';
import { buildProducts } from './products';
import { buildPromotions } from './promotions';
import { Rng } from '../random';
import { POPULAR_SEARCHES } from './searches';
import { SELLERS } from './sellers';
import type { SeedCatalogue } from './types';
import { linkRecipeIngredients } from './recipes';

export interface GenerateCatalogueOptions {
  /** How many products to make (exactly this many). */
  products: number;
  seed?: number;
  /** The moment release dates, reviews and promotion windows are built around. */
  now?: Date;
}

export const DEFAULT_SEED = 20_261_101;
export const DEFAULT_NOW = '2026-11-01T12:00:00Z';

/**
 * The demo catalogue of the fictional chain Despensa: invented brands, Chilean-style names and prices,
 * nutrition with Decreto 13 seals, promotions of every kind. Deterministic: the same options always give
 * the same catalogue.
 */
export function generateCatalogue(options: GenerateCatalogueOptions): SeedCatalogue {
  const count = Math.max(0, Math.floor(options.products));
  const now = options.now ?? new Date(DEFAULT_NOW);
  const root = new Rng(options.seed ?? DEFAULT_SEED);
  const { categories, leaves } = buildCategories();
  const brandCatalogue = buildBrands();
  const products = buildProducts(count, leaves, brandCatalogue, now, {
    order: root.fork('order'),
    product: root.fork('product'),
    reviews: root.fork('reviews'),
    collections: root.fork('collections'),
    marketplace: root.fork('marketplace'),
    sponsored: root.fork('sponsored'),
  });
  linkRecipeIngredients(products);
  return {
    categories,
    brands: brandCatalogue.brands,
    sellers: SELLERS.map((seller) => ({ ...seller })),
    collections: SEED_COLLECTIONS.map((collection) => ({ ...collection })),
    products,
    promotions: buildPromotions({
      categories,
      brands: brandCatalogue.brands,
      products,
      now,
      rng: root.fork('promotions'),
    }),
    popularSearches: POPULAR_SEARCHES.map((search) => ({ ...search })),
  };
}
