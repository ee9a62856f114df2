import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { configuredGeocoder } from '../src/providers/geocoder/configured';
import { createTestApp, type TestApp } from './support/app';
import { ADDRESS, accountsClient } from './support/accounts';
import { TEST_KEY } from './support/constants';

// Issue 31 item 2: street-level points from a Nominatim-speaking server (the shop's own sandbox, over
// HTTP), the comuna's centre when it cannot say, and exclusion zones tested at the address's own point.
let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
let token: string;
beforeAll(async () => {
  shop = await createTestApp();
  // Listening, the shop's geocoder asks its own /sandbox/nominatim over HTTP (GEOCODER_URL unset).
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  client = accountsClient(shop);
  token = (await client.loggedIn()).token;
});
afterAll(async () => {
  await shop?.close();
});

async function addAddress(street: string, number: string, city: string) {
  const response = await client.call('POST', '/api/user/address', {
    token,
    payload: {
      ...ADDRESS,
      street,
      number,
      neighborhood: city,
      city,
      authenticationToken: await client.start(),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { geoCoordinates: [number, number]; geoPrecision: string };
}

async function coverageAt([lng, lat]: [number, number]): Promise<string> {
  const response = await shop.app.inject({
    method: 'GET',
    url: `/api/sales-channel/geolocation?lat=${lat}&lng=${lng}`,
    headers: TEST_KEY,
  });
  return response.json().payload.coverageState;
}

describe('geocoding through Nominatim’s search API', () => {
  it('the sandbox answers a demo street as Nominatim does, and [] for a street it does not know', async () => {
    const search = (query: string) =>
      shop.app.inject({ method: 'GET', url: `/sandbox/nominatim/search?${query}` });
    const hit = await search(
      'street=4000+Av.+Club+H%C3%ADpico&city=Pedro+Aguirre+Cerda&country=Chile&countrycodes=cl&format=jsonv2&limit=1',
    );
    expect(hit.statusCode).toBe(200);
    expect(hit.json()).toEqual([
      expect.objectContaining({
        lat: '-33.4690000',
        lon: '-70.6365000',
        place_rank: 30,
        address: expect.objectContaining({
          road: 'Avenida Club Hípico',
          house_number: '4000',
          country_code: 'cl',
        }),
      }),
    ]);
    const miss = await search('street=1+Calle+Inventada&city=Pedro+Aguirre+Cerda&format=jsonv2');
    expect(miss.json()).toEqual([]);
  });

  it('places two addresses of one comuna at their own street points, one inside the polygon exclusion zone and one outside', async () => {
    const inside = await addAddress('Av. Club Hípico', '4000', 'Pedro Aguirre Cerda');
    const outside = await addAddress('Av. Departamental', '1500', 'Pedro Aguirre Cerda');
    expect(inside).toMatchObject({ geoPrecision: 'street', geoCoordinates: [-70.6365, -33.469] });
    expect(outside).toMatchObject({ geoPrecision: 'street', geoCoordinates: [-70.648, -33.478] });
    expect(await coverageAt(inside.geoCoordinates)).toBe('exclusionZone');
    expect(await coverageAt(outside.geoCoordinates)).toBe('covered');
  });

  it('asks the server GEOCODER_URL names', async () => {
    const { port } = shop.app.server.address() as AddressInfo;
    const config = loadConfig({ GEOCODER_URL: `http://127.0.0.1:${port}/sandbox/nominatim/` });
    const geocoder = configuredGeocoder(
      config,
      () => null,
      () => {},
    );
    const street = {
      country: 'CL',
      street: 'Av. Departamental',
      number: '1500',
      comuna: 'Pedro Aguirre Cerda',
      region: 'Metropolitana de Santiago',
    } as const;
    expect(await geocoder.geocode(street)).toEqual({
      geoCoordinates: [-70.648, -33.478],
      precision: 'street',
    });
  });

  it('takes the comuna’s centre, stored as such, for a street the maps service does not know', async () => {
    const address = await addAddress('Calle Inventada', '1', 'Pedro Aguirre Cerda');
    expect(address).toMatchObject({ geoPrecision: 'comuna', geoCoordinates: [-70.63333, -33.46667] });
    // Without a street point, the whole comuna's centre is inside the exclusion zone.
    expect(await coverageAt(address.geoCoordinates)).toBe('exclusionZone');
  });
});

describe('when the maps service fails', () => {
  let silent: Server;
  let silentUrl: string;
  beforeAll(async () => {
    // Accepts the request and never answers: only the timeout ends the wait.
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
  const query = {
    country: 'CL',
    street: 'Av. Club Hípico',
    number: '4000',
    comuna: 'Pedro Aguirre Cerda',
    region: 'Metropolitana de Santiago',
  } as const;

  it('falls back to the comuna’s centre after a short timeout', async () => {
    const logged: string[] = [];
    const config = loadConfig({ GEOCODER_URL: silentUrl, GEOCODER_TIMEOUT_MS: '200' });
    const geocoder = configuredGeocoder(
      config,
      () => null,
      (message) => logged.push(message),
    );
    const started = Date.now();
    expect(await geocoder.geocode(query)).toEqual({
      geoCoordinates: [-70.63333, -33.46667],
      precision: 'comuna',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(logged).toEqual([expect.stringContaining('comuna centre used')]);
  });

  it('falls back to the comuna’s centre when nothing listens there', async () => {
    const config = loadConfig({ GEOCODER_URL: 'http://127.0.0.1:9', GEOCODER_TIMEOUT_MS: '500' });
    const geocoder = configuredGeocoder(
      config,
      () => null,
      () => {},
    );
    expect(await geocoder.geocode(query)).toEqual({
      geoCoordinates: [-70.63333, -33.46667],
      precision: 'comuna',
    });
  });

  it('refuses a GEOCODER_URL that is neither a http(s) URL nor offline', () => {
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://maps.example' })).toThrow(/GEOCODER_URL/);
    expect(loadConfig({ GEOCODER_URL: 'offline' }).GEOCODER_URL).toBe('offline');
  });
});
