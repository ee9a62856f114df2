import { describe, it, expect } from 'vitest';
import {
  EXPRESS_UNAVAILABLE_MESSAGES,
  expressAddedMinutes,
  expressEstimateMinutes,
  isWithinExpressLimit,
} from '../src/index';

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

describe('what the shopper is told when express is unavailable', () => {
  it('quotes the §9 limits: 180 products, from 10:00, at most 3,5 hours', () => {
    expect(EXPRESS_UNAVAILABLE_MESSAGES.tooManyItems).toBe('Despacho Express admite hasta 180 productos.');
    expect(EXPRESS_UNAVAILABLE_MESSAGES.beforeCutoff).toBe(
      'Despacho Express recibe pedidos desde las 10:00.',
    );
    expect(EXPRESS_UNAVAILABLE_MESSAGES.beyondTimeLimit).toBe(
      'Tu pedido supera el tiempo máximo de Despacho Express (3,5 horas).',
    );
  });
});
