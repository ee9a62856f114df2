import type { LngLat } from '../constants';

/** Why a zone's rings are not a polygon the coverage can use, or null when they are. */
export type PolygonProblem = 'tooFewVertices' | 'outOfRange' | 'selfIntersecting';

/** The ring's distinct vertices in order, without the closing repeat of the first. */
function openRing(ring: readonly LngLat[]): LngLat[] {
  const open = ring.filter(
    (point, i) => i === 0 || point[0] !== ring[i - 1]![0] || point[1] !== ring[i - 1]![1],
  );
  const first = open[0];
  const last = open.at(-1);
  if (open.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) open.pop();
  return open;
}

const cross = (o: LngLat, a: LngLat, b: LngLat) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Whether segments ab and cd cross or touch (collinear overlaps included). */
function segmentsMeet(a: LngLat, b: LngLat, c: LngLat, d: LngLat): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const within = (p: LngLat, q: LngLat, r: LngLat) =>
    Math.min(p[0], q[0]) <= r[0] &&
    r[0] <= Math.max(p[0], q[0]) &&
    Math.min(p[1], q[1]) <= r[1] &&
    r[1] <= Math.max(p[1], q[1]);
  return (
    (d1 === 0 && within(c, d, a)) ||
    (d2 === 0 && within(c, d, b)) ||
    (d3 === 0 && within(a, b, c)) ||
    (d4 === 0 && within(a, b, d))
  );
}

/** Whether two edges of the ring that are not neighbours meet (a bow tie, a ring folded on itself). */
function selfIntersects(ring: LngLat[]): boolean {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsMeet(ring[i]!, ring[(i + 1) % n]!, ring[j]!, ring[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/** Twice the ring's signed area: zero when every vertex lies on one line. */
const doubleArea = (ring: LngLat[]) =>
  ring.reduce((sum, [x, y], i) => {
    const [nx, ny] = ring[(i + 1) % ring.length]!;
    return sum + x * ny - nx * y;
  }, 0);

/**
 * A zone drawn in the back office: every ring needs at least 3 distinct vertices with real longitudes
 * and latitudes, an area, and no edges that cross each other.
 */
export function polygonProblem(rings: readonly (readonly LngLat[])[]): PolygonProblem | null {
  if (rings.length === 0) return 'tooFewVertices';
  for (const ring of rings) {
    const inRange = ring.every(
      ([lng, lat]) =>
        Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90,
    );
    if (!inRange) return 'outOfRange';
    const open = openRing(ring);
    if (open.length < 3) return 'tooFewVertices';
    // A bow tie's two halves may cancel each other's area: ask about crossings first.
    if (selfIntersects(open)) return 'selfIntersecting';
    if (doubleArea(open) === 0) return 'tooFewVertices';
  }
  return null;
}

/** The ring closed as GeoJSON wants it (its first vertex repeated at the end), duplicates dropped. */
export function closedRing(ring: readonly LngLat[]): LngLat[] {
  const open = openRing(ring);
  return open.length > 0 ? [...open, open[0]!] : [];
}
