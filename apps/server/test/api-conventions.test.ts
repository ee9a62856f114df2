import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { TEST_KEY } from './support/constants';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => {
  await shop?.close();
});

describe('API conventions (§7 "All calls…")', () => {
  it('answers health without a key', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'up' });
  });

  it.each([
    [{}, 'Falta la cabecera x-api-key'],
    [{ 'x-api-key': 'test-web-key' }, 'Falta la cabecera x-consumer'],
    [{ 'x-api-key': 'nope', 'x-consumer': 'web' }, 'La clave de API no es válida para este consumidor'],
    [
      { 'x-api-key': 'test-web-key', 'x-consumer': 'osm' },
      'La clave de API no es válida para este consumidor',
    ],
  ])('refuses %j with 401 and a JSON message', async (headers, message) => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/catalog/product/1', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ statusCode: 401, message });
  });

  it('publishes OpenAPI with every catalogue and content path, and a docs page', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/api/catalog/product/{id}',
      '/api/catalog/products/search/{slug}/p',
      '/api/products/search/{*}',
      '/api/search/{*}',
      '/api/search/facets/{*}',
      '/api/facets/search/{*}',
      '/api/products/recommended',
      '/api/ranking/skus',
      '/api/collection/{id}/ranking',
      '/api/products/frequent',
      '/api/sponsored',
      '/api/banners/sponsored',
      '/api/autocomplete',
      '/api/catalog/specification/fields/{categoryId}',
      '/api/files/promotions.json',
      '/api/files/categories.json',
      '/api/search-suggestions/{term}',
      '/api/v3/search-suggestions/{term}',
      '/api/v4/{seller}/search-suggestions/{term}',
      '/api/v5/{seller}/search-suggestions/{term}',
      '/api/address/states',
      '/api/search-suggestions-popular',
      '/api/search-suggested-products/{*}',
      '/api/catalog/{seller}/products/skus',
      '/api/{seller}/products/skus',
      '/api/cms/{file}',
      '/api/cms/datetime',
      '/api/health',
    ]) {
      expect(paths, path).toContain(path);
    }
    const docs = await shop.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('gives a 400 naming the field for bad input, never a 500', async () => {
    const cases = [
      { url: '/api/catalog/product/abc', field: 'params.id' },
      { url: '/api/catalog/product/1?sc=-4', field: 'querystring.sc' },
      { url: '/api/products/search/lacteos?page=0', field: 'querystring.page' },
      { url: '/api/products/search/lacteos?O=Cheapest', field: 'querystring.O' },
      { url: '/api/autocomplete?maxRows=99', field: 'querystring.maxRows' },
      { url: '/api/ranking/skus?skus=1,x', field: 'querystring.skus' },
      { url: '/api/cms/..%2Fsecret.json', field: 'params.file' },
    ];
    for (const { url, field } of cases) {
      const response = await shop.app.inject({ method: 'GET', url, headers: TEST_KEY });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().field, url).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
      expect(response.json().message, url).toMatch(/^Campo inválido/);
    }
  });

  it('rejects a malformed JSON body with 400 and a Spanish message', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/search/lacteos',
      headers: { ...TEST_KEY, 'content-type': 'application/json' },
      payload: '{"selectedFacets": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('El cuerpo de la solicitud no es JSON válido');
    const badFacet = await shop.app.inject({
      method: 'POST',
      url: '/api/search/lacteos',
      headers: TEST_KEY,
      payload: { selectedFacets: [{ key: 'colour', value: 'red' }] },
    });
    expect(badFacet.statusCode).toBe(400);
    expect(badFacet.json().field).toBe('body.selectedFacets.0.key');
  });

  it('refuses an oversized body with 413', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/search/lacteos',
      headers: { ...TEST_KEY, 'content-type': 'application/json' },
      payload: JSON.stringify({ query: 'x'.repeat(300_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'payloadTooLarge',
      message: 'El cuerpo de la solicitud es demasiado grande',
    });
  });

  it("names Fastify's own refusals by a failure code: a media type it cannot parse, a broken JSON body", async () => {
    const wrongType = await shop.app.inject({
      method: 'POST',
      url: '/api/search/lacteos',
      headers: { ...TEST_KEY, 'content-type': 'application/xml' },
      payload: '<query/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({
      code: 'unsupportedMediaType',
      message: 'Tipo de contenido no soportado',
    });
    const brokenJson = await shop.app.inject({
      method: 'POST',
      url: '/api/search/lacteos',
      headers: { ...TEST_KEY, 'content-type': 'application/json' },
      payload: '{"query":',
    });
    expect(brokenJson.statusCode).toBe(400);
    expect(brokenJson.json()).toMatchObject({ code: 'invalidJson' });
    // A POST that says JSON and sends none, and a body that would poison prototypes, are refused alike.
    for (const payload of ['', '{"__proto__":{"admin":true}}']) {
      const refused = await shop.app.inject({
        method: 'POST',
        url: '/api/search/lacteos',
        headers: { ...TEST_KEY, 'content-type': 'application/json' },
        payload,
      });
      expect(refused.statusCode, payload).toBe(400);
    }
  });

  it('compresses responses with brotli or gzip and carries a request id', async () => {
    const brotli = await shop.app.inject({
      method: 'GET',
      url: '/api/products/search/lacteos',
      headers: { ...TEST_KEY, 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await shop.app.inject({
      method: 'GET',
      url: '/api/products/search/lacteos',
      headers: { ...TEST_KEY, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/nothing-here', headers: TEST_KEY });
    expect(response.statusCode).toBe(404);
    expect(response.json().statusCode).toBe(404);
  });
});
