import type { ProductKind } from './product-families';
import type { Rng } from '../random';
import type { SeedCollection } from './types';

/** What a collection rule may look at. */
export interface CollectionFacts {
  topName: string;
  subName: string;
  leafName: string;
  kind: ProductKind;
  onOffer: boolean;
  isNew: boolean;
  houseBrand: boolean;
  hasCertificates: boolean;
  hasSeals: boolean;
  multipack: boolean;
}

interface CollectionDef extends SeedCollection {
  /** Probability that a product with these facts belongs (0 = never, 1 = always). */
  share: (facts: CollectionFacts) => number;
}

const oneOf = (names: readonly string[]) => new Set(names);
const GRILL = oneOf([
  'Cortes Parrilleros',
  'Chuletas de Cerdo',
  'Costillar de Cerdo',
  'Longanizas',
  'Chorizos Parrilleros',
  'Trutros de Pollo',
  'Carbón',
  'Encendedores y Fósforos',
  'Cerveza Lager',
  'Vino Tinto',
  'Pan de Hamburguesa y Completos',
]);
const BREAKFAST_SUBS = oneOf(['Café y Té', 'Cereales', 'Untables', 'Pan del Día', 'Pan Envasado']);
const BREAKFAST_LEAVES = oneOf([
  'Leche Entera',
  'Leche Descremada',
  'Leche Sin Lactosa',
  'Mantequilla',
  'Queso Gauda',
  'Jamón de Pavo',
  'Huevos de Gallina',
  'Yoghurt Griego',
]);
const SCHOOL = oneOf([
  'Yoghurt Bebible',
  'Leche Saborizada',
  'Jugos en Polvo',
  'Néctares',
  'Galletas Dulces',
  'Barras de Cereal',
  'Pan de Molde',
  'Snacks Salados',
  'Colados y Papillas',
]);
const PATRIAS = oneOf([
  'Cortes Parrilleros',
  'Longanizas',
  'Chorizos Parrilleros',
  'Empanadas Congeladas',
  'Pisco',
  'Vino Tinto',
  'Vino en Caja',
  'Cerveza Lager',
  'Carbón',
  'Bebidas Cola',
  'Marraqueta y Hallulla',
]);

/** About ten merchandising collections; ids are small integers and stable. */
const COLLECTIONS: readonly CollectionDef[] = [
  { id: 1, name: 'Ofertas de la semana', share: (f) => (f.onOffer ? 1 : 0) },
  {
    id: 2,
    name: 'Cyber',
    share: (f) =>
      f.onOffer && (f.kind === 'nonfood' || f.kind === 'alcohol') ? 0.7 : f.kind === 'nonfood' ? 0.03 : 0,
  },
  { id: 3, name: 'Parrilla', share: (f) => (GRILL.has(f.leafName) ? 0.6 : 0) },
  {
    id: 4,
    name: 'Desayuno',
    share: (f) => (BREAKFAST_SUBS.has(f.subName) || BREAKFAST_LEAVES.has(f.leafName) ? 0.5 : 0),
  },
  { id: 5, name: 'Vuelta a clases', share: (f) => (SCHOOL.has(f.leafName) ? 0.5 : 0) },
  { id: 6, name: 'Fiestas Patrias', share: (f) => (PATRIAS.has(f.leafName) ? 0.5 : 0) },
  {
    id: 7,
    name: 'Saludable',
    share: (f) =>
      f.hasSeals || f.kind === 'alcohol' || f.kind === 'nonfood'
        ? 0
        : f.hasCertificates
          ? 0.8
          : f.topName === 'Frutas y Verduras'
            ? 0.5
            : 0,
  },
  { id: 8, name: 'Lo nuevo', share: (f) => (f.isNew ? 1 : 0) },
  { id: 9, name: 'Marca Despensa', share: (f) => (f.houseBrand ? 1 : 0) },
  { id: 10, name: 'Packs de ahorro', share: (f) => (f.multipack ? 0.8 : 0) },
];

export const SEED_COLLECTIONS: SeedCollection[] = COLLECTIONS.map(({ id, name }) => ({ id, name }));

export function collectionIdsFor(facts: CollectionFacts, rng: Rng): number[] {
  const ids: number[] = [];
  for (const collection of COLLECTIONS) {
    const share = collection.share(facts);
    if (share >= 1 || (share > 0 && rng.chance(share))) ids.push(collection.id);
  }
  return ids;
}
