import { NUTRIENTS, nutritionBasisLabel, nutritionBasisOf } from '@despensa/domain';
import { Failure, type CatalogSpecification, type Product } from '@despensa/contracts';

/** The §3 nutrition table a product keeps (null: its label carries none). */
export type Nutrition = NonNullable<Product['nutrition']>;

/** The table's fields as specifications, in the label's order: its basis, the serving, each nutrient. */
const FIELDS: [keyof Nutrition, string][] = [
  ['basis', 'Base nutricional'],
  ['servingSize', 'Porción'],
  ...NUTRIENTS.map(({ key, label, unit }): [keyof Nutrition, string] => [key, `${label} (${unit})`]),
];
const FIELD_BY_NAME = new Map(FIELDS.map(([key, name]) => [name.toLocaleLowerCase('es'), key]));

/** The table's field a specification names (any case), or undefined. */
export function nutritionFieldOf(name: string): keyof Nutrition | undefined {
  return FIELD_BY_NAME.get(name.toLocaleLowerCase('es'));
}

/**
 * The table after these fields: each one changes its value; an empty basis removes the table. The result
 * is whole or refused: a label prints every nutrient (nutritionIncomplete), a nutrient is a number of its
 * unit, decimals with a comma or a point, and the basis is 100 g or 100 ml (specificationValueInvalid).
 */
export function nextNutrition(
  current: Nutrition | null,
  fields: { key: keyof Nutrition; value: string[]; position: number }[],
): Nutrition | null {
  const draft: Partial<Record<keyof Nutrition, string | number>> = { ...current };
  for (const { key, value, position } of fields) {
    if (key === 'basis' && value.length === 0) return null;
    const read = readValue(key, value);
    if (read === undefined) throw new Failure('specificationValueInvalid', { field: `${position}.Value` });
    draft[key] = read;
  }
  const missing = FIELDS.find(([key]) => draft[key] === undefined);
  if (missing) throw new Failure('nutritionIncomplete', { field: missing[1] });
  return draft as Nutrition;
}

function readValue(key: keyof Nutrition, value: string[]): string | number | undefined {
  if (key === 'basis') return nutritionBasisOf(value.join('')) ?? undefined;
  if (key === 'servingSize') return value.length > 0 ? value.join(', ') : undefined;
  const amount = value.length === 1 ? Number(value[0]!.replace(',', '.')) : NaN;
  return Number.isFinite(amount) && amount >= 0 && amount <= 100_000 ? amount : undefined;
}

/** The table as specifications, in the label's order (none without a table). */
export function nutritionSpecifications(nutrition: Nutrition | null): CatalogSpecification[] {
  if (!nutrition) return [];
  return FIELDS.map(([key, name]) => ({
    Name: name,
    Value: [key === 'basis' ? nutritionBasisLabel(nutrition.basis) : String(nutrition[key])],
  }));
}
