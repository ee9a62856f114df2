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
 * The demo exclusion zone: the north-east part of Pedro Aguirre Cerda (13121), a polygon inside the area
 * the Santiago Centro and San Miguel stores cover. Tested at each address's own point: the geocoder
 * sandbox puts Av. Club Hípico inside it and Av. Departamental, in the same comuna, outside it. The
 * comuna's point in cl-territorio (lat -33.46667, lng -70.63333), where the offline geocoder puts every
 * address of the comuna, lies inside too, so without a maps service the whole comuna stays excluded.
 */
export const EXCLUSION_COMUNA_CODE = '13121';
export const EXCLUSION_RING: LngLat[] = [
  [-70.645, -33.458],
  [-70.625, -33.458],
  [-70.622, -33.472],
  [-70.64, -33.476],
  [-70.645, -33.458],
];

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
  if (!comuna) throw new Error(`Comuna ${EXCLUSION_COMUNA_CODE} is not in cl-territorio`);
  zones.push({
    id: `exclusion-${comuna.code}`,
    kind: 'exclusion',
    salesChannel: null,
    name: `Sin cobertura ${comuna.name}`,
    rings: [EXCLUSION_RING],
  });
  return zones;
}
