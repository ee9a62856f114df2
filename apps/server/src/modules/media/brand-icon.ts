import { encodePng } from './png';

/**
 * The installed app's icon, drawn in the brand's colour: a white shopping basket on a square in the
 * brand colour (the same drawing as /media/brand/icon.svg, in a 512-unit box). 'maskable' fills the square
 * edge to edge (the platform cuts its own shape; the basket sits well inside the 80 % safe zone); 'any'
 * has rounded corners on a transparent ground.
 */
export type IconPurpose = 'any' | 'maskable';

const BASKET: [number, number][] = [
  [146, 236],
  [366, 236],
  [333, 346],
  [179, 346],
];
const HANDLES: [number, number, number, number][] = [
  [196, 236, 236, 166],
  [316, 236, 276, 166],
];
const HANDLE_RADIUS = 9;
/** Where the basket and its handles are (with the handles' width): outside it there is only ground. */
const DRAWING = { left: 137, top: 157, right: 375, bottom: 355 };
const CORNER_RADIUS = 112;
/** Samples per pixel side: edges are anti-aliased by coverage. */
const SAMPLES = 4;

function hexColour(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits.slice(0, 6);
  const value = Number.parseInt(full, 16);
  return Number.isNaN(value) ? [0, 0, 0] : [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function inPolygon(x: number, y: number, points: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function nearSegment(x: number, y: number, [x1, y1, x2, y2]: [number, number, number, number]): boolean {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (x1 + t * dx), y - (y1 + t * dy)) <= HANDLE_RADIUS;
}

function inRoundedSquare(x: number, y: number): boolean {
  const cx = Math.min(Math.max(x, CORNER_RADIUS), 512 - CORNER_RADIUS);
  const cy = Math.min(Math.max(y, CORNER_RADIUS), 512 - CORNER_RADIUS);
  return Math.hypot(x - cx, y - cy) <= CORNER_RADIUS;
}

/** The icon as a PNG of size × size pixels. */
export function brandIconPng(size: number, purpose: IconPurpose, brandColour: string): Buffer {
  const [r, g, b] = hexColour(brandColour);
  const rgba = new Uint8Array(size * size * 4);
  const scale = 512 / size;
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      const at = (py * size + px) * 4;
      const [left, top, right, bottom] = [px * scale, py * scale, (px + 1) * scale, (py + 1) * scale];
      const clearOfDrawing =
        right < DRAWING.left || left > DRAWING.right || bottom < DRAWING.top || top > DRAWING.bottom;
      const clearOfCorners =
        purpose === 'maskable' ||
        (left >= CORNER_RADIUS && right <= 512 - CORNER_RADIUS) ||
        (top >= CORNER_RADIUS && bottom <= 512 - CORNER_RADIUS);
      // Most pixels are plain ground: only those near an edge are sampled.
      if (clearOfDrawing && clearOfCorners) {
        rgba.set([r, g, b, 255], at);
        continue;
      }
      let ground = 0;
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) * scale;
          const y = (py + (sy + 0.5) / SAMPLES) * scale;
          if (purpose === 'any' && !inRoundedSquare(x, y)) continue;
          ground++;
          if (inPolygon(x, y, BASKET) || HANDLES.some((handle) => nearSegment(x, y, handle))) white++;
        }
      // Over the brand colour, the basket's share of white; alpha is the shape's coverage.
      const share = ground ? white / ground : 0;
      rgba[at] = Math.round(r + (255 - r) * share);
      rgba[at + 1] = Math.round(g + (255 - g) * share);
      rgba[at + 2] = Math.round(b + (255 - b) * share);
      rgba[at + 3] = Math.round((255 * ground) / (SAMPLES * SAMPLES));
    }
  return encodePng(size, size, rgba);
}
