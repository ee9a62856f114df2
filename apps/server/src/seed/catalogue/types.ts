import type { Category, FoodCertificate, Promotion, WarningSeal } from '@despensa/domain';

/** The demo catalogue as plain data, before it is written to the database. Money is integer CLP cents. */
export interface SeedCatalogue {
  categories: SeedCategory[];
  brands: SeedBrand[];
  sellers: SeedSeller[];
  collections: SeedCollection[];
  products: SeedProduct[];
  promotions: Promotion[];
  popularSearches: { term: string; count: number }[];
}

/** A category of the demo tree: the shop's one category shape. */
export type SeedCategory = Category;

export interface SeedBrand {
  id: number;
  name: string;
  slug: string;
}

export interface SeedSeller {
  id: string;
  name: string;
  /** Seller '1' is the chain itself. */
  isChain: boolean;
}

export interface SeedCollection {
  id: number;
  name: string;
}

/** The §3 food labels, by their catalogue keys (the domain's lists). */
export type { FoodCertificate, WarningSeal };

/** Per 100 g or 100 ml. */
export interface NutritionTable {
  basis: '100g' | '100ml';
  servingSize: string;
  energyKcal: number;
  proteinG: number;
  fatTotalG: number;
  fatSaturatedG: number;
  carbohydratesG: number;
  sugarsG: number;
  fiberG: number;
  sodiumMg: number;
}

export interface SeedReview {
  author: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  text: string;
  date: string;
}

export interface SeedSku {
  id: number;
  name: string;
  ean: string;
  refId: string;
  /** 'kg' for weighed items. */
  measurementUnit: 'un' | 'kg';
  /** Step of a quantity unit: 1 for units, e.g. 0.25 for a weighed item sold in 250 g steps. */
  unitMultiplier: number;
  /** Net content for the price per unit of measure: 1 l → 1 and 'l'; 500 g → 500 and 'g'. */
  contentQuantity: number;
  contentUnit: 'g' | 'kg' | 'ml' | 'l' | 'un' | 'm';
  /** Per-sku purchase limit (§5), before the global cap. */
  cartLimit: number;
  /** List price in sales channel 1, cents, a whole number of pesos. For kg items: the price of one kg. */
  basePrice: number;
  /** Percent off the list price in channel 1 when the product is on offer (0 otherwise). */
  offerPercent: number;
}

export interface SeedProduct {
  id: number;
  slug: string;
  name: string;
  brandId: number;
  /** A leaf (third-level) category. */
  categoryId: number;
  description: string;
  ingredients: string | null;
  nutrition: NutritionTable | null;
  warningSeals: WarningSeal[];
  certificates: FoodCertificate[];
  /** General characteristics shown on the product page (e.g. Formato, País de origen, Conservación). */
  specifications: Record<string, string>;
  recipe: string | null;
  /** The skus of the recipe's other ingredients (linkRecipeIngredients). */
  recipeSkuIds: number[];
  releaseDate: string;
  releaseEnd: string | null;
  isNew: boolean;
  onlineExclusive: boolean;
  sponsored: boolean;
  collectionIds: number[];
  /** Units sold recently; the ranking and OrderByTopSaleDESC use it. */
  sales: number;
  skus: SeedSku[];
  reviews: SeedReview[];
  /** Other sellers (not '1') offering this product, with their price as a factor of the chain's. */
  marketplaceOffers: { sellerId: string; priceFactor: number }[];
}
