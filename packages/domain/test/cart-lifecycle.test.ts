import { describe, expect, it } from 'vitest';
import { isDiscardableCart, quantityLabel, quantityStepLabel, weightInKg } from '../src/index';

const empty = { items: [], clientProfileData: null, shippingData: { address: null } };

describe('§4 go-to-cart: an empty cart with no profile or address is discarded and recreated', () => {
  it('discards an empty cart with neither', () => {
    expect(isDiscardableCart(empty)).toBe(true);
    expect(isDiscardableCart({ ...empty, shippingData: null })).toBe(true);
  });

  it('keeps a cart with items, a client profile or an address', () => {
    expect(isDiscardableCart({ ...empty, items: [{ id: '1' }] })).toBe(false);
    expect(isDiscardableCart({ ...empty, clientProfileData: { email: 'ana@example.cl' } })).toBe(false);
    expect(isDiscardableCart({ ...empty, shippingData: { address: { street: 'Av. Apoquindo' } } })).toBe(
      false,
    );
  });
});

describe('quantities as the shopper chooses them', () => {
  it('reads a weighed quantity in kg, steps of its unitMultiplier, and a unit quantity as a count', () => {
    const chicken = { unitMultiplier: 0.5, measurementUnit: 'kg' };
    expect(quantityLabel({ ...chicken, quantity: 1 })).toBe('0,5 kg');
    expect(quantityLabel({ ...chicken, quantity: 3 })).toBe('1,5 kg');
    expect(weightInKg({ ...chicken, quantity: 2 })).toBe(1);
    expect(quantityStepLabel(chicken)).toBe('0,5 kg');
    expect(quantityLabel({ unitMultiplier: 1, measurementUnit: 'un', quantity: 3 })).toBe('3');
    expect(quantityStepLabel({ unitMultiplier: 1, measurementUnit: 'un' })).toBe('una unidad');
  });
});
