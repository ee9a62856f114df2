import { describe, it, expect } from 'vitest';
import { haversineKm, pointInGeoJsonPolygon, pointInPolygon } from '../src/index';
import type { LngLat } from '../src/index';

const santiago: LngLat = [-70.6506, -33.4372];
const valparaiso: LngLat = [-71.6197, -33.0458];

describe('haversineKm', () => {
  it('measures Santiago–Valparaíso at about 100 km', () => {
    const km = haversineKm(santiago, valparaiso);
    expect(km).toBeGreaterThan(95);
    expect(km).toBeLessThan(120);
    expect(km).toBeCloseTo(100.1, 0);
  });
  it('uses an Earth radius of 6371 km', () => {
    // One degree of latitude is 6371 * π / 180 km.
    expect(haversineKm([0, 0], [0, 1])).toBeCloseTo((6371 * Math.PI) / 180, 6);
    expect(haversineKm([0, 0], [180, 0])).toBeCloseTo(6371 * Math.PI, 6);
  });
  it('is zero for the same point and symmetric', () => {
    expect(haversineKm(santiago, santiago)).toBe(0);
    expect(haversineKm(valparaiso, santiago)).toBeCloseTo(haversineKm(santiago, valparaiso), 9);
  });
});

const square: LngLat[] = [
  [-70.7, -33.5],
  [-70.5, -33.5],
  [-70.5, -33.3],
  [-70.7, -33.3],
];

describe('pointInPolygon', () => {
  it('finds points inside and outside a ring', () => {
    expect(pointInPolygon([-70.6, -33.4], square)).toBe(true);
    expect(pointInPolygon([-70.8, -33.4], square)).toBe(false);
    expect(pointInPolygon([-70.6, -33.6], square)).toBe(false);
  });
  it('works with a closed ring and a concave shape', () => {
    expect(pointInPolygon([-70.6, -33.4], [...square, square[0]!])).toBe(true);
    const l: LngLat[] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ];
    expect(pointInPolygon([0.5, 1.5], l)).toBe(true);
    expect(pointInPolygon([1.5, 1.5], l)).toBe(false);
  });
  it('is false for degenerate polygons', () => {
    expect(pointInPolygon([0, 0], [])).toBe(false);
  });
});

describe('pointInGeoJsonPolygon', () => {
  const hole: LngLat[] = [
    [-70.65, -33.45],
    [-70.55, -33.45],
    [-70.55, -33.35],
    [-70.65, -33.35],
  ];
  it('excludes points in a hole', () => {
    expect(pointInGeoJsonPolygon([-70.68, -33.4], [square, hole])).toBe(true);
    expect(pointInGeoJsonPolygon([-70.6, -33.4], [square, hole])).toBe(false);
    expect(pointInGeoJsonPolygon([-70.6, -33.4], [])).toBe(false);
  });
});
