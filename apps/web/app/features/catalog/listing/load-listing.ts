import { CHAIN_SELLER_ID, LISTING_PAGE_SIZE } from '@despensa/domain';
import type { CategoryNode, FacetKey, OrderBy, SelectedFacet, StorefrontServices } from '@despensa/contracts';
import { facetValueLabel } from '../facet-labels';
import { summarizeProduct, type ProductSummary } from '../product-summary';
import type { ListingQuery } from './listing-query';

export interface FacetOption {
  value: string;
  label: string;
  quantity: number;
  selected: boolean;
}

export interface FacetGroupView {
  key: FacetKey;
  name: string;
  options: FacetOption[];
}

export interface CategoryLink {
  name: string;
  url: string;
  quantity: number;
}

export interface Crumb {
  name: string;
  url: string;
}

/** Everything a listing page renders; the same shape for categories, searches, offers and the cyber sale. */
export interface ListingData {
  heading: string;
  total: number;
  page: number;
  pageCount: number;
  products: ProductSummary[];
  /** §1 sponsored products among this listing's own, first page only (at most 5). */
  sponsored: ProductSummary[];
  filters: FacetGroupView[];
  /** Sub-categories to walk down into (category pages). */
  categoryLinks: CategoryLink[];
  breadcrumbs: Crumb[];
  orderBy: OrderBy | undefined;
  term: string;
  hasFilters: boolean;
}

export interface ListingRequest {
  /** Category slugs and free text, as the catalogue's search path reads them ('lacteos/leches'). */
  path: string;
  query: ListingQuery;
  salesChannel: number;
  heading: string;
  breadcrumbs: Crumb[];
  /** Facets the page itself fixes (an offer's collection); never shown as filters. */
  fixedFacets?: SelectedFacet[];
  /** The storefront's seller (§1 white-label): another seller's storefront lists that seller's products only. */
  seller: string;
  /** The category the page shows, whose children become category links and whose levels are not filters. */
  category?: { node: CategoryNode; depth: number };
}

/** Facet groups never offered as checkboxes: the page fixes them, or the URL path does. */
const HIDDEN_GROUPS = new Set<FacetKey>(['productClusterIds', 'ft', 'trade-policy']);

export function loadListing(catalog: StorefrontServices['catalog'], request: ListingRequest): ListingData {
  const { path, query, salesChannel, category } = request;
  const fixedFacets = [
    ...(request.fixedFacets ?? []),
    ...(request.seller === CHAIN_SELLER_ID ? [] : [{ key: 'seller' as const, value: request.seller }]),
  ];
  const selectedFacets = [...fixedFacets, ...query.filters];
  const term = query.term || undefined;
  const result = catalog.search(
    path,
    { selectedFacets, orderBy: query.orderBy, query: term },
    { page: query.page, pageSize: LISTING_PAGE_SIZE, salesChannel },
  );
  const facets = catalog.facets(path, selectedFacets, salesChannel, term);
  const hidden = (key: FacetKey) =>
    HIDDEN_GROUPS.has(key) ||
    fixedFacets.some((facet) => facet.key === key) ||
    (category !== undefined && key.startsWith('category-'));
  const filters = facets.facets
    .filter((group) => !hidden(group.key) && group.values.length > 0)
    .map((group) => ({
      key: group.key,
      name: group.name,
      options: group.values.map((value) => ({
        value: value.value,
        label: facetValueLabel(group.key, value.value, value.name),
        quantity: value.quantity,
        selected: value.selected,
      })),
    }));
  return {
    heading: request.heading,
    total: result.recordsFiltered,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(result.recordsFiltered / LISTING_PAGE_SIZE)),
    products: result.products.map(summarizeProduct),
    sponsored:
      query.page === 1 && result.recordsFiltered > 0
        ? catalog.sponsored(salesChannel, { path, selectedFacets, query: term }).map(summarizeProduct)
        : [],
    filters,
    categoryLinks: category ? childLinks(category.node, category.depth, facets.facets) : [],
    breadcrumbs: request.breadcrumbs,
    orderBy: query.orderBy,
    term: query.term,
    hasFilters: query.filters.length > 0,
  };
}

/** The children of the shown category with how many products each holds under the current filters. */
function childLinks(
  node: CategoryNode,
  depth: number,
  groups: { key: FacetKey; values: { value: string; quantity: number }[] }[],
): CategoryLink[] {
  const counts = groups.find((group) => group.key === `category-${depth + 1}`)?.values ?? [];
  return node.children.flatMap((child) => {
    const quantity = counts.find((count) => count.value === child.slug)?.quantity ?? 0;
    return quantity > 0 ? [{ name: child.name, url: child.url, quantity }] : [];
  });
}

export const HOME_CRUMB: Crumb = { name: 'Inicio', url: '/' };

export function categoryCrumbs(trail: CategoryNode[]): Crumb[] {
  return [HOME_CRUMB, ...trail.map((node) => ({ name: node.name, url: node.url }))];
}
