import { z } from 'zod';
// Kept apart from the schemas so browser code can import it without bundling zod.
import { FILTER_FACET_KEYS, priceRange, type FilterFacetKey } from './facet-keys';

/** Prices are integer CLP cents everywhere on the wire (129000 = $1.290). */
const cents = z.number().int();

export const commertialOffer = z.object({
  Price: cents,
  ListPrice: cents,
  PriceWithoutDiscount: cents,
  AvailableQuantity: z.number().int(),
  IsAvailable: z.boolean(),
  SaleChannel: z.number().int(),
});

export const productSeller = z.object({
  sellerId: z.string(),
  sellerName: z.string(),
  sellerDefault: z.boolean(),
  addToCartLink: z.string(),
  commertialOffer,
});

export const productImage = z.object({
  imageId: z.string(),
  imageLabel: z.string(),
  imageText: z.string(),
  imageUrl: z.string(),
});

export const productSku = z.object({
  itemId: z.string(),
  name: z.string(),
  nameComplete: z.string(),
  ean: z.string(),
  referenceId: z.array(z.object({ Key: z.string(), Value: z.string() })),
  measurementUnit: z.string(),
  unitMultiplier: z.number(),
  images: z.array(productImage),
  sellers: z.array(productSeller),
});

export const skuPromotion = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(['regular', 'for_the_price_of', 'progressive']),
  discountType: z.enum(['percentual', 'nominal']),
  value: z.number(),
  quantity: z.number().int(),
  quantityAffected: z.number().int(),
  minQuantity: z.number().int(),
  cumulative: z.boolean(),
  tcenco: z.boolean(),
  start: z.string(),
  end: z.string(),
  badge: z.string().nullable(),
});

export const skuData = z.object({
  promotions: z.array(skuPromotion),
  cart_limit: z.number().int(),
  unit_multiplier_un: z.number(),
  measurement_unit_un: z.string(),
  release_data: z.object({
    date_release: z.string(),
    date_release_end: z.string().nullable(),
    is_new: z.boolean(),
  }),
});

export const ppum = z.object({ value: cents, unit: z.string(), label: z.string() });

export const nutrition = z.object({
  basis: z.string(),
  servingSize: z.string(),
  energyKcal: z.number(),
  proteinG: z.number(),
  fatTotalG: z.number(),
  fatSaturatedG: z.number(),
  carbohydratesG: z.number(),
  sugarsG: z.number(),
  fiberG: z.number(),
  sodiumMg: z.number(),
});

export const productFlags = z.object({
  outOfStock: z.boolean(),
  onlineExclusive: z.boolean(),
  new: z.boolean(),
  sponsored: z.boolean(),
  offer: z.boolean(),
});

/** A product in the VTEX catalogue shape (../shared/reference §3) plus the §3 grocery fields. */
export const product = z
  .object({
    productId: z.string(),
    productName: z.string(),
    brand: z.string(),
    brandId: z.number().int(),
    linkText: z.string(),
    link: z.string(),
    description: z.string(),
    categoryId: z.string(),
    categories: z.array(z.string()),
    categoriesIds: z.array(z.string()),
    clusterHighlights: z.record(z.string(), z.string()),
    productClusters: z.record(z.string(), z.string()),
    releaseDate: z.string(),
    items: z.array(productSku),
    SkuData: z.record(z.string(), skuData),
    PPUM: z.record(z.string(), ppum),
    'Flag Nutricional': z.array(z.string()),
    'Ficha Técnica': z.record(z.string(), z.string()),
    nutrition: nutrition.nullable(),
    ingredients: z.string().nullable(),
    recipe: z.string().nullable(),
    /** The skus of the recipe's other ingredients: the recipe cart adds them with this product's. */
    recipeItems: z.array(z.string()),
    certificates: z.array(z.string()),
    flags: productFlags,
    rating: z.object({ average: z.number(), count: z.number().int() }),
  })
  .meta({ id: 'Product' });

export type Product = z.infer<typeof product>;

export const productList = z.array(product);

export const review = z.object({
  id: z.number().int(),
  author: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof review>;

export const reviewsResponse = z.object({
  productId: z.string(),
  average: z.number(),
  count: z.number().int(),
  histogram: z.record(z.string(), z.number().int()),
  reviews: z.array(review),
});
export type ReviewsResponse = z.infer<typeof reviewsResponse>;

/** VTEX sort names accepted by listings. */
export const orderBy = z.enum([
  'OrderByScoreDESC',
  'OrderByPriceASC',
  'OrderByPriceDESC',
  'OrderByTopSaleDESC',
  'OrderByReviewRateDESC',
  'OrderByNameASC',
  'OrderByNameDESC',
  'OrderByReleaseDateDESC',
  'OrderByBestDiscountDESC',
]);
export type OrderBy = z.infer<typeof orderBy>;

/**
 * Facet keys a listing filters by: category-1..3 (slugs), brand (slug), price ('min:max' in cents),
 * certificate, seal, offer ('true'), productClusterIds, seller, ft (free text).
 */
export const facetKey = z.enum([...FILTER_FACET_KEYS, 'productClusterIds', 'ft', 'trade-policy']);
export type FacetKey = z.infer<typeof facetKey>;

export { FILTER_FACET_KEYS, priceRange, type FilterFacetKey };

export const selectedFacet = z
  .object({ key: facetKey, value: z.string().min(1).max(200) })
  .refine((facet) => facet.key !== 'price' || priceRange(facet.value) !== null, {
    message: "un precio es 'mín:máx' en centavos, mín menor que máx",
    path: ['value'],
  });
export type SelectedFacet = z.infer<typeof selectedFacet>;

export const searchBody = z.object({
  selectedFacets: z.array(selectedFacet).max(50).default([]),
  orderBy: orderBy.optional(),
  visitorId: z.string().max(100).optional(),
  query: z.string().max(200).optional(),
});

export const searchResponse = z.object({
  recordsFiltered: z.number().int(),
  products: productList,
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The query as understood, when a typo was corrected. */
  correction: z.object({ misspelled: z.boolean() }),
  /** Set when the term is one of the §2 redirect terms; the storefront follows it. */
  redirect: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

export const facetValue = z.object({
  value: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  selected: z.boolean(),
});
export const facetGroup = z.object({
  key: facetKey,
  name: z.string(),
  type: z.enum(['TEXT', 'PRICERANGE']),
  values: z.array(facetValue),
});
export const facetsResponse = z.object({
  facets: z.array(facetGroup),
  recordsFiltered: z.number().int(),
});
export type FacetsResponse = z.infer<typeof facetsResponse>;

export const legacyFacetsResponse = z.object({
  Departments: z.array(
    z.object({ Id: z.number().int(), Name: z.string(), Quantity: z.number().int(), Link: z.string() }),
  ),
  Brands: z.array(
    z.object({ Id: z.number().int(), Name: z.string(), Quantity: z.number().int(), Link: z.string() }),
  ),
  CategoriesTrees: z.array(
    z.object({
      Id: z.number().int(),
      Name: z.string(),
      Quantity: z.number().int(),
      Link: z.string(),
      Level: z.number().int(),
    }),
  ),
  PriceRanges: z.array(z.object({ Slug: z.string(), Quantity: z.number().int(), Name: z.string() })),
  SalesChannel: z.array(z.object({ Id: z.number().int(), Quantity: z.number().int() })),
});

export const autocompleteResponse = z.object({
  itemsReturned: z.array(
    z.object({
      name: z.string(),
      href: z.string(),
      criteria: z.string().nullable(),
      thumb: z.string(),
      items: z.array(
        z.object({ productId: z.string(), itemId: z.string(), name: z.string(), imageUrl: z.string() }),
      ),
    }),
  ),
});

export const suggestionsResponse = z.object({
  products: z.array(
    z.object({
      productId: z.string(),
      productName: z.string(),
      link: z.string(),
      imageUrl: z.string(),
      price: cents,
      listPrice: cents,
    }),
  ),
  brands: z.array(z.object({ name: z.string(), slug: z.string(), link: z.string() })),
  categories: z.array(z.object({ name: z.string(), link: z.string(), path: z.string() })),
  searches: z.array(z.string()),
  redirect: z.string().nullable(),
});
export type SearchSuggestions = z.infer<typeof suggestionsResponse>;

export const popularSearchesResponse = z.object({
  message: z.literal(200),
  topSearches: z.array(z.object({ term: z.string(), count: z.number().int() })),
});

/** The most terms the search box offers as popular searches (the back office sets them, issue 30). */
export const POPULAR_SEARCHES_MAX = 20;
/** The back office's popular searches: the terms in the order the search box offers them. */
export const popularSearchesBody = z.object({
  terms: z
    .array(z.string().trim().min(1).max(40))
    .min(1)
    .max(POPULAR_SEARCHES_MAX)
    .refine((terms) => new Set(terms.map((term) => term.toLocaleLowerCase('es-CL'))).size === terms.length, {
      message: 'Cada búsqueda va una sola vez',
    }),
});
export type PopularSearchesBody = z.infer<typeof popularSearchesBody>;

export const rankingResponse = z.array(
  z.object({ skuId: z.string(), productId: z.string(), rank: z.number().int(), sales: z.number().int() }),
);

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  url: string;
  icon: string | null;
  fixedPosition: number | null;
  children: CategoryNode[];
}
export const categoryNode: z.ZodType<CategoryNode> = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      url: z.string(),
      icon: z.string().nullable(),
      fixedPosition: z.number().int().nullable(),
      children: z.array(categoryNode),
    }),
  )
  .meta({ id: 'CategoryNode' });

export const specificationField = z.object({
  fieldId: z.number().int(),
  name: z.string(),
  values: z.array(z.string()),
});
