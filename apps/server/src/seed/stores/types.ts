/** Day of the week as in §4: Monday = 1 … Sunday = 7. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface OpeningHours {
  day: IsoWeekday;
  /** Local time 'HH:MM' (America/Santiago). */
  opens: string;
  /** Local time 'HH:MM'; always later than `opens` on the same day. */
  closes: string;
}

/** A physical store of the chain, as plain seed data (the "Store operations entry" of §3). */
export interface SeedStore {
  /** 'st-{comunaCode}-{n}', n counting the stores of that comuna from 1. */
  id: string;
  /** 'Despensa Las Condes', 'Despensa Viña del Mar'. */
  name: string;
  /** '1': the chain itself. */
  sellerId: string;
  /** Unique per store, 2..N+1 (1 is the default online channel, not a store). */
  salesChannel: number;
  warehouseId: string;
  comunaCode: string;
  comuna: string;
  regionCode: string;
  /** Short region name from comunas.csv (`nombre_region_corto`), e.g. 'Metropolitana de Santiago'. */
  region: string;
  /** Invented but plausible street and number, e.g. 'Av. Apoquindo 4500'. */
  address: string;
  /** The comuna's coordinates plus a deterministic offset of less than 1.5 km. */
  lat: number;
  lng: number;
  /** Retiro en Tienda. */
  pickup: boolean;
  /** Click al Auto. */
  car: boolean;
  /** Click al Auto's parking places (0 without it). */
  carBays: number;
  active: boolean;
  /** One entry per day the store opens, ordered Monday → Sunday. */
  openingHours: OpeningHours[];
  /** Stored express delivery_time in minutes; null means the 180-minute default of §9 applies. Always null when !express. */
  deliveryTimeMinutes: number | null;
  /** Offers Despacho Express. */
  express: boolean;
}
