import { isWeighed } from '../cart/limits';
import { quantityLabel } from '../cart/quantity';
import { roundToWholePesos } from '../money';

/**
 * The one rule for what a line's money means (§3). A line's `quantity` counts steps of `unitMultiplier`
 * on the wire (VTEX's shape): units, or for a weighed (kg) item steps of e.g. 0,5 kg. Its prices
 * (price, listPrice, sellingPrice) are per measurement unit: per unit, or per kilogram. So the line holds
 * quantity × unitMultiplier units or kilograms, and what it costs is that measure at its price, in whole
 * pesos. Every page, e-mail, console screen, receipt, refund and charge reads its amounts from here.
 */
export interface MeasuredLine {
  quantity: number;
  unitMultiplier: number;
}

/** How many units, or kilograms of a weighed item, a line holds. */
export function measureOf(line: MeasuredLine): number {
  return Math.max(0, Math.floor(line.quantity)) * nonNegative(line.unitMultiplier);
}

/** What a measure (units or kg) costs at a price per unit or per kg, in whole pesos (cents). */
export function amountAt(pricePerMeasure: number, measure: number): number {
  return roundToWholePesos(nonNegative(pricePerMeasure) * nonNegative(measure));
}

/** A priced line: its selling price per unit or kg and, when the cart priced it, its total (promotions applied). */
export interface AmountLine extends MeasuredLine {
  sellingPrice: number;
  /** VTEX priceDefinition.total: what the line cost; absent on lines priced before it was kept. */
  total?: number | null | undefined;
}

/** What a line costs: the total the cart priced it at, else its selling price for its measure. */
export function lineAmount(line: AmountLine): number {
  return line.total ?? amountAt(line.sellingPrice, measureOf(line));
}

/**
 * What a weighed line costs for the weight really put in the bag: the same price per kilo as the line
 * (its amount over its kilograms, so promotions count pro rata), in whole pesos.
 */
export function realWeightAmount(line: AmountLine, grams: number): number {
  const kilos = measureOf(line);
  const kilosInBag = nonNegative(grams) / 1000;
  if (kilos === 0) return amountAt(line.sellingPrice, kilosInBag);
  return roundToWholePesos((lineAmount(line) * kilosInBag) / kilos);
}

/**
 * What a line would cost before any saving: at its list price or its offer price, whichever is higher
 * (the struck 'Antes' price the shopper reads beside it). The cart's subtotal adds these, so the
 * subtotal less the savings is the total, and every struck price is counted in the savings.
 */
export function lineAmountBefore(line: MeasuredLine & { price: number; listPrice: number }): number {
  return amountAt(Math.max(line.price, line.listPrice), measureOf(line));
}

/** A cart's subtotal before savings: what its lines' struck prices add up to (pass the lines that count). */
export function subtotalBefore(
  lines: readonly (MeasuredLine & { price: number; listPrice: number })[],
): number {
  return lines.reduce((sum, line) => sum + lineAmountBefore(line), 0);
}

/** A line as a receipt names it: '2 × Leche Entera 1 L', or by weight '0,5 kg de Plátano Baby'. */
export function lineLabel(line: MeasuredLine & { measurementUnit: string; name: string }): string {
  return isWeighed(line.measurementUnit)
    ? `${quantityLabel(line)} de ${line.name}`
    : `${line.quantity} × ${line.name}`;
}

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}
