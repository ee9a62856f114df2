import { z } from 'zod';
import type { Geocoder, GeocodeQuery, GeocodeResult } from './geocoder';

/** Nominatim's /search answer (format=jsonv2): only what a point and its precision need. */
const searchAnswer = z.array(
  z.object({
    lat: z.coerce.number().min(-90).max(90),
    lon: z.coerce.number().min(-180).max(180),
    place_rank: z.number(),
  }),
);

/** OSM's place_rank from which a hit is a street (26) or a house on it (30); below is a town or area. */
const STREET_RANK = 26;
/** The public server's usage policy: at most one request per second. */
const PUBLIC_HOST = 'nominatim.openstreetmap.org';
const PUBLIC_INTERVAL_MS = 1000;
const CACHE_SIZE = 2000;

export interface NominatimOptions {
  /** The server's base URL (its /search is asked), or null when there is none to ask (offline only). */
  baseUrl: () => string | null;
  /** Asked when Nominatim fails, times out or knows no street there. */
  fallback: Geocoder;
  /** The policy asks every client to name itself. */
  userAgent: string;
  timeoutMs: number;
  /** Told why an answer came from the fallback. */
  log?: (message: string) => void;
}

/**
 * Street-level points from a server speaking Nominatim's search API (OpenStreetMap's own or a
 * self-hosted one); anything less than a street, and any failure, falls back to the offline geocoder,
 * so an address is never refused for the maps service's sake.
 */
export class NominatimGeocoder implements Geocoder {
  private readonly cache = new Map<string, GeocodeResult | null>();
  private nextSlot = 0;

  constructor(private readonly options: NominatimOptions) {}

  async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
    const baseUrl = this.options.baseUrl();
    if (!baseUrl || query.country !== 'CL' || !query.street) return this.options.fallback.geocode(query);
    const url = searchUrl(baseUrl, query);
    const key = url.search;
    // The policy asks for caching too: an address book repeats the same few queries.
    let found = this.cache.get(key);
    if (found === undefined) {
      try {
        found = await this.search(url);
      } catch (error) {
        this.options.log?.(`geocoder: ${url.host} failed (${(error as Error).message}); comuna centre used`);
        return this.options.fallback.geocode(query);
      }
      this.remember(key, found);
    }
    return found ?? this.options.fallback.geocode(query);
  }

  private async search(url: URL): Promise<GeocodeResult | null> {
    await this.waitForSlot(url.host);
    const response = await fetch(url, {
      headers: { 'user-agent': this.options.userAgent, accept: 'application/json', 'accept-language': 'es' },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const [best] = searchAnswer.parse(await response.json());
    if (!best || best.place_rank < STREET_RANK) return null;
    return { geoCoordinates: [best.lon, best.lat], precision: 'street' };
  }

  /** One request a second to the public server; a self-hosted one sets its own limits. */
  private async waitForSlot(host: string): Promise<void> {
    if (host !== PUBLIC_HOST) return;
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + PUBLIC_INTERVAL_MS;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  }

  private remember(key: string, found: GeocodeResult | null): void {
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, found);
  }
}

/** Nominatim's structured search: the street with its number, the comuna as city, the region as state. */
function searchUrl(baseUrl: string, query: GeocodeQuery): URL {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/search`);
  const street = [query.number, query.street].filter(Boolean).join(' ');
  url.search = new URLSearchParams({
    street,
    city: query.comuna,
    state: query.region,
    country: 'Chile',
    countrycodes: 'cl',
    format: 'jsonv2',
    limit: '1',
    addressdetails: '1',
  }).toString();
  return url;
}
