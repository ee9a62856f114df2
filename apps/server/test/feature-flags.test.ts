import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CARD_REDIRECT_PAYMENT_ID, FEATURE_FLAG_NAMES, PAYMENT_IDS } from '@despensa/domain';
import { PostgresFlagProvider } from '../src/modules/flags/provider';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY, TEST_OSM_KEY } from './support/constants';
import { sellableSkus } from './support/cart';
import { CHECKOUT_START, completeCart, deliveringChannel } from './support/checkout';

let shop: TestApp;
let sc: number;
let skus: string[];
beforeAll(async () => {
  shop = await createTestApp({ clock: () => CHECKOUT_START });
  sc = await deliveringChannel(shop);
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 5 })).map((row) => String(row.id));
});
afterAll(async () => {
  await shop?.close();
});

const setFlag = async (flag: string, enabled: boolean) => {
  const answer = await shop.app.inject({
    method: 'PUT',
    url: `/api/operations/feature-flags/${flag}`,
    headers: TEST_OSM_KEY,
    payload: { enabled },
  });
  expect(answer.statusCode, answer.body).toBe(200);
};
const DEFAULTS = {
  prepaid: false,
  giftCard: true,
  wallet: true,
  productReviews: true,
  frequentProducts: true,
};
afterEach(async () => {
  for (const [flag, enabled] of Object.entries(DEFAULTS)) await setFlag(flag, enabled);
});

/** A complete cart but for its payment, and a call choosing one payment system for its total. */
async function cartToPay() {
  const cart = await completeCart(shop, { sc, items: [{ id: skus[0]!, quantity: 1 }], skip: ['payment'] });
  const choose = (paymentSystem: number, extra: Record<string, unknown> = {}) =>
    cart.call('POST', `/api/orderform/${cart.id}/payments`, {
      payments: [{ paymentSystem, installments: 1, value: cart.total, ...extra }],
    });
  return { ...cart, choose };
}

describe('§9 feature flags honoured by the API and the checkout', () => {
  it('serves every §9 flag', async () => {
    const answer = await shop.app.inject({ method: 'GET', url: '/api/feature-flags', headers: TEST_KEY });
    expect(Object.keys(answer.json()).sort()).toEqual([...FEATURE_FLAG_NAMES].sort());
    expect(answer.json()).toMatchObject({ prime: false, prepaid: false, giftCard: true, wallet: true });
  });

  it('gift card off: the option is refused when chosen, and at the transaction if chosen before', async () => {
    const cart = await cartToPay();
    expect((await cart.choose(PAYMENT_IDS.giftCard)).statusCode).toBe(200);
    await setFlag('giftCard', false);
    const refused = await cart.choose(PAYMENT_IDS.giftCard);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'paymentSystemOff',
      message: 'Ese medio de pago no está disponible por ahora. Elige otro.',
    });
    const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      value: cart.total,
      giftCard: { number: '6033000000000001', password: '1234' },
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json().code).toBe('paymentSystemOff');
    // The card redirect is always there.
    expect((await cart.choose(CARD_REDIRECT_PAYMENT_ID)).statusCode).toBe(200);
  });

  it('prepaid (off by default) refuses the prepaid one-click until switched on', async () => {
    const cart = await cartToPay();
    const off = await cart.choose(PAYMENT_IDS.prepaidOneClick, { accountId: 'card-1' });
    expect(off.json().code).toBe('paymentSystemOff');
    await setFlag('prepaid', true);
    expect((await cart.choose(PAYMENT_IDS.prepaidOneClick, { accountId: 'card-1' })).statusCode).toBe(200);
  });

  it('wallet off: its routes answer 404 and its balance and saved cards are no payment option', async () => {
    const cart = await cartToPay();
    expect((await cart.call('GET', '/api/wallet/cards')).statusCode).toBe(200);
    await setFlag('wallet', false);
    const cards = await cart.call('GET', '/api/wallet/cards');
    expect(cards.statusCode).toBe(404);
    expect(cards.json().code).toBe('featureDisabled');
    for (const paymentSystem of [PAYMENT_IDS.walletBalance, PAYMENT_IDS.oneClick, PAYMENT_IDS.debitOneClick])
      expect((await cart.choose(paymentSystem, { accountId: 'card-1' })).json().code).toBe(
        'paymentSystemOff',
      );
  });

  it('evaluates the flags once per change, not at every request (issue 33), and a change is read at once', async () => {
    const evaluations = vi.spyOn(PostgresFlagProvider.prototype, 'resolveBooleanEvaluation');
    const read = async () =>
      (await shop.app.inject({ method: 'GET', url: '/api/feature-flags', headers: TEST_KEY })).json();
    try {
      for (let i = 0; i < 5; i++) expect((await read()).wallet).toBe(true);
      expect(evaluations.mock.calls.length).toBeLessThanOrEqual(FEATURE_FLAG_NAMES.length);
      const before = evaluations.mock.calls.length;
      await setFlag('wallet', false);
      for (let i = 0; i < 5; i++) expect((await read()).wallet).toBe(false);
      expect(evaluations.mock.calls.length - before).toBe(FEATURE_FLAG_NAMES.length);
    } finally {
      evaluations.mockRestore();
    }
  });

  it('product reviews and frequent products off: their routes answer 404', async () => {
    const { product_id: productId } = (
      await shop.database.pool.query('SELECT product_id FROM sku WHERE id = $1', [skus[0]])
    ).rows[0];
    const reviews = `/api/catalog/product/${productId}/reviews`;
    const get = (url: string) => shop.app.inject({ method: 'GET', url, headers: TEST_KEY });
    expect((await get(reviews)).statusCode).toBe(200);
    expect((await get(`/api/products/frequent?sc=${sc}`)).statusCode).toBe(200);
    await setFlag('productReviews', false);
    await setFlag('frequentProducts', false);
    for (const url of [reviews, `/api/products/frequent?sc=${sc}`]) {
      const off = await get(url);
      expect(off.statusCode).toBe(404);
      expect(off.json().code).toBe('featureDisabled');
    }
  });
});
