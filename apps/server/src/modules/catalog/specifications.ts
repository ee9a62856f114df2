import { eq, sql } from 'drizzle-orm';
import { isFoodCertificate, isWarningSeal } from '@despensa/domain';
import {
  Failure,
  SPECIFICATION_NAMES,
  type CatalogSpecification,
  type CatalogSpecificationBody,
} from '@despensa/contracts';
import type { Db, Tx } from '../../db/client';
import { changeInPlace } from './integration-writes';
import { product } from './tables';
import {
  nextNutrition,
  nutritionFieldOf,
  nutritionSpecifications,
  type Nutrition,
} from './nutrition-specifications';

/**
 * What a product's page shows of its specifications: the §3 seals, certificates, ingredients, nutrition
 * table and technical sheet.
 */
interface SpecificationColumns {
  warningSeals: string[];
  certificates: string[];
  ingredients: string | null;
  nutrition: Nutrition | null;
  specifications: Record<string, string>;
}

const columns = {
  warningSeals: product.warningSeals,
  certificates: product.certificates,
  ingredients: product.ingredients,
  nutrition: sql<Nutrition | null>`${product.nutrition}`,
  specifications: product.specifications,
};

/** A product's specifications by name (productNotFound). */
export async function productSpecifications(tx: Db | Tx, productId: number): Promise<CatalogSpecification[]> {
  const [row] = await tx.select(columns).from(product).where(eq(product.id, productId));
  if (!row) throw new Failure('productNotFound');
  return specificationsOf(row);
}

/**
 * Changes the named fields of a product's specifications and keeps the rest; answers them before and after.
 * A seal or certificate that is not a §3 key is refused (specificationValueInvalid): the product page draws
 * and names them by key; the nutrition table changes whole or not at all (nutrition-specifications.ts). The write goes through migration 0001's trigger: every instance rebuilds.
 */
export async function setProductSpecifications(
  tx: Tx,
  productId: number,
  fields: CatalogSpecificationBody,
  now: Date,
): Promise<{ before: CatalogSpecification[]; after: CatalogSpecification[] }> {
  const [row] = await tx.select(columns).from(product).where(eq(product.id, productId)).for('update');
  if (!row) throw new Failure('productNotFound');
  await changeInPlace(tx, 'products', [productId]);
  const next: SpecificationColumns = { ...row, specifications: { ...row.specifications } };
  // The nutrition table's fields change together (nextNutrition); every other field on its own.
  const nutrition: Parameters<typeof nextNutrition>[1] = [];
  fields.forEach((field, position) => {
    const key = nutritionFieldOf(field.Name);
    if (key) nutrition.push({ key, value: field.Value, position });
    else applyField(next, field, position);
  });
  if (nutrition.length > 0) next.nutrition = nextNutrition(row.nutrition, nutrition);
  await tx
    .update(product)
    .set({ ...next, updatedAt: now })
    .where(eq(product.id, productId));
  return { before: specificationsOf(row), after: specificationsOf(next) };
}

function applyField(
  next: SpecificationColumns,
  { Name, Value }: CatalogSpecificationBody[number],
  position: number,
): void {
  const refuse = () => {
    throw new Failure('specificationValueInvalid', { field: `${position}.Value` });
  };
  switch (sameName(Name)) {
    case SPECIFICATION_NAMES.seals:
      if (!Value.every(isWarningSeal)) refuse();
      next.warningSeals = [...new Set(Value)];
      return;
    case SPECIFICATION_NAMES.certificates:
      if (!Value.every(isFoodCertificate)) refuse();
      next.certificates = [...new Set(Value)];
      return;
    case SPECIFICATION_NAMES.ingredients:
      next.ingredients = Value.length > 0 ? Value.join(', ') : null;
      return;
    default:
      if (Value.length > 0) next.specifications[Name] = Value.join(', ');
      else delete next.specifications[Name];
  }
}

/** The §3 fields' own names whatever their case ('certificaciones' is 'Certificaciones'). */
function sameName(name: string): string {
  const folded = name.toLocaleLowerCase('es');
  return Object.values(SPECIFICATION_NAMES).find((known) => known.toLocaleLowerCase('es') === folded) ?? name;
}

function specificationsOf(row: SpecificationColumns): CatalogSpecification[] {
  return [
    { Name: SPECIFICATION_NAMES.seals, Value: row.warningSeals },
    { Name: SPECIFICATION_NAMES.certificates, Value: row.certificates },
    { Name: SPECIFICATION_NAMES.ingredients, Value: row.ingredients ? [row.ingredients] : [] },
    ...nutritionSpecifications(row.nutrition),
    ...Object.entries(row.specifications).map(([Name, value]) => ({ Name, Value: [value] })),
  ];
}
