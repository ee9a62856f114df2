import type { StoreListItem } from '@despensa/contracts';
import { storeCardId } from '../content';

/** User units; the SVG is drawn at least this wide (CSS), so a unit is at least one CSS pixel. */
export const WIDTH = 360;
export const HEIGHT = 320;
const PADDING = 28;
/** Markers are 24 px targets (WCAG 2.5.8): centres at least this far apart. */
const MIN_GAP = 26;

/**
 * Equirectangular projection fitted to the points: longitude scaled by cos(latitude) so distances look
 * right at Chilean latitudes. No external tile service: the map is the stores themselves.
 */
function projector(points: readonly (readonly [number, number])[]) {
  return mapFrame(points).project;
}

/** The fitted projection and its inverse (a click on the map back to [lng, lat]). */
export function mapFrame(points: readonly (readonly [number, number])[]) {
  const lngs = points.map(([lng]) => lng);
  const lats = points.map(([, lat]) => lat);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const kx = Math.cos((midLat * Math.PI) / 180);
  const minX = Math.min(...lngs) * kx;
  const maxX = Math.max(...lngs) * kx;
  const minY = -Math.max(...lats);
  const maxY = -Math.min(...lats);
  const span = Math.max(maxX - minX, maxY - minY, 0.01);
  const scale = Math.min((WIDTH - 2 * PADDING) / span, (HEIGHT - 2 * PADDING) / span);
  const offsetX = (WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (HEIGHT - (maxY - minY) * scale) / 2;
  return {
    project: ([lng, lat]: readonly [number, number]) => ({
      x: offsetX + (lng * kx - minX) * scale,
      y: offsetY + (-lat - minY) * scale,
    }),
    unproject: (x: number, y: number): [number, number] => [
      ((x - offsetX) / scale + minX) / kx,
      -((y - offsetY) / scale + minY),
    ],
  };
}

/**
 * Nudges points apart until no two are closer than MIN_GAP (a schematic map: a store a few metres off
 * beats two markers on top of each other). Deterministic.
 */
export function spreadApart(points: { x: number; y: number }[]): { x: number; y: number }[] {
  const placed = points.map((point) => ({ ...point }));
  for (let round = 0; round < 60; round++) {
    let moved = false;
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i]!;
        const b = placed[j]!;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let distance = Math.hypot(dx, dy);
        if (distance >= MIN_GAP) continue;
        if (distance < 0.001) {
          // Same spot: part them along a direction that depends on the pair, not on chance.
          dx = Math.cos(i + j);
          dy = Math.sin(i + j);
          distance = 1;
        }
        const push = (MIN_GAP - distance) / 2 + 0.1;
        a.x -= (dx / distance) * push;
        a.y -= (dy / distance) * push;
        b.x += (dx / distance) * push;
        b.y += (dy / distance) * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return placed.map(({ x, y }) => ({
    x: Math.min(WIDTH - 14, Math.max(14, x)),
    y: Math.min(HEIGHT - 14, Math.max(14, y)),
  }));
}

/**
 * The stores of one region as an inline SVG: each marker is a link named after its store that jumps to
 * (and highlights) its card; the shopper's reference point is drawn too.
 */
export function StoreMap({
  stores,
  origin,
  originLabel,
  highlightedId,
  onHighlight,
}: {
  stores: StoreListItem[];
  origin: readonly [number, number] | null;
  originLabel: string;
  highlightedId: string | null;
  onHighlight: (storeId: string) => void;
}) {
  if (stores.length === 0) return null;
  const project = projector([...stores.map((store) => store.geoCoordinates), ...(origin ? [origin] : [])]);
  const here = origin ? project(origin) : null;
  const spots = spreadApart(stores.map((store) => project(store.geoCoordinates)));
  return (
    <figure className="store-map-figure">
      <svg
        className="store-map"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="group"
        aria-label={`Mapa de ${stores.length} ${stores.length === 1 ? 'local' : 'locales'}`}
      >
        <rect x="0" y="0" width={WIDTH} height={HEIGHT} rx="12" className="store-map__ground" />
        {here ? (
          <g className="store-map__origin" role="img" aria-label={originLabel}>
            <circle cx={here.x} cy={here.y} r="9" />
            <circle cx={here.x} cy={here.y} r="3" className="store-map__origin-dot" />
          </g>
        ) : null}
        {stores.map((store, index) => {
          const { x, y } = spots[index]!;
          const active = store.id === highlightedId;
          return (
            <a
              key={store.id}
              href={`#${storeCardId(store.id)}`}
              aria-label={store.name}
              className={active ? 'store-map__marker store-map__marker--active' : 'store-map__marker'}
              onClick={() => onHighlight(store.id)}
            >
              <title>{store.name}</title>
              <circle cx={x} cy={y} r="12" />
              <circle cx={x} cy={y} r="4" className="store-map__marker-dot" />
            </a>
          );
        })}
      </svg>
      {/* No street tiles (no external map service): the legend says what the two kinds of dot are. */}
      <figcaption className="store-map__legend">
        <span className="store-map__legend-entry">
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" className="store-map__marker">
            <circle cx="12" cy="12" r="10" />
            <circle cx="12" cy="12" r="3.5" className="store-map__marker-dot" />
          </svg>
          Local
        </span>
        {here ? (
          <span className="store-map__legend-entry">
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" className="store-map__origin">
              <circle cx="12" cy="12" r="8" />
              <circle cx="12" cy="12" r="3" className="store-map__origin-dot" />
            </svg>
            {originLabel}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
