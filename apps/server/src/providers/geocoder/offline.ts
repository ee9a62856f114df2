import type { Geocoder, GeocodeQuery, GeocodeResult } from './geocoder';
import { loadTerritory, type Territory } from './territory';

/**
 * Geocodes without a network: a comuna's centre, else the region's. Street-level precision needs a real
 * maps provider (not available here), so two addresses in one comuna share a point.
 */
export class OfflineGeocoder implements Geocoder {
  constructor(private readonly territory: Territory = loadTerritory()) {}

  async geocode(query: GeocodeQuery): Promise<GeocodeResult | null> {
    if (query.country !== 'CL') return null;
    const region = this.territory.findRegion(query.region);
    const comuna = this.territory.findComuna(query.comuna, region?.code);
    if (comuna?.geoCoordinates) return { geoCoordinates: comuna.geoCoordinates, precision: 'comuna' };
    const centre = region ? this.territory.regionCentre(region.code) : null;
    return centre ? { geoCoordinates: centre, precision: 'region' } : null;
  }
}
