/** What a geocoder is asked: an address in Chile. Other countries are out of the shop's reach (§7: country CL). */
export interface GeocodeQuery {
  country: 'CL';
  /** The comuna (the §3 address's city). */
  comuna: string;
  /** The region (the §3 address's state). */
  region: string;
  street?: string;
  number?: string;
}

export interface GeocodeResult {
  /** [lng, lat], the §3 geoCoordinates order. */
  geoCoordinates: [number, number];
  /** 'street' only from a real maps provider; the offline one knows comuna centres and regions. */
  precision: 'street' | 'comuna' | 'region';
}

export interface Geocoder {
  geocode(query: GeocodeQuery): Promise<GeocodeResult | null>;
}
