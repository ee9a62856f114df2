import type { Rng } from '../random';
import type { NutritionTable, WarningSeal } from './types';

/** Nutrients per 100 g or 100 ml, without basis and serving (those come from the pack). */
export type Nutrients = Omit<NutritionTable, 'basis' | 'servingSize'>;

/** Compact constructor for the family tables: kcal, protein, fat, saturated fat, carbs, sugars, fibre, sodium (mg). */
export function nut(
  energyKcal: number,
  proteinG: number,
  fatTotalG: number,
  fatSaturatedG: number,
  carbohydratesG: number,
  sugarsG: number,
  fiberG: number,
  sodiumMg: number,
): Nutrients {
  return { energyKcal, proteinG, fatTotalG, fatSaturatedG, carbohydratesG, sugarsG, fiberG, sodiumMg };
}

/** Decreto 13/2015 (MINSAL), final phase from June 2019: a value above its limit earns the seal. */
const LIMITS: Record<
  NutritionTable['basis'],
  { kcal: number; sodiumMg: number; sugarsG: number; saturatedG: number }
> = {
  '100g': { kcal: 275, sodiumMg: 400, sugarsG: 10, saturatedG: 4 },
  '100ml': { kcal: 70, sodiumMg: 100, sugarsG: 5, saturatedG: 3 },
};

/** The "ALTO EN" seals of a processed food, in the order they are printed. */
export function warningSeals(table: NutritionTable): WarningSeal[] {
  const limit = LIMITS[table.basis];
  const seals: WarningSeal[] = [];
  if (table.sugarsG > limit.sugarsG) seals.push('alto-en-azucares');
  if (table.fatSaturatedG > limit.saturatedG) seals.push('alto-en-grasas-saturadas');
  if (table.sodiumMg > limit.sodiumMg) seals.push('alto-en-sodio');
  if (table.energyKcal > limit.kcal) seals.push('alto-en-calorias');
  return seals;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * A product's own table: the family's values with a few percent of brand-to-brand variation, kept
 * consistent (saturated ≤ total fat, sugars ≤ carbohydrates).
 */
export function nutritionTable(
  base: Nutrients,
  basis: NutritionTable['basis'],
  servingSize: string,
  rng: Rng,
): NutritionTable {
  const vary = (value: number) => value * rng.float(0.92, 1.08);
  const fatTotalG = oneDecimal(vary(base.fatTotalG));
  const carbohydratesG = oneDecimal(vary(base.carbohydratesG));
  return {
    basis,
    servingSize,
    energyKcal: Math.round(vary(base.energyKcal)),
    proteinG: oneDecimal(vary(base.proteinG)),
    fatTotalG,
    fatSaturatedG: Math.min(fatTotalG, oneDecimal(vary(base.fatSaturatedG))),
    carbohydratesG,
    sugarsG: Math.min(carbohydratesG, oneDecimal(vary(base.sugarsG))),
    fiberG: oneDecimal(vary(base.fiberG)),
    sodiumMg: Math.round(vary(base.sodiumMg)),
  };
}
