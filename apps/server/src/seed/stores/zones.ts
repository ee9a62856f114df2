import { circleRing, type LngLat } from '@despensa/domain';
import { loadComunas } from './territory';
import type { SeedStore } from './types';

/** A coverage zone as seed data (the shipping module's coverage_zone). */
export interface SeedZone {
  id: string;
  kind: 'delivery' | 'exclusion';
  salesChannel: number | null;
  name: string;
  rings: LngLat[][];
}

/** Delivery radius around a store: Santiago's stores overlap across the city; regional ones reach their town. */
const SANTIAGO_RADIUS_KM = 7;
const REGIONAL_RADIUS_KM = 10;
const SANTIAGO_REGION_CODE = '13';

/**
 * The demo exclusion zone: a 1 km circle around Pedro Aguirre Cerda's point in cl-territorio
 * (13121, lat -33.46667, lng -70.63333), inside the area the Santiago Centro and San Miguel stores cover.
 * The offline geocoder puts every address of that comuna on exactly that point, so an address-book entry
 * in Pedro Aguirre Cerda (Región Metropolitana) gets coverageState 'exclusionZone' for home delivery.
 */
export const EXCLUSION_COMUNA_CODE = '13121';
const EXCLUSION_RADIUS_KM = 1;

/** What a zone needs of a store. */
export type ZoneStore = Pick<
  SeedStore,
  'id' | 'name' | 'salesChannel' | 'lat' | 'lng' | 'regionCode' | 'active'
>;

/** One delivery zone per active store (a 24-sided circle) and the exclusion zone; deterministic. */
export function generateCoverageZones(stores: readonly ZoneStore[]): SeedZone[] {
  const zones: SeedZone[] = stores
    .filter((store) => store.active)
    .map((store) => ({
      id: `zone-${store.id}`,
      kind: 'delivery',
      salesChannel: store.salesChannel,
      name: `Reparto ${store.name}`,
      rings: [
        circleRing(
          [store.lng, store.lat],
          store.regionCode === SANTIAGO_REGION_CODE ? SANTIAGO_RADIUS_KM : REGIONAL_RADIUS_KM,
        ),
      ],
    }));
  const comuna = loadComunas().find((c) => c.code === EXCLUSION_COMUNA_CODE);
  if (comuna?.lat == null || comuna.lng == null)
    throw new Error(`Comuna ${EXCLUSION_COMUNA_CODE} has no point`);
  zones.push({
    id: `exclusion-${comuna.code}`,
    kind: 'exclusion',
    salesChannel: null,
    name: `Sin cobertura ${comuna.name}`,
    rings: [circleRing([comuna.lng, comuna.lat], EXCLUSION_RADIUS_KM)],
  });
  return zones;
}
