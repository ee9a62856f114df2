import { isWeighed } from '@despensa/domain';
import { formatNumber } from '../../lib/format';

/** A weighed line's quantity counts steps of unitMultiplier kg (§3): 1 step of 0.5 → '0,5 kg'. */
export function quantityText(line: { quantity: number; unitMultiplier: number; measurementUnit: string }) {
  if (!isWeighed(line.measurementUnit)) return String(line.quantity);
  return `${formatNumber(line.quantity * line.unitMultiplier, 3)} kg`;
}

/** What one click of the stepper adds or takes away, in the shopper's words. */
export function stepText(line: { unitMultiplier: number; measurementUnit: string }) {
  return isWeighed(line.measurementUnit) ? `${formatNumber(line.unitMultiplier, 3)} kg` : 'una unidad';
}
