import { renderAsync } from '@resvg/resvg-js';

/**
 * Pictures are drawn as SVG and served as PNG: a browser rasterises an SVG `<img>` with text on its main
 * thread while it paints (tens of milliseconds per listing on a phone, counted by Lighthouse as blocking
 * time), and decodes a PNG on its own threads. resvg renders on libuv's pool, off the event loop; the
 * result is kept in a small LRU, since a shop serves the same few hundred pictures all day.
 */
const CACHE_BYTES = 32 * 1024 * 1024;
const cache = new Map<string, Buffer>();
let cachedBytes = 0;

export async function pngOf(svg: string, zoom = 1): Promise<Buffer> {
  const key = `${zoom}\u0000${svg}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-inserted to mark it as the most recently used.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const image = await renderAsync(svg, {
    fitTo: zoom === 1 ? { mode: 'original' } : { mode: 'zoom', value: zoom },
  });
  const png = image.asPng();
  cache.set(key, png);
  cachedBytes += png.length;
  for (const [oldKey, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= old.length;
  }
  return png;
}
