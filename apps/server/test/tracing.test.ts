import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tracing } from '../src/telemetry/tracing';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import { CHECKOUT_START, completeCart, deliveringChannel, placeTransaction } from './support/checkout';
import { TEST_KEY } from './support/constants';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
}
/** OTLP's span kinds. */
const SERVER = 2;
const CLIENT = 3;

/** A collector speaking OTLP over HTTP (JSON), as an OpenTelemetry collector listens on :4318. */
const received: OtlpSpan[] = [];
const collector = http.createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    if (request.url === '/v1/traces') {
      const batch = JSON.parse(body) as {
        resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
      };
      for (const resource of batch.resourceSpans)
        for (const scope of resource.scopeSpans) received.push(...scope.spans);
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

let shop: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const { port } = collector.address() as AddressInfo;
  shop = await createTestApp({
    clock: () => CHECKOUT_START,
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` },
  });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await shop?.close();
  await tracing()?.shutdown();
  collector.close();
});

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((each) => each.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};
const children = (parent: OtlpSpan) => received.filter((span) => span.parentSpanId === parent.spanId);

describe('traces through OpenTelemetry when an exporter is configured (issue 31 item 4)', () => {
  it('continues a caller’s traceparent: the request’s server span and its PostgreSQL queries', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/orderForm',
      headers: {
        ...TEST_KEY,
        'x-account': 'despensa',
        traceparent: `00-${traceId}-${callerSpan}-01`,
        'content-type': 'application/json',
      },
      payload: {},
    });
    expect(created.statusCode).toBe(200);
    await tracing()!.flush();
    const server = received.find((span) => span.traceId === traceId && span.kind === SERVER)!;
    expect(server).toMatchObject({ name: 'POST /api/orderForm', parentSpanId: callerSpan });
    expect(attribute(server, 'http.route')).toBe('/api/orderForm');
    expect(attribute(server, 'http.response.status_code')).toBe(200);
    const queries = children(server).filter((span) => span.name.startsWith('pg '));
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query).toMatchObject({ traceId, kind: CLIENT });
      expect(attribute(query, 'db.system.name')).toBe('postgresql');
    }
    expect(queries.map((span) => span.name)).toContain('pg INSERT');
  });

  it('puts the call to the card acquirer in the placing request’s trace', async () => {
    const sc = await deliveringChannel(shop);
    const [sku] = await sellableSkus(shop, { salesChannel: sc, limit: 1 });
    const cart = await completeCart(shop, { sc, items: [{ id: String(sku!.id), quantity: 1 }] });
    await placeTransaction(cart);
    await tracing()!.flush();
    const server = received.find(
      (span) => span.kind === SERVER && span.name === 'POST /api/checkout/pub/orderform/transaction',
    )!;
    expect(server).toBeDefined();
    const acquirerCalls = received.filter(
      (span) => span.traceId === server.traceId && span.name.startsWith('acquirer.'),
    );
    expect(acquirerCalls.map((span) => span.name)).toContain('acquirer.create');
    expect(acquirerCalls.every((span) => span.kind === CLIENT)).toBe(true);
  });
});
