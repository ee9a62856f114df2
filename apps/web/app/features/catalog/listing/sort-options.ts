import type { OrderBy } from '@despensa/contracts';

/** The VTEX sort names with the labels shoppers read, in the order the select offers them. */
export const SORT_OPTIONS: { value: OrderBy; label: string }[] = [
  { value: 'OrderByScoreDESC', label: 'Relevancia' },
  { value: 'OrderByTopSaleDESC', label: 'Más vendidos' },
  { value: 'OrderByPriceASC', label: 'Menor precio' },
  { value: 'OrderByPriceDESC', label: 'Mayor precio' },
  { value: 'OrderByBestDiscountDESC', label: 'Mayor descuento' },
  { value: 'OrderByReviewRateDESC', label: 'Mejor evaluados' },
  { value: 'OrderByReleaseDateDESC', label: 'Más recientes' },
  { value: 'OrderByNameASC', label: 'Nombre (A-Z)' },
  { value: 'OrderByNameDESC', label: 'Nombre (Z-A)' },
];

export function isOrderBy(value: string | null): value is OrderBy {
  return SORT_OPTIONS.some((option) => option.value === value);
}
