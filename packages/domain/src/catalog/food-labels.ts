/**
 * The §3 food labels a product carries, by their catalogue keys: the seed writes them, the catalogue API
 * takes them from an ERP (and refuses others), the storefront shows them in words.
 */

/** The black 'ALTO EN …' octagons of the Chilean food labelling law. */
export const WARNING_SEALS = [
  'alto-en-azucares',
  'alto-en-sodio',
  'alto-en-grasas-saturadas',
  'alto-en-calorias',
] as const;
export type WarningSeal = (typeof WARNING_SEALS)[number];

/** Every §3 certificate, in the order product pages list them. */
export const FOOD_CERTIFICATES = [
  'aplv',
  'sin-frutos-secos',
  'sin-huevo',
  'sin-lactosa',
  'sin-mani',
  'sin-mariscos',
  'sin-nueces',
  'sin-pescado',
  'sin-soya',
  'sin-sulfitos',
  'vegano',
  'vegetariano',
  'organico',
  'sin-trigo',
  'sin-azucar-anadida',
  'diabetico',
  'sin-gluten',
  'halal',
  'kosher',
] as const;
export type FoodCertificate = (typeof FOOD_CERTIFICATES)[number];

export function isWarningSeal(value: string): value is WarningSeal {
  return (WARNING_SEALS as readonly string[]).includes(value);
}

export function isFoodCertificate(value: string): value is FoodCertificate {
  return (FOOD_CERTIFICATES as readonly string[]).includes(value);
}

/** A Chilean nutrition label's facts, in its order: the catalogue's key, the name printed, the unit. */
export const NUTRIENTS = [
  { key: 'energyKcal', label: 'Energía', unit: 'kcal' },
  { key: 'proteinG', label: 'Proteínas', unit: 'g' },
  { key: 'fatTotalG', label: 'Grasas totales', unit: 'g' },
  { key: 'fatSaturatedG', label: 'Grasas saturadas', unit: 'g' },
  { key: 'carbohydratesG', label: 'Hidratos de carbono disponibles', unit: 'g' },
  { key: 'sugarsG', label: 'Azúcares totales', unit: 'g' },
  { key: 'fiberG', label: 'Fibra dietética', unit: 'g' },
  { key: 'sodiumMg', label: 'Sodio', unit: 'mg' },
] as const;
export type NutrientKey = (typeof NUTRIENTS)[number]['key'];

/** What a nutrition label's values are per: the catalogue's key and the words printed. */
export type NutritionBasis = '100g' | '100ml';

/** '100ml' → '100 ml'; the label prints its basis with a space. */
export function nutritionBasisLabel(basis: string): string {
  return basis === '100ml' ? '100 ml' : '100 g';
}

/** The basis a label's words name ('100 g', '100ml', '100 ML'…), or null for anything else. */
export function nutritionBasisOf(text: string): NutritionBasis | null {
  const unit = /^100\s?(g|ml)$/i.exec(text.trim())?.[1]?.toLowerCase();
  return unit ? (`100${unit}` as NutritionBasis) : null;
}
