import { describe, expect, it } from 'vitest';
import { servedMode, storeOffersMode, storeOffersPickup } from '../src/index';

describe('the modes a store offers', () => {
  const pickupOnly = { pickup: true, car: false };
  it('follows its pickup and Click al Auto flags; home and express are not its flags to decide', () => {
    expect(storeOffersMode(pickupOnly, 'storePickup')).toBe(true);
    expect(storeOffersMode(pickupOnly, 'carPickup')).toBe(false);
    expect(storeOffersMode({ pickup: false, car: false }, 'homeDelivery')).toBe(true);
    expect(storeOffersMode({ pickup: false, car: false }, 'express')).toBe(true);
    expect(storeOffersPickup({ pickup: false, car: true })).toBe(true);
    expect(storeOffersPickup({ pickup: false, car: false })).toBe(false);
  });
});

describe('the mode an order is served in', () => {
  it('turns express that cannot be promised into home delivery, and leaves every other mode', () => {
    expect(servedMode('express', false)).toBe('homeDelivery');
    expect(servedMode('express', true)).toBe('express');
    expect(servedMode('storePickup', false)).toBe('storePickup');
  });
});
