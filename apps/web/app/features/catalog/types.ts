/** The types catalog shares with other features. */
export type { ProductSummary } from './product-summary';
