import { CENTS_PER_PESO } from './constants';
import { formatPesos } from './number-format';

/** Half away from zero, like Intl's default rounding, and never -0. */
function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

/** Rounds an amount in cents to whole pesos (CLP has no fraction), still in cents: 129050 → 129100. */
export function roundToWholePesos(cents: number): number {
  return roundHalfAwayFromZero(cents / CENTS_PER_PESO) * CENTS_PER_PESO;
}

/** Pesos (possibly fractional) to integer cents: 1290 → 129000. */
export function centsFromPesos(pesos: number): number {
  return roundHalfAwayFromZero(pesos * CENTS_PER_PESO);
}

/**
 * Cents to an es-CL CLP string: 129000 → '$1.290'. Negatives read '-$500' (ICU's es-CL gives '$-500',
 * which is not how Chilean shops print discounts).
 */
export function formatCLP(cents: number): string {
  return formatPesos(roundToWholePesos(cents) / CENTS_PER_PESO);
}
