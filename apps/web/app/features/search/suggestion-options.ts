import { AUTOCOMPLETE_MAX_ROWS, SUGGESTED_PRODUCTS_LIMIT } from '@despensa/domain';
import type { SearchSuggestions } from '@despensa/contracts';

type SuggestedProduct = SearchSuggestions['products'][number];

/** One row of the listbox: either a page to open or a term to search. */
export type SuggestionOption =
  | { kind: 'term'; label: string; term: string }
  | { kind: 'link'; label: string; href: string; product?: SuggestedProduct };

export interface SuggestionGroup {
  key: string;
  title: string;
  options: SuggestionOption[];
}

const MAX_TERMS = 4;
const MAX_BRANDS = 2;
const MAX_CATEGORIES = 2;

/** The autocomplete groups for a typed term: completions, products, brands and categories, at most 12 rows. */
export function suggestionGroups(suggestions: SearchSuggestions): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [
    {
      key: 'searches',
      title: 'Búsquedas',
      options: suggestions.searches.slice(0, MAX_TERMS).map((term) => ({ kind: 'term', label: term, term })),
    },
    {
      key: 'products',
      title: 'Productos',
      options: suggestions.products
        .slice(0, SUGGESTED_PRODUCTS_LIMIT)
        .map((product) => ({ kind: 'link', label: product.productName, href: product.link, product })),
    },
    {
      key: 'brands',
      title: 'Marcas',
      options: suggestions.brands
        .slice(0, MAX_BRANDS)
        .map((brand) => ({ kind: 'link', label: brand.name, href: brand.link })),
    },
    {
      key: 'categories',
      title: 'Categorías',
      options: suggestions.categories
        .slice(0, MAX_CATEGORIES)
        .map((category) => ({ kind: 'link', label: category.name, href: category.link })),
    },
  ];
  return capRows(groups.filter((group) => group.options.length > 0));
}

/** Popular searches shown on focus while the box is empty. */
export function popularGroups(terms: string[]): SuggestionGroup[] {
  const options: SuggestionOption[] = terms.map((term) => ({ kind: 'term', label: term, term }));
  return options.length > 0 ? capRows([{ key: 'popular', title: 'Búsquedas populares', options }]) : [];
}

/** §9 autocomplete maxRows: 12 options in all. */
function capRows(groups: SuggestionGroup[]): SuggestionGroup[] {
  let left = AUTOCOMPLETE_MAX_ROWS;
  return groups.flatMap((group) => {
    const options = group.options.slice(0, left);
    left -= options.length;
    return options.length > 0 ? [{ ...group, options }] : [];
  });
}
