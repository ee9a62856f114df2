import { describe, expect, it } from 'vitest';
import {
  CART_VALUE_THRESHOLD_CENTS,
  DELIVERY_MODAL_MESSAGES,
  DELIVERY_WINDOW_MINUTES,
  circleRing,
  compileZone,
  coverageAt,
  deliveryWindowSlots,
  modeNeedsWindow,
  PREPARATION_LEAD_MINUTES,
  windowOrderable,
  expressAvailability,
  expressEstimateMinutes,
  haversineKm,
  localParts,
  nearestStore,
  simulationItemsSource,
  zonedInstant,
  type LngLat,
  type OpeningHoursEntry,
} from '../src/index';

const everyDay = (opens: string, closes: string): OpeningHoursEntry[] =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, opens, closes }));

describe('express estimate (§9 table)', () => {
  it.each([
    [30, 180],
    [31, 200],
    [60, 200],
    [61, 220],
    [90, 220],
    [91, 265],
    [180, 265],
    [181, 300],
    [300, 300],
  ])('%i items with no stored delivery_time take %i minutes', (items, minutes) => {
    expect(expressEstimateMinutes(items)).toBe(minutes);
  });
  it.each([
    [30, 90],
    [31, 110],
    [60, 110],
    [61, 130],
    [90, 130],
    [91, 175],
    [180, 175],
    [181, 210],
    [300, 210],
  ])('%i items from a store with delivery_time 90 take %i minutes', (items, minutes) => {
    expect(expressEstimateMinutes(items, 90)).toBe(minutes);
  });
});

describe('express availability', () => {
  // Tuesday 2026-11-24 in Santiago (UTC-3 in summer).
  const at = (hour: number, minute = 0, second = 0) =>
    new Date(zonedInstant(2026, 11, 24, hour, minute).getTime() + second * 1000);
  const base = { offered: true, storedDeliveryTime: 90, openingHours: everyDay('08:00', '22:30') };

  it('is available from 10:00:00 while the store is open', () => {
    expect(expressAvailability({ ...base, now: at(10), totalItems: 10 })).toEqual({
      available: true,
      reason: null,
      estimateMinutes: 90,
    });
    // The last one the store can deliver before it closes at 22:30: 21:00 plus 90 minutes.
    expect(expressAvailability({ ...base, now: at(21), totalItems: 10 }).available).toBe(true);
  });
  it('is refused when the store closes before the estimate is over', () => {
    expect(expressAvailability({ ...base, now: at(21, 0, 1), totalItems: 10 }).reason).toBe(
      'closesBeforeDelivery',
    );
    expect(expressAvailability({ ...base, now: at(22, 29), totalItems: 10 }).reason).toBe(
      'closesBeforeDelivery',
    );
  });
  it('is closed up to the 09:59:59 cutoff', () => {
    expect(expressAvailability({ ...base, now: at(9, 59, 59), totalItems: 10 }).reason).toBe('beforeCutoff');
    expect(expressAvailability({ ...base, now: at(9, 59, 59), totalItems: 10 }).available).toBe(false);
  });
  it('needs the store open and offering express', () => {
    expect(expressAvailability({ ...base, now: at(22, 30), totalItems: 10 }).reason).toBe('storeClosed');
    expect(expressAvailability({ ...base, offered: false, now: at(12), totalItems: 1 }).reason).toBe(
      'notOffered',
    );
  });
  it('takes at most 180 items', () => {
    expect(expressAvailability({ ...base, now: at(12), totalItems: 180 }).available).toBe(true);
    expect(expressAvailability({ ...base, now: at(12), totalItems: 181 }).reason).toBe('tooManyItems');
  });
  it('refuses estimates beyond the 3.5 h time limit', () => {
    const slow = { ...base, storedDeliveryTime: null, now: at(12) };
    expect(expressAvailability({ ...slow, totalItems: 60 })).toMatchObject({
      available: true,
      estimateMinutes: 200,
    });
    expect(expressAvailability({ ...slow, totalItems: 61 })).toMatchObject({
      available: false,
      reason: 'beyondTimeLimit',
      estimateMinutes: 220,
    });
    // 120 + 85 = 205 ≤ 210; 150 + 85 = 235 > 210.
    expect(expressAvailability({ ...slow, storedDeliveryTime: 120, totalItems: 180 }).available).toBe(true);
    expect(expressAvailability({ ...slow, storedDeliveryTime: 150, totalItems: 91 }).available).toBe(false);
  });
});

const square: LngLat[] = [
  [-70.7, -33.5],
  [-70.5, -33.5],
  [-70.5, -33.3],
  [-70.7, -33.3],
  [-70.7, -33.5],
];

describe('coverage', () => {
  const zones = [
    compileZone({ id: 'a', kind: 'delivery', salesChannel: 2, rings: [square] }),
    compileZone({ id: 'b', kind: 'delivery', salesChannel: 3, rings: [circleRing([-70.45, -33.4], 8)] }),
    compileZone({ id: 'x', kind: 'exclusion', salesChannel: null, rings: [circleRing([-70.6, -33.4], 1)] }),
    compileZone({ id: 'y', kind: 'exclusion', salesChannel: 3, rings: [circleRing([-70.42, -33.4], 1)] }),
  ];
  it('is covered inside a delivery zone', () => {
    expect(coverageAt([-70.65, -33.45], zones)).toEqual({ state: 'covered', salesChannels: [2] });
    expect(coverageAt([-70.52, -33.4], zones).salesChannels.sort()).toEqual([2, 3]);
  });
  it('is an exclusion zone inside an exclusion polygon, even within a delivery zone', () => {
    expect(coverageAt([-70.6, -33.4], zones)).toEqual({ state: 'exclusionZone', salesChannels: [] });
  });
  it('only cuts the channel a channel-specific exclusion names', () => {
    expect(coverageAt([-70.42, -33.4], zones)).toEqual({ state: 'exclusionZone', salesChannels: [] });
    const both = [
      ...zones,
      compileZone({
        id: 'c',
        kind: 'delivery',
        salesChannel: 4,
        rings: [square.map(([x, y]) => [x + 0.2, y] as LngLat)],
      }),
    ];
    expect(coverageAt([-70.42, -33.4], both)).toEqual({ state: 'covered', salesChannels: [4] });
  });
  it('is out of coverage elsewhere', () => {
    expect(coverageAt([-71.62, -33.05], zones)).toEqual({ state: 'outOfCoverage', salesChannels: [] });
  });
  it('draws circles of the asked radius', () => {
    const ring = circleRing([-70.6, -33.4], 3);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const vertex of ring) expect(haversineKm([-70.6, -33.4], vertex)).toBeCloseTo(3, 1);
  });
});

describe('nearest store', () => {
  const stores = [
    { id: 'centro', coordinates: [-70.6506, -33.4372] as LngLat },
    { id: 'vina', coordinates: [-71.5518, -33.0245] as LngLat },
  ];
  it('picks the closest by haversine and gives the distance', () => {
    const near = nearestStore([-70.6, -33.42], stores)!;
    expect(near.store.id).toBe('centro');
    expect(near.distanceKm).toBeCloseTo(haversineKm([-70.6, -33.42], [-70.6506, -33.4372]), 9);
    expect(nearestStore([-71.6, -33.0], stores)!.store.id).toBe('vina');
    expect(nearestStore([0, 0], [])).toBeNull();
  });
});

describe('delivery windows', () => {
  it('cuts two-hour slots inside the opening hours for 7 days, in Santiago time', () => {
    const now = zonedInstant(2026, 11, 24, 11, 15);
    const slots = deliveryWindowSlots(now, everyDay('08:00', '22:30'));
    // Today: 12:00, 14:00 … 20:00 (5 slots; 08:00 and 10:00 have started, 22:00–24:00 passes closing).
    const today = slots.filter((s) => localParts(s.start).day === 24);
    expect(today.map((s) => localParts(s.start).hour)).toEqual([12, 14, 16, 18, 20]);
    expect(slots).toHaveLength(5 + 6 * 7);
    for (const slot of slots) {
      expect(slot.end.getTime() - slot.start.getTime()).toBe(DELIVERY_WINDOW_MINUTES * 60_000);
      expect(slot.start.getTime()).toBeGreaterThan(now.getTime());
    }
    // 08:00 in Santiago summer time (UTC-3) is 11:00 UTC.
    expect(slots[5]!.start.toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });
  it('skips days the store is closed', () => {
    const monday = zonedInstant(2026, 11, 23, 0, 0);
    const weekdaysOnly = everyDay('09:00', '13:00').filter((h) => h.day <= 5);
    const slots = deliveryWindowSlots(monday, weekdaysOnly);
    expect(slots).toHaveLength(5 * 2);
    expect(new Set(slots.map((s) => localParts(s.start).weekday))).toEqual(new Set([1, 2, 3, 4, 5]));
  });
  it('follows winter time (UTC-4)', () => {
    const slots = deliveryWindowSlots(zonedInstant(2026, 6, 10, 0, 0), everyDay('08:00', '10:00'), 1);
    expect(slots.map((s) => s.start.toISOString())).toEqual(['2026-06-10T12:00:00.000Z']);
  });
});

describe('preparation lead time (issue #17)', () => {
  const slotsAt = (hour: number, minute: number) =>
    deliveryWindowSlots(zonedInstant(2026, 11, 24, hour, minute), everyDay('08:00', '22:00'), 1);
  it('at 19:59 pickup no longer offers 20:00 a 22:00', () => {
    const now = zonedInstant(2026, 11, 24, 19, 59);
    const [last] = slotsAt(19, 59);
    expect(localParts(last!.start).hour).toBe(20);
    expect(windowOrderable(last!.start, now, 'storePickup')).toBe(false);
    expect(windowOrderable(last!.start, now, 'carPickup')).toBe(false);
  });
  it('each mode offers a window only its lead time ahead', () => {
    const at1800 = zonedInstant(2026, 11, 24, 18, 0);
    const at2000 = zonedInstant(2026, 11, 24, 20, 0);
    expect(PREPARATION_LEAD_MINUTES.storePickup).toBe(60);
    expect(PREPARATION_LEAD_MINUTES.homeDelivery).toBe(120);
    // 18:00: pickup can be ready by 20:00, and home delivery just too.
    expect(windowOrderable(at2000, at1800, 'storePickup')).toBe(true);
    expect(windowOrderable(at2000, at1800, 'homeDelivery')).toBe(true);
    const at1801 = zonedInstant(2026, 11, 24, 18, 1);
    expect(windowOrderable(at2000, at1801, 'homeDelivery')).toBe(false);
    expect(windowOrderable(at2000, at1801, 'storePickup')).toBe(true);
  });
  it('every scheduled mode needs a window to confirm; express does not', () => {
    expect(modeNeedsWindow('homeDelivery')).toBe(true);
    expect(modeNeedsWindow('storePickup')).toBe(true);
    expect(modeNeedsWindow('carPickup')).toBe(true);
    expect(modeNeedsWindow('express')).toBe(false);
  });
});

describe('delivery modal messages (§8)', () => {
  it('says out of coverage in whole sentences, with the ways on, never cut short with dots', () => {
    expect(DELIVERY_MODAL_MESSAGES.outOfCoverage).toBe(
      'Tu dirección está fuera de la zona de cobertura. Puedes retirar tu pedido en tienda o elegir otra dirección.',
    );
    for (const message of Object.values(DELIVERY_MODAL_MESSAGES)) {
      expect(message).toMatch(/[^.]\.$/);
      expect(message).not.toContain('...');
    }
  });
});

describe('cart value threshold (§9)', () => {
  it('simulates the cart from 1000000 cents on and default items below', () => {
    expect(CART_VALUE_THRESHOLD_CENTS).toBe(1_000_000);
    expect(simulationItemsSource(999_999)).toBe('default');
    expect(simulationItemsSource(1_000_000)).toBe('cart');
    expect(simulationItemsSource(0)).toBe('default');
  });
});
