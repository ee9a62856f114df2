import { formatCLP } from '../money';

/** Reference units of a price per unit of measure (PPUM). */
export type ReferenceUnit = 'kg' | 'l' | 'un' | 'm';

export interface PricePerUnit {
  /** Integer cents per one reference unit. */
  value: number;
  unit: ReferenceUnit;
  /** e.g. '$1.290 x kg'. */
  label: string;
}

/** Content unit aliases → reference unit and how many reference units one content unit is. */
const UNITS: Record<string, { unit: ReferenceUnit; factor: number }> = {
  g: { unit: 'kg', factor: 0.001 },
  gr: { unit: 'kg', factor: 0.001 },
  grs: { unit: 'kg', factor: 0.001 },
  kg: { unit: 'kg', factor: 1 },
  ml: { unit: 'l', factor: 0.001 },
  cc: { unit: 'l', factor: 0.001 },
  l: { unit: 'l', factor: 1 },
  lt: { unit: 'l', factor: 1 },
  lts: { unit: 'l', factor: 1 },
  un: { unit: 'un', factor: 1 },
  u: { unit: 'un', factor: 1 },
  und: { unit: 'un', factor: 1 },
  unidad: { unit: 'un', factor: 1 },
  unidades: { unit: 'un', factor: 1 },
  cm: { unit: 'm', factor: 0.01 },
  mt: { unit: 'm', factor: 1 },
  mts: { unit: 'm', factor: 1 },
  m: { unit: 'm', factor: 1 },
};

/**
 * Price per 1 kg (g, kg), 1 l (ml, cc, l), 1 m (cm, m) or unit. The unit is matched case-insensitively
 * with common aliases ('gr', 'lt', 'cc'); returns null for an unknown unit or a non-positive quantity,
 * so callers simply hide the PPUM.
 */
export function pricePerUnitOfMeasure(
  priceCents: number,
  contentQuantity: number,
  contentUnit: string,
): PricePerUnit | null {
  const spec = UNITS[contentUnit.trim().toLowerCase()];
  if (!spec || !(contentQuantity > 0) || !Number.isFinite(contentQuantity) || !Number.isFinite(priceCents)) {
    return null;
  }
  const value = Math.round(priceCents / (contentQuantity * spec.factor));
  return { value, unit: spec.unit, label: pricePerUnitLabel(value, spec.unit) };
}

/** '$1.290 x kg'. */
function pricePerUnitLabel(valueCents: number, unit: string): string {
  return `${formatCLP(valueCents)} x ${unit}`;
}

/**
 * A PPUM computed at one price, moved to another (a card's promoted price): the content is the same, so
 * the price per unit scales with the price. Unchanged when the prices are equal or `fromPrice` is not positive.
 */
export function rescalePricePerUnit<T extends { value: number; unit: string; label: string }>(
  ppum: T,
  fromPrice: number,
  toPrice: number,
): { value: number; unit: string; label: string } {
  if (toPrice === fromPrice || !(fromPrice > 0)) return ppum;
  const value = Math.round((ppum.value * toPrice) / fromPrice);
  return { value, unit: ppum.unit, label: pricePerUnitLabel(value, ppum.unit) };
}
