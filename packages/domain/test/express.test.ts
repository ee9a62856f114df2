import { describe, it, expect } from 'vitest';
import { expressAddedMinutes, expressEstimateMinutes, isWithinExpressLimit } from '../src/index';

describe('expressAddedMinutes', () => {
  it.each([
    [0, 0],
    [1, 0],
    [30, 0],
    [31, 20],
    [60, 20],
    [61, 40],
    [90, 40],
    [91, 85],
    [180, 85],
    [181, 120],
    [300, 120],
    [301, 120],
    [1000, 120],
  ])('%i items add %i minutes', (items, minutes) => {
    expect(expressAddedMinutes(items)).toBe(minutes);
  });
  it('treats non-numbers as no items', () => {
    expect(expressAddedMinutes(Number.NaN)).toBe(0);
  });
});

describe('expressEstimateMinutes', () => {
  it('adds to the stored delivery time', () => {
    expect(expressEstimateMinutes(10, 90)).toBe(90);
    expect(expressEstimateMinutes(61, 90)).toBe(130);
  });
  it('uses 180 minutes when no delivery time is stored', () => {
    expect(expressEstimateMinutes(30)).toBe(180);
    expect(expressEstimateMinutes(31, null)).toBe(200);
    expect(expressEstimateMinutes(181, 0)).toBe(300);
  });
});

describe('isWithinExpressLimit', () => {
  it('allows up to 180 items', () => {
    expect(isWithinExpressLimit(180)).toBe(true);
    expect(isWithinExpressLimit(181)).toBe(false);
  });
});
