import type { FacetKey } from '@despensa/contracts';
import type { FoodCertificate, WarningSeal } from '@despensa/domain';

/** §3 food certificates by their catalogue keys, with the label a shopper reads. */
export const CERTIFICATE_LABELS: Record<FoodCertificate, string> & Record<string, string> = {
  aplv: 'Apto para APLV',
  'sin-frutos-secos': 'Sin frutos secos',
  'sin-huevo': 'Sin huevo',
  'sin-lactosa': 'Sin lactosa',
  'sin-mani': 'Sin maní',
  'sin-mariscos': 'Sin mariscos',
  'sin-nueces': 'Sin nueces',
  'sin-pescado': 'Sin pescado',
  'sin-soya': 'Sin soya',
  'sin-sulfitos': 'Sin sulfitos',
  vegano: 'Vegano',
  vegetariano: 'Vegetariano',
  organico: 'Orgánico',
  'sin-trigo': 'Sin trigo',
  'sin-azucar-anadida': 'Sin azúcar añadida',
  diabetico: 'Apto para diabéticos',
  'sin-gluten': 'Sin gluten',
  halal: 'Halal',
  kosher: 'Kosher',
};

/** 'Flag Nutricional' warning seals: what follows 'ALTO EN' on the black octagon. */
export const WARNING_SEAL_NUTRIENTS: Record<WarningSeal, string> & Record<string, string> = {
  'alto-en-azucares': 'AZÚCARES',
  'alto-en-sodio': 'SODIO',
  'alto-en-grasas-saturadas': 'GRASAS SATURADAS',
  'alto-en-calorias': 'CALORÍAS',
};

/** 'alto-en-sodio' → 'Alto en sodio'. */
export function warningSealLabel(seal: string): string {
  const nutrient = WARNING_SEAL_NUTRIENTS[seal];
  return nutrient ? `Alto en ${nutrient.toLowerCase()}` : seal;
}

/** The catalogue names certificate and seal values by their keys; shoppers read words. */
export function facetValueLabel(key: FacetKey, value: string, name: string): string {
  if (key === 'certificate') return CERTIFICATE_LABELS[value] ?? name;
  if (key === 'seal') return warningSealLabel(value);
  return name;
}
