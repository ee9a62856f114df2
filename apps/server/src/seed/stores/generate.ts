import { Rng } from '../random';
import { loadComunas } from './territory';
import type { Comuna } from './territory';
import type { OpeningHours, SeedStore } from './types';

export type { OpeningHours, SeedStore } from './types';

const CHAIN_SELLER_ID = '1';
/** Sales channel 1 is the default online channel; stores start at 2. */
const FIRST_STORE_CHANNEL = 2;
/** Offsets from the comuna point stay within [MIN, MAX] metres (the brief allows < 1.5 km). */
const MIN_OFFSET_M = 150;
const MAX_OFFSET_M = 1200;

type HoursTemplate = 'standard' | 'extended' | 'regional' | 'dark';

interface StoreSpec {
  comunaCode: string;
  /** Suffix after the brand; defaults to the comuna name. */
  label?: string;
  address: string;
  pickup: boolean;
  car: boolean;
  express: boolean;
  /** Only for express stores; null → the 180-minute default. */
  deliveryTimeMinutes?: number | null;
  active?: boolean;
  hours: HoursTemplate;
}

/**
 * The demo chain: 26 stores, 18 in Santiago (17 distinct comunas) and 8 in 7 other regions.
 * 25 pickup, 13 Click al Auto, 16 express (5 of them with no stored delivery time), 1 inactive (Valparaíso).
 */
const STORES: StoreSpec[] = [
  // Región Metropolitana
  {
    comunaCode: '13101',
    label: 'Santiago Centro',
    address: "Av. Libertador Bernardo O'Higgins 1302",
    pickup: true,
    car: false,
    express: true,
    deliveryTimeMinutes: 120,
    hours: 'standard',
  },
  {
    comunaCode: '13123',
    address: 'Av. Providencia 2124',
    pickup: true,
    car: false,
    express: true,
    deliveryTimeMinutes: 90,
    hours: 'extended',
  },
  {
    comunaCode: '13114',
    address: 'Av. Apoquindo 4500',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: 90,
    hours: 'extended',
  },
  {
    comunaCode: '13114',
    label: 'Los Dominicos',
    address: 'Av. Padre Hurtado Sur 875',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: null,
    hours: 'standard',
  },
  {
    comunaCode: '13120',
    address: 'Av. Irarrázaval 3450',
    pickup: true,
    car: false,
    express: true,
    deliveryTimeMinutes: 120,
    hours: 'standard',
  },
  {
    comunaCode: '13119',
    address: 'Av. Pajaritos 2660',
    pickup: true,
    car: true,
    express: false,
    hours: 'standard',
  },
  {
    comunaCode: '13110',
    address: 'Av. Vicuña Mackenna 7110',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: 150,
    hours: 'extended',
  },
  {
    comunaCode: '13201',
    address: 'Av. Concha y Toro 1820',
    pickup: true,
    car: true,
    express: false,
    hours: 'standard',
  },
  {
    comunaCode: '13132',
    address: 'Av. Vitacura 6780',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: 90,
    hours: 'standard',
  },
  {
    comunaCode: '13115',
    address: 'Av. La Dehesa 1445',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: null,
    hours: 'standard',
  },
  {
    comunaCode: '13113',
    address: 'Av. Larraín 6150',
    pickup: true,
    car: false,
    express: false,
    hours: 'standard',
  },
  {
    comunaCode: '13122',
    address: 'Av. Grecia 8735',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: 120,
    hours: 'standard',
  },
  {
    comunaCode: '13130',
    address: 'Gran Avenida José Miguel Carrera 5220',
    pickup: true,
    car: false,
    express: true,
    deliveryTimeMinutes: 150,
    hours: 'standard',
  },
  {
    comunaCode: '13118',
    address: 'Av. Macul 2950',
    pickup: true,
    car: false,
    express: false,
    hours: 'standard',
  },
  {
    comunaCode: '13106',
    address: 'Av. Ecuador 4210',
    pickup: true,
    car: false,
    express: true,
    deliveryTimeMinutes: null,
    hours: 'standard',
  },
  {
    comunaCode: '13125',
    address: 'Av. Manuel Antonio Matta 540',
    pickup: false,
    car: false,
    express: true,
    deliveryTimeMinutes: 120,
    hours: 'dark',
  },
  {
    comunaCode: '13107',
    address: 'Av. Pedro Fontova 6500',
    pickup: true,
    car: true,
    express: false,
    hours: 'standard',
  },
  {
    comunaCode: '13401',
    address: 'Av. Eyzaguirre 660',
    pickup: true,
    car: false,
    express: false,
    hours: 'standard',
  },
  // Other regions
  {
    comunaCode: '05109',
    address: 'Av. Libertad 1150',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: 120,
    hours: 'extended',
  },
  {
    comunaCode: '05101',
    address: 'Av. Pedro Montt 2065',
    pickup: true,
    car: false,
    express: false,
    active: false,
    hours: 'regional',
  },
  {
    comunaCode: '08101',
    address: 'Av. Los Carrera 1250',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: null,
    hours: 'regional',
  },
  {
    comunaCode: '04101',
    address: 'Av. Francisco de Aguirre 420',
    pickup: true,
    car: true,
    express: false,
    hours: 'regional',
  },
  {
    comunaCode: '09101',
    address: 'Av. Alemania 945',
    pickup: true,
    car: true,
    express: true,
    deliveryTimeMinutes: 150,
    hours: 'regional',
  },
  {
    comunaCode: '06101',
    address: 'Av. Brasil 1025',
    pickup: true,
    car: false,
    express: false,
    hours: 'regional',
  },
  {
    comunaCode: '02101',
    address: 'Av. Angamos 610',
    pickup: true,
    car: false,
    express: true,
    deliveryTimeMinutes: null,
    hours: 'regional',
  },
  {
    comunaCode: '10101',
    address: 'Av. Diego Portales 980',
    pickup: true,
    car: false,
    express: false,
    hours: 'regional',
  },
];

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const HOURS: Record<HoursTemplate, OpeningHours[]> = {
  standard: ALL_DAYS.map((day) =>
    day === 7 ? { day, opens: '09:00', closes: '21:00' } : { day, opens: '08:30', closes: '22:00' },
  ),
  extended: ALL_DAYS.map((day) => ({ day, opens: '08:00', closes: '22:30' })),
  regional: ALL_DAYS.map((day) =>
    day === 7 ? { day, opens: '10:00', closes: '20:00' } : { day, opens: '09:00', closes: '21:30' },
  ),
  dark: ALL_DAYS.map((day) => ({ day, opens: '08:00', closes: '23:00' })),
};

/** The demo chain's stores (26), deterministic. */
export function generateStores(brandName = 'Despensa'): SeedStore[] {
  const byCode = comunasByCode();
  const perComuna = new Map<string, number>();
  return STORES.map((spec, index) => {
    const comuna = byCode.get(spec.comunaCode);
    if (!comuna) throw new Error(`Unknown comuna ${spec.comunaCode}`);
    const n = (perComuna.get(comuna.code) ?? 0) + 1;
    perComuna.set(comuna.code, n);
    return buildStore({
      comuna,
      n,
      salesChannel: FIRST_STORE_CHANNEL + index,
      name: `${brandName} ${spec.label ?? comuna.name}`,
      address: spec.address,
      pickup: spec.pickup,
      car: spec.car,
      express: spec.express,
      deliveryTimeMinutes: spec.express ? (spec.deliveryTimeMinutes ?? null) : null,
      active: spec.active ?? true,
      openingHours: HOURS[spec.hours],
    });
  });
}

const BENCH_STREETS = [
  'Av. Libertad',
  "Av. Bernardo O'Higgins",
  'Calle Arturo Prat',
  'Av. Balmaceda',
  'Calle Freire',
  'Av. Manuel Rodríguez',
  'Calle Colón',
  'Av. Costanera',
  'Calle Los Aromos',
  'Av. Los Carrera',
  'Calle Maipú',
  'Av. Pedro de Valdivia',
];

const BENCH_DELIVERY_TIMES: (number | null)[] = [90, 120, 150, null];

const BENCH_HOURS: HoursTemplate[] = ['standard', 'extended', 'regional', 'standard', 'dark'];

/**
 * `count` stores for load tests, spread round-robin over every region (by region code), taking each region's
 * comunas by estimated population (largest first); once every comuna with coordinates has a store it starts
 * again with second stores. Same shape and rules as generateStores(); sales channels 2..count+1. Deterministic.
 */
export function generateStoresForBenchmark(count: number, brandName = 'Despensa'): SeedStore[] {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const order = benchmarkComunaOrder();
  if (order.length === 0) throw new Error('No comunas with coordinates');
  const perComuna = new Map<string, number>();
  const stores: SeedStore[] = [];
  for (let i = 0; i < count; i++) {
    const comuna = order[i % order.length] as Comuna;
    const n = (perComuna.get(comuna.code) ?? 0) + 1;
    perComuna.set(comuna.code, n);
    const rng = Rng.fromLabel(`bench:${comuna.code}:${n}`);
    const rand = () => rng.next();
    const express = rand() < 0.6;
    const street = BENCH_STREETS[Math.floor(rand() * BENCH_STREETS.length)] as string;
    const number = 100 + Math.floor(rand() * 4900);
    const deliveryChoice = Math.floor(rand() * BENCH_DELIVERY_TIMES.length);
    stores.push(
      buildStore({
        comuna,
        n,
        salesChannel: FIRST_STORE_CHANNEL + i,
        name: n === 1 ? `${brandName} ${comuna.name}` : `${brandName} ${comuna.name} ${n}`,
        address: `${street} ${number}`,
        pickup: i % 10 !== 9,
        car: i % 2 === 0,
        express,
        deliveryTimeMinutes: express ? (BENCH_DELIVERY_TIMES[deliveryChoice] ?? null) : null,
        active: i % 25 !== 24,
        openingHours: HOURS[BENCH_HOURS[i % BENCH_HOURS.length] as HoursTemplate],
      }),
    );
  }
  return stores;
}

interface BuildArgs {
  comuna: Comuna;
  n: number;
  salesChannel: number;
  name: string;
  address: string;
  pickup: boolean;
  car: boolean;
  express: boolean;
  deliveryTimeMinutes: number | null;
  active: boolean;
  openingHours: OpeningHours[];
}

function buildStore(a: BuildArgs): SeedStore {
  const id = `st-${a.comuna.code}-${a.n}`;
  if (a.comuna.lat === null || a.comuna.lng === null)
    throw new Error(`Comuna ${a.comuna.code} has no coordinates`);
  const { lat, lng } = offsetPoint(a.comuna.lat, a.comuna.lng, id);
  return {
    id,
    name: a.name,
    sellerId: CHAIN_SELLER_ID,
    salesChannel: a.salesChannel,
    warehouseId: `wh-${a.comuna.code}-${a.n}`,
    comunaCode: a.comuna.code,
    comuna: a.comuna.name,
    regionCode: a.comuna.regionCode,
    region: a.comuna.regionName,
    address: a.address,
    lat,
    lng,
    pickup: a.pickup,
    car: a.car,
    // Three to six parking places where Click al Auto orders are brought out.
    carBays: a.car ? 3 + (a.salesChannel % 4) : 0,
    active: a.active,
    openingHours: a.openingHours.map((h) => ({ ...h })),
    deliveryTimeMinutes: a.deliveryTimeMinutes,
    express: a.express,
  };
}

function comunasByCode(): Map<string, Comuna> {
  return new Map(loadComunas().map((c) => [c.code, c]));
}

function benchmarkComunaOrder(): Comuna[] {
  const byRegion = new Map<string, Comuna[]>();
  for (const c of loadComunas()) {
    if (c.lat === null || c.lng === null) continue;
    const list = byRegion.get(c.regionCode) ?? [];
    list.push(c);
    byRegion.set(c.regionCode, list);
  }
  const regions = [...byRegion.keys()].sort();
  const queues = regions.map((r) =>
    (byRegion.get(r) ?? []).sort((x, y) => y.population - x.population || x.code.localeCompare(y.code)),
  );
  const order: Comuna[] = [];
  for (let round = 0; queues.some((q) => round < q.length); round++) {
    for (const q of queues) {
      const c = q[round];
      if (c) order.push(c);
    }
  }
  return order;
}

const METRES_PER_DEGREE_LAT = 111_320;

/** A deterministic point MIN_OFFSET_M..MAX_OFFSET_M away from (lat, lng), seeded by `seed`. Rounded to 6 decimals. */
function offsetPoint(lat: number, lng: number, seed: string): { lat: number; lng: number } {
  const rng = Rng.fromLabel(`offset:${seed}`);
  const rand = () => rng.next();
  const distance = MIN_OFFSET_M + rand() * (MAX_OFFSET_M - MIN_OFFSET_M);
  const bearing = rand() * 2 * Math.PI;
  const dLat = (distance * Math.cos(bearing)) / METRES_PER_DEGREE_LAT;
  const dLng = (distance * Math.sin(bearing)) / (METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180));
  return { lat: round6(lat + dLat), lng: round6(lng + dLng) };
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
