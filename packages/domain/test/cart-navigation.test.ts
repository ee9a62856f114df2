import { describe, expect, it } from 'vitest';
import { cartItemsFromUrl, goToCheckoutTarget } from '../src/index';

describe('goToCheckoutTarget (§2 go-to-checkout rules)', () => {
  const chosen = {
    loggedIn: true,
    deliveryMode: 'seller-1-sla-RetiroenTienda',
    storeName: 'Local Ñuñoa',
    defaultStoreName: 'Despensa',
  };
  it('sends a visitor who is not logged in to the login dialog, whatever the delivery', () => {
    expect(goToCheckoutTarget({ ...chosen, loggedIn: false })).toBe('login');
    expect(goToCheckoutTarget({ ...chosen, loggedIn: false, deliveryMode: null })).toBe('login');
  });
  it('sends a logged-in user with no delivery mode or the default store to the delivery selector', () => {
    expect(goToCheckoutTarget({ ...chosen, deliveryMode: null })).toBe('deliverySelector');
    expect(goToCheckoutTarget({ ...chosen, deliveryMode: '' })).toBe('deliverySelector');
    expect(goToCheckoutTarget({ ...chosen, storeName: 'Despensa' })).toBe('deliverySelector');
    expect(goToCheckoutTarget({ ...chosen, storeName: null })).toBe('deliverySelector');
  });
  it('sends everyone else to /_secure/cart', () => {
    expect(goToCheckoutTarget(chosen)).toBe('secureCart');
  });
});

describe('cartItemsFromUrl (§2 add by URL)', () => {
  const read = (query: string) => cartItemsFromUrl(new URLSearchParams(query));
  it('reads the three lists side by side', () => {
    expect(read('sku=1,2&quantity=3,1&seller=1,2')).toEqual([
      { id: '1', quantity: 3, seller: '1' },
      { id: '2', quantity: 1, seller: '2' },
    ]);
  });
  it('defaults quantity to 1 and seller to 1', () => {
    expect(read('sku=10,20&quantity=4')).toEqual([
      { id: '10', quantity: 4, seller: '1' },
      { id: '20', quantity: 1, seller: '1' },
    ]);
    expect(read('sku=7&quantity=0')).toEqual([{ id: '7', quantity: 1, seller: '1' }]);
    expect(read('sku=7&quantity=abc')).toEqual([{ id: '7', quantity: 1, seller: '1' }]);
  });
  it('skips ids that are not skus and adds up repeated skus', () => {
    expect(read('sku=a,5,,5&quantity=9,1,1,2')).toEqual([{ id: '5', quantity: 3, seller: '1' }]);
    expect(read('')).toEqual([]);
  });
});
