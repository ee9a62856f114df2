import { Ajv2020 } from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

interface Schema {
  properties?: Record<string, Schema>;
  items?: Schema;
}

let shop: TestApp;
let document: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: { in: string; name: string }[]; responses: Record<string, { content?: object }> }
    >
  >;
};
beforeAll(async () => {
  // With the storefront served, as `npm start` publishes it: its page routes must stay out of the document.
  shop = await createTestApp({ web: true });
  document = (await shop.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await shop?.close();
});

describe('the published OpenAPI document (§7)', () => {
  it('validates with a standard OpenAPI validator, every $ref resolved', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(JSON.stringify(document)).not.toContain('schema0');
  });

  it('validates with @apidevtools/swagger-parser too', async () => {
    // It dereferences the document it is given in place.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('documents the API only, not the storefront pages', () => {
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('documents the event streams as text/event-stream and their refusals as JSON', () => {
    for (const path of ['/api/orders/{id}/events', '/api/operations/events']) {
      const { responses } = document.paths[path]!.get!;
      expect(Object.keys(responses[200]!.content!), path).toEqual(['text/event-stream']);
      for (const status of ['400', '401', '404', '405'])
        expect(Object.keys(responses[status]!.content!), `${path} ${status}`).toEqual(['application/json']);
    }
  });

  it('declares only the path parameters each path has', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(operations)) {
        const declared = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort(), `${method} ${path}`).toEqual(inPath.sort());
      }
    }
  });

  it('declares the 4xx answers on every route, and the cart and user headers', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const status of ['400', '401', '404', '405'])
          expect(Object.keys(operation.responses), `${method} ${path}`).toContain(status);
        const headers = (operation.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
        if (path.startsWith('/api/orderform/')) expect(headers, `${method} ${path}`).toContain('x-account');
        if (path.startsWith('/api/user')) expect(headers, `${method} ${path}`).toContain('x-access-token');
      }
    }
  });

  it('lets the shipping simulation answer the nulls the route returns (message, selectedSla)', () => {
    const simulation = (document as unknown as { components: { schemas: Record<string, Schema> } }).components
      .schemas.ShippingSimulation!;
    const ajv = new Ajv2020({ strict: false });
    expect(ajv.validate(simulation.properties!.message!, null)).toBe(true);
    const entry = simulation.properties!.logisticsInfo!.items!;
    expect(ajv.validate(entry.properties!.selectedSla!, null)).toBe(true);
  });
});
