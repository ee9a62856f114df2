import { describe, expect, it } from 'vitest';
import {
  DELIVERY_METHODS,
  cartGaps,
  cartGapsText,
  checkoutCartOf,
  isCartComplete,
  isShippingValid,
  shippingGaps,
  type CheckoutCart,
} from '../src';

const WINDOW = { startDateUtc: '2026-11-03T13:00:00Z', endDateUtc: '2026-11-03T15:00:00Z' };
const home = DELIVERY_METHODS.homeDelivery.id;
const express = DELIVERY_METHODS.express.id;

const complete = (): CheckoutCart => ({
  payments: [{ paymentSystem: 2 }],
  clientProfile: { document: '11.111.111-1', email: 'ana@example.cl', phone: '+56912345678' },
  items: [
    { seller: '1', selectedSla: home, deliveryWindow: WINDOW },
    { seller: '2', selectedSla: home, deliveryWindow: WINDOW },
  ],
  selectedAddressId: 'casa',
  receiverName: 'Ana Pérez',
  expressEnabled: true,
});

describe('§5 shipping valid', () => {
  it('holds when every seller has a sla with a window, an address id and a receiver', () => {
    expect(shippingGaps(complete())).toEqual([]);
    expect(isShippingValid(complete())).toBe(true);
  });
  it('names a seller whose items have no selected sla', () => {
    const cart = complete();
    cart.items[1]!.selectedSla = null;
    expect(shippingGaps(cart)).toEqual(['selectedSla']);
  });
  it('names a missing window, for one seller only too', () => {
    const cart = complete();
    cart.items[1]!.deliveryWindow = null;
    expect(shippingGaps(cart)).toEqual(['deliveryWindow']);
    expect(isShippingValid(cart)).toBe(false);
  });
  it('exempts express from the window when express is enabled, not when it is not', () => {
    const cart = complete();
    cart.items = cart.items.map((item) => ({ ...item, selectedSla: express, deliveryWindow: null }));
    expect(shippingGaps(cart)).toEqual([]);
    expect(shippingGaps({ ...cart, expressEnabled: false })).toEqual(['deliveryWindow']);
  });
  it('names a missing or blank address id and receiver name', () => {
    expect(shippingGaps({ ...complete(), selectedAddressId: null })).toEqual(['selectedAddress']);
    expect(shippingGaps({ ...complete(), selectedAddressId: ' ' })).toEqual(['selectedAddress']);
    expect(shippingGaps({ ...complete(), receiverName: null })).toEqual(['receiverName']);
    expect(shippingGaps({ ...complete(), receiverName: '' })).toEqual(['receiverName']);
  });
  it('is not valid for a cart without items', () => {
    expect(shippingGaps({ ...complete(), items: [] })).toEqual(['selectedSla']);
  });
});

describe('§5 cart complete', () => {
  it('holds with a payment, document, e-mail, phone and valid shipping', () => {
    expect(cartGaps(complete())).toEqual([]);
    expect(isCartComplete(complete())).toBe(true);
  });
  it('names a missing payment', () => {
    expect(cartGaps({ ...complete(), payments: [] })).toEqual(['payment']);
  });
  it('names each missing profile field, and all three without a profile', () => {
    const profile = complete().clientProfile!;
    expect(cartGaps({ ...complete(), clientProfile: { ...profile, document: null } })).toEqual(['document']);
    expect(cartGaps({ ...complete(), clientProfile: { ...profile, email: '' } })).toEqual(['email']);
    expect(cartGaps({ ...complete(), clientProfile: { ...profile, phone: null } })).toEqual(['phone']);
    expect(cartGaps({ ...complete(), clientProfile: null })).toEqual(['document', 'email', 'phone']);
  });
  it('is not complete when shipping is not valid, and says why', () => {
    const cart = { ...complete(), receiverName: null };
    expect(isCartComplete(cart)).toBe(false);
    expect(cartGaps(cart)).toEqual(['receiverName']);
  });
});

describe('the cart as the checkout reads it (checkoutCartOf)', () => {
  const stored = {
    payments: [{ paymentSystem: 2 }],
    clientProfile: complete().clientProfile,
    items: [{ seller: '1', selectedSla: home }],
    window: WINDOW,
    choice: { selectedSla: home, addressId: 'casa', storeId: 'tienda-7' },
    address: { addressId: 'otra', receiverName: 'Del domicilio' },
    orderInfoReceiverName: null,
  };
  it("takes home delivery's address book entry, the window for every item, the address's receiver", () => {
    const cart = checkoutCartOf(stored);
    expect(cart.selectedAddressId).toBe('casa');
    expect(cart.items).toEqual([{ seller: '1', selectedSla: home, deliveryWindow: WINDOW }]);
    expect(cart.receiverName).toBe('Del domicilio');
    expect(cartGaps(cart)).toEqual([]);
  });
  it("takes the order info's receiver first, and the address's id without a chosen one", () => {
    const cart = checkoutCartOf({ ...stored, choice: null, orderInfoReceiverName: 'Ana Pérez' });
    expect(cart.receiverName).toBe('Ana Pérez');
    expect(cart.selectedAddressId).toBe('otra');
  });
  it("takes the store as a pickup's selected address (its shipping address is the fixed Santiago one)", () => {
    const pickup = DELIVERY_METHODS.storePickup.id;
    const cart = checkoutCartOf({
      ...stored,
      items: [{ seller: '1', selectedSla: pickup }],
      choice: { selectedSla: pickup, addressId: null, storeId: 'tienda-7' },
      address: { receiverName: 'Ana' },
    });
    expect(cart.selectedAddressId).toBe('tienda-7');
    expect(cartGaps(cart)).toEqual([]);
    expect(cartGaps(checkoutCartOf({ ...stored, window: null, address: null }))).toEqual([
      'deliveryWindow',
      'receiverName',
    ]);
  });
  it('names what is missing in one sentence, or nothing', () => {
    expect(cartGapsText(['document', 'phone'])).toBe('Falta completar: RUT, teléfono.');
    expect(cartGapsText(['receiverName'])).toBe('Falta completar: quién recibe.');
    expect(cartGapsText([])).toBe('');
  });
});
