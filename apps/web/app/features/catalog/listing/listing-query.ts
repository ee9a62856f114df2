import { FILTER_FACET_KEYS, priceRange, type OrderBy, type SelectedFacet } from '@despensa/contracts';
import { isOrderBy } from './sort-options';

/** Facet groups a shopper filters by in the query string (?brand=x&brand=y&price=0:100000). */
export const FILTER_KEYS = FILTER_FACET_KEYS;
export type FilterKey = (typeof FILTER_KEYS)[number];

export function isFilterKey(key: string): key is FilterKey {
  return (FILTER_KEYS as readonly string[]).includes(key);
}

/** The listing state the URL carries, so a reload or the back button restores it. */
export interface ListingQuery {
  page: number;
  orderBy: OrderBy | undefined;
  filters: SelectedFacet[];
  /** The free-text search term (ft), trimmed; empty on category pages. */
  term: string;
}

const MAX_PAGE = 1000;

export function readListingQuery(params: URLSearchParams): ListingQuery {
  const page = Number(params.get('page') ?? '1');
  const order = params.get('O');
  const filters: SelectedFacet[] = [];
  for (const key of FILTER_KEYS) {
    for (const value of new Set(params.getAll(key)))
      if (value && (key !== 'price' || priceRange(value))) filters.push({ key, value: value.slice(0, 200) });
  }
  // Brand links of the search suggestions use VTEX's b=slug1,slug2.
  for (const value of (params.get('b') ?? '').split(',')) {
    if (value && !filters.some((facet) => facet.key === 'brand' && facet.value === value))
      filters.push({ key: 'brand', value });
  }
  return {
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    orderBy: isOrderBy(order) ? order : undefined,
    filters,
    term: (params.get('ft') ?? '').trim().slice(0, 200),
  };
}

/** Where a listing link goes: the current path with the given query (no lone '?'). */
function hrefWith(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The same listing on another page, keeping filters, order and term. */
export function pageHref(location: { pathname: string; search: string }, page: number): string {
  const params = new URLSearchParams(location.search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  return hrefWith(location.pathname, params);
}

/** The listing without any filter, keeping the term and the order. */
export function clearFiltersHref(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  for (const key of [...FILTER_KEYS, 'b', 'page']) params.delete(key);
  return hrefWith(location.pathname, params);
}
