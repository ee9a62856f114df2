import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { ADDRESS, accountsClient, lastCode } from './support/accounts';

let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
let customer: Awaited<ReturnType<ReturnType<typeof accountsClient>['loggedIn']>>;
beforeAll(async () => {
  shop = await createTestApp();
  client = accountsClient(shop);
  customer = await client.loggedIn();
});
afterAll(async () => {
  await shop?.close();
});

describe('address book', () => {
  it('creates a sanitised, geocoded address with its display line and label', async () => {
    const response = await client.call('POST', '/api/user/address', {
      token: customer.token,
      payload: { ...ADDRESS, authenticationToken: await client.start() },
    });
    expect(response.statusCode, response.body).toBe(201);
    const address = response.json();
    expect(address).toMatchObject({
      country: 'CHL',
      addressType: 'residential',
      postalCode: '',
      complement: 'Depto 501 alert(1)',
      reference: 'Frente al parque',
      geoPrecision: 'comuna',
      blocked: true,
    });
    expect(address.geoCoordinates[0]).toBeCloseTo(-70.6, 0);
    expect(address.geoCoordinates[1]).toBeCloseTo(-33.43, 1);
    expect(address.displayLine).toBe(
      'Av. Providencia 1234, Depto 501 alert(1), Providencia, Providencia, Metropolitana de Santiago',
    );
    // Unnamed, it goes by its §3 line cut to 30 by the street: the number and comuna stay in sight.
    expect(address.label).toBe('Av. Provide… 1234, Providencia');
    const read = await client.call('GET', `/api/user/address/${address.addressId}`, {
      token: customer.token,
    });
    expect(read.json()).toEqual(address);
  });

  it('keeps client coordinates, updates, hides comma/space ids and * labels, deletes', async () => {
    const mine = await client.call('POST', '/api/user/address', {
      token: customer.token,
      payload: { ...ADDRESS, addressName: 'Casa', geoCoordinates: [-70.5, -33.4] },
    });
    expect(mine.json()).toMatchObject({
      geoPrecision: 'client',
      geoCoordinates: [-70.5, -33.4],
      label: 'Casa',
    });
    const id = mine.json().addressId;
    await client.call('POST', '/api/user/address', {
      token: customer.token,
      payload: { ...ADDRESS, addressId: 'a,b' },
    });
    await client.call('POST', '/api/user/address', {
      token: customer.token,
      payload: { ...ADDRESS, addressId: 'a b' },
    });
    await client.call('POST', '/api/user/address', {
      token: customer.token,
      payload: { ...ADDRESS, addressName: 'Oculta*' },
    });
    const list = (await client.call('GET', '/api/user/address', { token: customer.token })).json();
    expect(list.map((a: { addressId: string }) => a.addressId)).toContain(id);
    expect(
      list.some(
        (a: { addressId: string; label: string }) => /[, ]/.test(a.addressId) || a.label.includes('*'),
      ),
    ).toBe(false);
    const put = await client.call('PUT', `/api/user/address/${id}`, {
      token: customer.token,
      payload: { ...ADDRESS, city: 'Ñuñoa', reference: '<b>portón</b> verde' },
    });
    expect(put.json()).toMatchObject({ city: 'Ñuñoa', reference: 'portón verde', geoPrecision: 'comuna' });
    expect(
      (await client.call('DELETE', `/api/user/address/${id}`, { token: customer.token })).statusCode,
    ).toBe(200);
    expect((await client.call('GET', `/api/user/address/${id}`, { token: customer.token })).statusCode).toBe(
      404,
    );
    expect(
      (await client.call('DELETE', `/api/user/address/${id}`, { token: customer.token })).statusCode,
    ).toBe(404);
  });

  it('blocks a new address until the e-mailed key validates it', async () => {
    const id = (
      await client.call('POST', '/api/user/address', { token: customer.token, payload: ADDRESS })
    ).json().addressId;
    const check = await client.call('GET', `/api/user/address/verifyBlocked/${id}`, {
      token: customer.token,
    });
    expect(check.json()).toMatchObject({
      addressId: id,
      blocked: true,
      sentTo: expect.stringContaining('***@correo.cl'),
    });
    const code = lastCode(shop, customer.email);
    const authenticationToken = await client.start();
    const wrong = await client.call('POST', `/api/user/address/validate/${id}`, {
      token: customer.token,
      payload: { accessKey: code === '111111' ? '222222' : '111111', authenticationToken },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrongAccessKey', field: 'accessKey' });
    const ok = await client.call('POST', `/api/user/address/validate/${id}`, {
      token: customer.token,
      payload: { accessKey: code, authenticationToken },
    });
    expect(ok.json().blocked).toBe(false);
    expect(
      (await client.call('GET', `/api/user/address/verifyBlocked/${id}`, { token: customer.token })).json(),
    ).toEqual({ addressId: id, blocked: false });
    const moved = await client.call('PUT', `/api/user/address/${id}`, {
      token: customer.token,
      payload: { ...ADDRESS, number: '99' },
    });
    expect(moved.json().blocked).toBe(true);
  });

  it('lists regions and comunas for the pickers', async () => {
    const regions = (await client.call('GET', '/api/address/regions')).json();
    expect(regions).toHaveLength(16);
    const rm = regions.find((r: { romanNumeral: string }) => r.romanNumeral === 'RM');
    const comunas = (await client.call('GET', `/api/address/regions/${rm.code}/comunas`)).json();
    expect(comunas.map((c: { name: string }) => c.name)).toContain('Providencia');
    const noRegion = await client.call('GET', '/api/address/regions/99/comunas');
    expect(noRegion.statusCode).toBe(404);
    expect(noRegion.json().code).toBe('regionNotFound');
  });

  it('needs a session and validates the body', async () => {
    const anonymous = await client.call('GET', '/api/user/address');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('notLoggedIn');
    const bad = await client.call('POST', '/api/user/address', {
      token: customer.token,
      payload: { ...ADDRESS, country: 'ARG' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
