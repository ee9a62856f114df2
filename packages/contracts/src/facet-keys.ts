/** The facet groups a listing counts and a shopper filters by (ft and trade-policy are not shown as groups). */
export const FILTER_FACET_KEYS = [
  'category-1',
  'category-2',
  'category-3',
  'brand',
  'price',
  'offer',
  'certificate',
  'seal',
  'seller',
] as const;
export type FilterFacetKey = (typeof FILTER_FACET_KEYS)[number];
