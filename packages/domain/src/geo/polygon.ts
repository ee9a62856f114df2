import type { LngLat } from '../constants';

/**
 * Ray casting on a ring of [lng, lat] pairs, closed or not. Points exactly on an edge may fall either
 * way; delivery zones are far coarser than that.
 */
export function pointInPolygon([x, y]: LngLat, polygon: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A GeoJSON Polygon's rings: inside the outer ring and outside every hole. */
export function pointInGeoJsonPolygon(point: LngLat, rings: readonly (readonly LngLat[])[]): boolean {
  const [outer, ...holes] = rings;
  return (
    outer !== undefined && pointInPolygon(point, outer) && !holes.some((hole) => pointInPolygon(point, hole))
  );
}
