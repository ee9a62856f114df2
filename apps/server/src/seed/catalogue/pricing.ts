import type { BrandTier } from './brands';
import type { Rng } from '../random';

/** Where in a family's price range each tier lands (0 = bottom, 1 = top). */
const TIER_RANGE: Record<BrandTier, readonly [number, number]> = {
  economy: [0, 0.35],
  standard: [0.25, 0.75],
  premium: [0.65, 1],
};

/** A price in pesos inside [min, max], placed by the brand's tier. */
export function pesosInRange([min, max]: readonly [number, number], tier: BrandTier, rng: Rng): number {
  const [low, high] = TIER_RANGE[tier];
  return min + (max - min) * rng.float(low, high);
}

/**
 * Shelf prices as Chilean shops write them, in cents of whole pesos: $990, $1.290, $14.990, $32.490.
 * Under $10.000 they end in 90; above, in 490 or 990.
 */
export function shelfPriceCents(pesos: number): number {
  let rounded: number;
  if (pesos < 10_000) rounded = Math.max(90, Math.round(pesos / 100) * 100 - 10);
  else rounded = Math.round(pesos / 500) * 500 - 10;
  return rounded * 100;
}

/** About 15 % of products are on offer, mostly with modest discounts. */
export function offerPercent(rng: Rng): number {
  if (!rng.chance(0.15)) return 0;
  return rng.weighted([
    [10, 3],
    [15, 3],
    [20, 3],
    [25, 2],
    [30, 2],
    [35, 1],
    [40, 1],
  ]);
}
