import { EARTH_RADIUS_KM } from '../constants';
import type { LngLat } from '../constants';

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in km between two [lng, lat] points, Earth radius 6371 km (§9). */
export function haversineKm([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  const dLat = toRadians(lat2 - lat1);
  const dLng = toRadians(lng2 - lng1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
