import { describe, expect, it } from 'vitest';
import { isDiscardableCart } from '../src/index';

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
