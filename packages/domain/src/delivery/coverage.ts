import type { LngLat } from '../constants';
import { haversineKm } from '../geo/distance';
import { pointInGeoJsonPolygon } from '../geo/polygon';

/** §3 coverageState of a point for home delivery and express. */
export type CoverageState = 'covered' | 'exclusionZone' | 'outOfCoverage';

/**
 * A coverage zone: where a sales channel (a store) delivers, or an exclusion zone cut out of coverage.
 * An exclusion zone with `salesChannel: null` cuts every channel's coverage.
 */
export interface CoverageZone {
  id: string;
  kind: 'delivery' | 'exclusion';
  salesChannel: number | null;
  /** GeoJSON Polygon rings of [lng, lat]: the outer ring, then holes. */
  rings: readonly (readonly LngLat[])[];
}

/** A zone with its bounding box, so most zones are ruled out by four comparisons. */
export interface CompiledZone extends CoverageZone {
  minLng: number;
  maxLng: number;
  minLat: number;
  maxLat: number;
}

export function compileZone(zone: CoverageZone): CompiledZone {
  let minLng = Infinity;
  let maxLng = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const [lng, lat] of zone.rings[0] ?? []) {
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  return { ...zone, minLng, maxLng, minLat, maxLat };
}

function contains(zone: CompiledZone, point: LngLat): boolean {
  const [lng, lat] = point;
  return (
    lng >= zone.minLng &&
    lng <= zone.maxLng &&
    lat >= zone.minLat &&
    lat <= zone.maxLat &&
    pointInGeoJsonPolygon(point, zone.rings)
  );
}

export interface Coverage {
  state: CoverageState;
  /** Channels whose delivery zones cover the point and that no exclusion zone cuts; empty unless covered. */
  salesChannels: number[];
}

/**
 * Coverage of a point: 'covered' when some channel's zone contains it and no exclusion zone cuts that
 * channel there; 'exclusionZone' when the point lies in an exclusion zone (whether or not a delivery
 * zone also contains it: the shopper is inside the served area but we do not deliver to that spot);
 * otherwise 'outOfCoverage'.
 */
export function coverageAt(point: LngLat, zones: readonly CompiledZone[]): Coverage {
  const covering = new Set<number>();
  const excluded = new Set<number>();
  let excludedEverywhere = false;
  let inExclusion = false;
  for (const zone of zones) {
    if (!contains(zone, point)) continue;
    if (zone.kind === 'exclusion') {
      inExclusion = true;
      if (zone.salesChannel === null) excludedEverywhere = true;
      else excluded.add(zone.salesChannel);
    } else if (zone.salesChannel !== null) {
      covering.add(zone.salesChannel);
    }
  }
  const salesChannels = excludedEverywhere ? [] : [...covering].filter((sc) => !excluded.has(sc));
  if (salesChannels.length > 0) return { state: 'covered', salesChannels };
  return { state: inExclusion ? 'exclusionZone' : 'outOfCoverage', salesChannels: [] };
}

/** The nearest of `stores` to a point (haversine, 6371 km), with its distance; null when none. */
export function nearestStore<T extends { coordinates: LngLat }>(
  point: LngLat,
  stores: readonly T[],
): { store: T; distanceKm: number } | null {
  let best: { store: T; distanceKm: number } | null = null;
  for (const store of stores) {
    const distanceKm = haversineKm(point, store.coordinates);
    if (!best || distanceKm < best.distanceKm) best = { store, distanceKm };
  }
  return best;
}

const METRES_PER_DEGREE_LAT = 111_320;

/**
 * A regular polygon of `sides` vertices approximating a circle of `radiusKm` around a point (a closed
 * ring of [lng, lat]), e.g. a store's delivery zone or an exclusion zone around a comuna's centre.
 */
export function circleRing(center: LngLat, radiusKm: number, sides = 24): LngLat[] {
  const [lng, lat] = center;
  const dLat = (radiusKm * 1000) / METRES_PER_DEGREE_LAT;
  const dLng = dLat / Math.cos((lat * Math.PI) / 180);
  const ring: LngLat[] = [];
  for (let i = 0; i < sides; i++) {
    const angle = (2 * Math.PI * i) / sides;
    ring.push([round6(lng + dLng * Math.sin(angle)), round6(lat + dLat * Math.cos(angle))]);
  }
  ring.push(ring[0]!);
  return ring;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
