import { isWeighed } from '@despensa/domain';

const kilos = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 3 });

/** A weighed line's quantity counts steps of unitMultiplier kg (§3): 1 step of 0.5 → '0,5 kg'. */
export function quantityText(line: { quantity: number; unitMultiplier: number; measurementUnit: string }) {
  if (!isWeighed(line.measurementUnit)) return String(line.quantity);
  return `${kilos.format(line.quantity * line.unitMultiplier)} kg`;
}

/** What one click of the stepper adds or takes away, in the shopper's words. */
export function stepText(line: { unitMultiplier: number; measurementUnit: string }) {
  return isWeighed(line.measurementUnit) ? `${kilos.format(line.unitMultiplier)} kg` : 'una unidad';
}
