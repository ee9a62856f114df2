import { SANTIAGO_DEFAULT_LOCATION, haversineKm, type LngLat } from '@despensa/domain';

/** §4/§9: with no address, distances are measured from the fixed default Santiago point. */
export const DEFAULT_ORIGIN: LngLat = SANTIAGO_DEFAULT_LOCATION.coordinates;

/** Items with their haversine distance from `origin`, nearest first. */
export function byDistance<T>(
  items: readonly T[],
  coordinatesOf: (item: T) => LngLat,
  origin: LngLat,
): { item: T; km: number }[] {
  return items
    .map((item) => ({ item, km: haversineKm(origin, coordinatesOf(item)) }))
    .sort((a, b) => a.km - b.km);
}
