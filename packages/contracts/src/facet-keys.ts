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

const PRICE_RANGE = /^(\d{0,12}):(\d{0,12})$/;

/**
 * A price facet's value, 'min:max' in cents, as [min, max) (how the bands count); either end may be left
 * open, not both. Null when it is not one, or when min is not below max: the API refuses it, a page drops
 * it.
 */
export function priceRange(value: string): [number, number] | null {
  const match = PRICE_RANGE.exec(value);
  if (!match || value === ':') return null;
  const min = match[1] ? Number(match[1]) : 0;
  const max = match[2] ? Number(match[2]) : Number.MAX_SAFE_INTEGER;
  return min < max ? [min, max] : null;
}
