import type { FacetKey, SelectedFacet } from '@despensa/contracts';
import type { CatalogIndex } from './catalog-index';

/** Leading path segments that name a category become category facets; the rest is a search term. */
export function facetsFromPath(index: CatalogIndex, path: string): { facets: SelectedFacet[]; text: string } {
  const segments = decodeSegments(path);
  const facets: SelectedFacet[] = [];
  let depth = 0;
  for (; depth < Math.min(3, segments.length); depth++) {
    if (!index.categoryByUrlPath(segments.slice(0, depth + 1))) break;
  }
  const category = depth > 0 ? index.categoryByUrlPath(segments.slice(0, depth)) : undefined;
  category?.path
    .split('/')
    .filter(Boolean)
    .forEach((slug, level) => facets.push({ key: `category-${level + 1}` as FacetKey, value: slug }));
  return { facets, text: segments.slice(depth).join(' ') };
}

/** The sales channel a 'trade-policy' facet selects, if any. */
export function tradePolicy(facets: SelectedFacet[]): number | undefined {
  const value = facets.find((facet) => facet.key === 'trade-policy')?.value;
  const channel = Number(value);
  return value && Number.isInteger(channel) && channel > 0 ? channel : undefined;
}

function decodeSegments(path: string): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}
