import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateStores, generateStoresForBenchmark } from '../src/seed/stores/generate';
import { parseCsv } from '../src/seed/stores/csv';
import type { SeedStore } from '../src/seed/stores/types';

const coordsCsv = readFileSync(
  new URL('../data/cl-territorio/comunas_coordenadas.csv', import.meta.url),
  'utf8',
);
const comunaPoints = new Map(
  coordsCsv
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [code, name, regionCode, lat, lng] = line.split(',');
      return [code ?? '', { name, regionCode, lat: Number(lat), lng: Number(lng) }] as const;
    }),
);

function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const R = 6371;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(lat2 - lat1);
  const dLng = rad(lng2 - lng1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}

function expectWellFormed(stores: SeedStore[]): void {
  const ids = new Set(stores.map((s) => s.id));
  expect(ids.size).toBe(stores.length);
  const channels = stores.map((s) => s.salesChannel);
  expect(new Set(channels).size).toBe(stores.length);
  for (const s of stores) {
    expect(Number.isInteger(s.salesChannel)).toBe(true);
    expect(s.salesChannel).toBeGreaterThanOrEqual(2);
    expect(s.sellerId).toBe('1');
    expect(s.id).toMatch(new RegExp(`^st-${s.comunaCode}-\\d+$`));
    expect(s.address).toMatch(/\S+ \d+$/);
    const point = comunaPoints.get(s.comunaCode);
    expect(point, s.comunaCode).toBeDefined();
    expect(point?.name).toBe(s.comuna);
    expect(point?.regionCode).toBe(s.regionCode);
    expect(haversineKm(s.lat, s.lng, point?.lat ?? NaN, point?.lng ?? NaN)).toBeLessThan(2);
    expect(s.openingHours.length).toBeGreaterThan(0);
    for (const h of s.openingHours) {
      expect(h.day).toBeGreaterThanOrEqual(1);
      expect(h.day).toBeLessThanOrEqual(7);
      expect(h.opens).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(h.closes).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      expect(h.opens < h.closes).toBe(true);
    }
    if (!s.express) expect(s.deliveryTimeMinutes).toBeNull();
  }
}

describe('generateStores', () => {
  const stores = generateStores();

  it('has at least 24 well-formed stores with unique sales channels >= 2', () => {
    expect(stores.length).toBeGreaterThanOrEqual(24);
    expectWellFormed(stores);
  });

  it('covers at least 12 distinct Santiago comunas and 4 other regions', () => {
    const santiago = new Set(stores.filter((s) => s.regionCode === '13').map((s) => s.comunaCode));
    expect(santiago.size).toBeGreaterThanOrEqual(12);
    const others = new Set(stores.filter((s) => s.regionCode !== '13').map((s) => s.regionCode));
    expect(others.size).toBeGreaterThanOrEqual(4);
    expect(stores.some((s) => s.comuna === 'Viña del Mar' && s.region === 'Valparaíso')).toBe(true);
  });

  it('has the expected mix of services', () => {
    const share = (f: (s: SeedStore) => boolean) => stores.filter(f).length / stores.length;
    expect(share((s) => s.pickup)).toBeGreaterThan(0.8);
    expect(share((s) => s.car)).toBeGreaterThan(0.35);
    expect(share((s) => s.car)).toBeLessThan(0.65);
    expect(share((s) => s.express)).toBeGreaterThan(0.5);
    expect(share((s) => s.express)).toBeLessThan(0.7);
    expect(stores.filter((s) => !s.active)).toHaveLength(1);
    expect(stores.some((s) => s.express && s.deliveryTimeMinutes === null)).toBe(true);
    expect(stores.some((s) => s.express && s.deliveryTimeMinutes !== null)).toBe(true);
    // Click al Auto has parking places to bring orders to (a store without it has none).
    for (const store of stores) {
      if (store.car) expect(store.carBays, store.id).toBeGreaterThanOrEqual(3);
      else expect(store.carBays, store.id).toBe(0);
    }
  });

  it('is deterministic', () => {
    expect(generateStores()).toEqual(stores);
  });
});

describe('generateStoresForBenchmark', () => {
  it('returns exactly N stores spread over every region', () => {
    const stores = generateStoresForBenchmark(100);
    expect(stores).toHaveLength(100);
    expectWellFormed(stores);
    expect(new Set(stores.map((s) => s.regionCode)).size).toBe(16);
    expect(generateStoresForBenchmark(100)).toEqual(stores);
  });

  it('handles 0 and counts beyond the number of comunas', () => {
    expect(generateStoresForBenchmark(0)).toEqual([]);
    const many = generateStoresForBenchmark(400);
    expect(many).toHaveLength(400);
    expectWellFormed(many);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields, escaped quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n1,\n')).toEqual([
      { a: 'x, y', b: 'say "hi"' },
      { a: '1', b: '' },
    ]);
  });
});
