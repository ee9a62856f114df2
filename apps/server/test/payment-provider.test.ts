import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_IDS, PAYMENT_RECONCILE_AFTER_MS, paymentSystemOf } from '@despensa/domain';
import type { Order, OrderForm, TransactionAnswer } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import { CHECKOUT_START, completeCart, deliveringChannel } from './support/checkout';
import { FakePaymentProvider } from './support/fake-payment-provider';

let now = CHECKOUT_START;
let shop: TestApp;
let sc: number;
let skus: string[];
/** Registered over the wallet's channel: its payment systems are now paid through the fake alone. */
const fake = new FakePaymentProvider(paymentSystemOf(PAYMENT_IDS.walletBalance)!.channel);

beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  shop.services.checkout.payments.register(fake);
  sc = await deliveringChannel(shop);
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 4 })).map((row) => String(row.id));
});
afterAll(async () => {
  await shop?.close();
});

const totalizer = (form: OrderForm, id: string) => form.totalizers.find((each) => each.id === id)!.value;

async function placeWithFake(sku: string) {
  const cart = await completeCart(shop, {
    sc,
    items: [{ id: sku, quantity: 1 }],
    pay: (form, fee) => [
      {
        paymentSystem: PAYMENT_IDS.walletBalance,
        installments: 1,
        value: totalizer(form, 'BalanceCencoPay') + totalizer(form, 'DiscountsBalanceCencoPay') + fee,
      },
    ],
  });
  const value = (cart.form.paymentData.payments[0] as { value: number }).value;
  const placed = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
    referenceId: cart.id,
    savePersonalData: true,
    optinNewsLetter: false,
    value,
    interestValue: 0,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const answer: TransactionAnswer = placed.json();
  const group = async () =>
    (await cart.call('GET', `/api/checkout/pub/orders/group/${answer.orderId}`)).json() as Promise<Order[]>;
  return { cart, answer, value, group };
}

describe('a payment provider registered in one file pays an order end to end', () => {
  it('is initiated and authorized at placement; the order is paid; a cancel refunds through it', async () => {
    fake.approveAt = 'authorize';
    const { cart, answer, value, group } = await placeWithFake(skus[0]!);
    expect(answer.redirectUrl).toBe(`/checkout/orderPlaced?og=${answer.orderId}`);
    const [order] = await group();
    expect(order!.status).toBe('ready-for-handling');
    expect((await cart.call('GET', `/api/pvt/transactions/${answer.tId}`)).json().status).toBe('Approved');
    expect(fake.calls).toEqual([
      ['initiate', cart.shopper.userId],
      ['authorize', answer.orderId],
    ]);

    const canceled = await cart.call('POST', `/api/order/cancel/${order!.orderId}`, {
      phone: '+56912345678',
      comment: '',
      reason: 'wrongAddress',
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(fake.calls.at(-1)).toEqual(['refund', value]);
  });

  it('left pending by the provider, the reconciliation settles the payment through its status', async () => {
    fake.approveAt = 'status';
    fake.calls.length = 0;
    const { answer, group } = await placeWithFake(skus[1]!);
    expect((await group())[0]!.status).toBe('payment-pending');
    now = new Date(CHECKOUT_START.getTime() + PAYMENT_RECONCILE_AFTER_MS + 1000);
    try {
      expect(await shop.services.checkout.reconcile()).toBe(1);
    } finally {
      now = CHECKOUT_START;
    }
    expect(fake.calls.at(-1)).toEqual(['status', answer.orderId]);
    expect((await group())[0]!.status).toBe('ready-for-handling');
  });
});
