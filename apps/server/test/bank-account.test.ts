import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { accountsClient } from './support/accounts';
import { TEST_OSM_KEY } from './support/constants';

let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
beforeAll(async () => {
  shop = await createTestApp();
  client = accountsClient(shop);
});
afterAll(async () => {
  await shop?.close();
});

const ACCOUNT = {
  holderName: 'María Pérez',
  holderRut: '11111111-1',
  bank: 'Banco de Chile',
  accountType: 2,
  accountNumber: '001234567890',
};

describe('bank account', () => {
  it('saves the refund account with a §3 type, the holder RUT formatted, the number shown by its last four', async () => {
    const { token } = await client.loggedIn();
    expect((await client.call('GET', '/api/user/bank-account', { token })).json().code).toBe(
      'bankAccountNotFound',
    );
    const saved = await client.call('PUT', '/api/user/bank-account', { token, payload: ACCOUNT });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      holderName: 'María Pérez',
      holderRut: '11.111.111-1',
      bank: 'Banco de Chile',
      accountType: 2,
      accountNumberLast4: '7890',
    });
    const replaced = await client.call('PUT', '/api/user/bank-account', {
      token,
      payload: { ...ACCOUNT, accountType: 1, accountNumber: '55554444' },
    });
    expect(replaced.json()).toMatchObject({ accountType: 1, accountNumberLast4: '4444' });
    expect((await client.call('GET', '/api/user/bank-account', { token })).json()).toEqual(replaced.json());
    expect((await client.call('DELETE', '/api/user/bank-account', { token })).json()).toEqual({
      deleted: true,
    });
    expect((await client.call('GET', '/api/user/bank-account', { token })).statusCode).toBe(404);
  });

  it("checks the holder's RUT, the account type (1–3) and the number", async () => {
    const { token } = await client.loggedIn();
    const badRut = await client.call('PUT', '/api/user/bank-account', {
      token,
      payload: { ...ACCOUNT, holderRut: '11111111-2' },
    });
    expect(badRut.statusCode).toBe(400);
    expect(badRut.json()).toMatchObject({ code: 'invalidRut', message: 'Rut inválido' });
    for (const payload of [
      { ...ACCOUNT, accountType: 4 },
      { ...ACCOUNT, accountNumber: '12-34' },
      { ...ACCOUNT, bank: 'Banco Inventado' },
    ]) {
      expect((await client.call('PUT', '/api/user/bank-account', { token, payload })).statusCode).toBe(400);
    }
  });

  it('needs a session, and answers 404 featureDisabled with the flag off', async () => {
    expect((await client.call('GET', '/api/user/bank-account')).statusCode).toBe(401);
    const { token } = await client.loggedIn();
    const set = (enabled: boolean) =>
      shop.app.inject({
        method: 'PUT',
        url: '/api/operations/feature-flags/bankAccount',
        headers: TEST_OSM_KEY,
        payload: { enabled },
      });
    await set(false);
    const off = await client.call('PUT', '/api/user/bank-account', { token, payload: ACCOUNT });
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('featureDisabled');
    await set(true);
  });
});
