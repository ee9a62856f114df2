import { formatDecimal } from '../number-format';
import { isWeighed } from './limits';

type Measured = { unitMultiplier: number; measurementUnit: string };

/** The weight a weighed line's quantity stands for: it counts steps of unitMultiplier kg (§3). */
export function weightInKg(line: Measured & { quantity: number }): number {
  return line.quantity * line.unitMultiplier;
}

/** A quantity as the shopper chooses it: units, or the weight of a weighed item (1 step of 0.5 → '0,5 kg'). */
export function quantityLabel(line: Measured & { quantity: number }): string {
  if (!isWeighed(line.measurementUnit)) return String(line.quantity);
  return `${formatDecimal(weightInKg(line))} kg`;
}

/** What one click of a stepper adds or takes away, in the shopper's words. */
export function quantityStepLabel(line: Measured): string {
  return isWeighed(line.measurementUnit) ? `${formatDecimal(line.unitMultiplier)} kg` : 'una unidad';
}
