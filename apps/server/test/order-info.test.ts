import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderInfo } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { cartClient, sellableSkus } from './support/cart';
import { TEST_KEY } from './support/constants';

let shop: TestApp;
let cart: ReturnType<typeof cartClient>;
let skus: string[];
beforeAll(async () => {
  shop = await createTestApp();
  cart = cartClient(shop);
  skus = (await sellableSkus(shop, { limit: 5 })).map((row) => String(row.id));
});
afterAll(async () => {
  await shop?.close();
});

async function cartWithThree(): Promise<string> {
  const form = await cart.create({ items: skus.slice(0, 3).map((id) => ({ id, quantity: 1 })) });
  return form.orderFormId;
}
const info = async (id: string): Promise<OrderInfo> =>
  (await cart.call('GET', `/api/order/info/${id}`)).json();
const save = (id: string, body: unknown) => cart.call('POST', `/api/order/info/${id}`, body);

describe('order info (§3, §4 substitution preferences)', () => {
  it('defaults every item to the store criterion (6)', async () => {
    const id = await cartWithThree();
    const response = await cart.call('GET', `/api/order/info/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id,
      substituteType: 6,
      receiverData: null,
      skuData: Object.fromEntries(skus.slice(0, 3).map((sku) => [sku, { substituteType: 6, note: null }])),
    });
  });

  it('stores per-sku preferences, notes, the overall preference and the receiver', async () => {
    const id = await cartWithThree();
    const response = await save(id, {
      skuData: { [skus[0]!]: { substituteType: 2, note: 'Solo sin lactosa' } },
      receiverData: { name: 'Ana Pérez', phone: '+56912345678' },
    });
    expect(response.statusCode).toBe(200);
    const stored = await info(id);
    expect(stored.skuData[skus[0]!]).toEqual({ substituteType: 2, note: 'Solo sin lactosa' });
    expect(stored.skuData[skus[1]!]).toEqual({ substituteType: 6, note: null });
    expect(stored.receiverData).toEqual({ name: 'Ana Pérez', phone: '+56912345678' });

    await save(id, { substituteType: 2 });
    const overall = await info(id);
    expect(overall.substituteType).toBe(2);
    expect(overall.skuData[skus[1]!]!.substituteType).toBe(2);
    expect(overall.skuData[skus[0]!]!.note).toBe('Solo sin lactosa');
  });

  it('drops the entry of an item removed from the cart', async () => {
    const id = await cartWithThree();
    await save(id, { skuData: { [skus[1]!]: { substituteType: 2, note: 'x' } } });
    await cart.patch(id, [{ id: skus[1]!, quantity: 0 }]);
    expect(Object.keys((await info(id)).skuData)).not.toContain(skus[1]);
    // Adding it again starts from the default.
    await cart.patch(id, [{ id: skus[1]!, quantity: 1 }]);
    expect((await info(id)).skuData[skus[1]!]).toEqual({ substituteType: 6, note: null });
    await cart.call('POST', `/api/orderform/${id}/items/removeAll`, {});
    expect((await info(id)).skuData).toEqual({});
  });

  it('refuses skus not in the cart, unknown substitute types and bad phones with 400', async () => {
    const id = await cartWithThree();
    const notInCart = await save(id, { skuData: { [skus[4]!]: { substituteType: 2 } } });
    expect(notInCart.statusCode).toBe(400);
    expect(notInCart.json().message).toBe(`El producto ${skus[4]} no está en el carro`);
    expect((await save(id, { substituteType: 5 })).statusCode).toBe(400);
    expect((await save(id, { skuData: { [skus[0]!]: { substituteType: 3 } } })).statusCode).toBe(400);
    const phone = await save(id, { receiverData: { name: 'Ana', phone: '12' } });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toBe('Teléfono inválido');
  });

  it('needs x-account and a known orderFormId', async () => {
    const id = await cartWithThree();
    const noAccount = await shop.app.inject({
      method: 'GET',
      url: `/api/order/info/${id}`,
      headers: TEST_KEY,
    });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().message).toBe('Falta la cabecera x-account');
    expect((await cart.call('GET', '/api/order/info/corto')).statusCode).toBe(404);
    expect((await cart.call('GET', `/api/order/info/${'0'.repeat(32)}`)).statusCode).toBe(404);
    expect((await save('0'.repeat(32), { substituteType: 2 })).statusCode).toBe(404);
  });
});
