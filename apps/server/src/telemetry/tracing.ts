import { SpanKind, SpanStatusCode, context, propagation, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type pg from 'pg';

/**
 * Traces through OpenTelemetry (issue 31), only when an exporter is configured
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, OTLP over HTTP): a server span per request (continuing a caller's
 * `traceparent`), a client span per PostgreSQL query and per call to the card acquirer, all in one trace.
 * Without an endpoint nothing is created and every hook below is a null check.
 */
export interface Tracing {
  tracer: Tracer;
  /** Sends what is buffered (tests; a stop). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let active: Tracing | null = null;

/** Starts tracing for this process, once; later calls return the first. */
export function startTracing(options: { endpoint: string | undefined; serviceName: string }): Tracing | null {
  if (active || !options.endpoint) return active;
  const base = options.endpoint.replace(/\/$/, '');
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${base}/v1/traces` }))],
  });
  // Spans follow the request through awaits; a caller's traceparent is continued.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  active = {
    tracer: provider.getTracer('despensa'),
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      await provider.shutdown();
      active = null;
    },
  };
  return active;
}

export function tracing(): Tracing | null {
  return active;
}

/**
 * Runs `call` in a client span under the current one and returns what it returns; a promise's span ends
 * when it settles. A no-op without tracing or outside a request.
 */
function withSpan<T>(name: string, attributes: Record<string, string>, call: () => T): T {
  if (!active || !trace.getSpan(context.active())) return call();
  const span = active.tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
  const failed = (error: unknown) => span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
  try {
    const result = context.with(trace.setSpan(context.active(), span), call);
    if (result instanceof Promise) {
      return result.then(
        (value) => (span.end(), value),
        (error: unknown) => {
          failed(error);
          span.end();
          throw error;
        },
      ) as T;
    }
    span.end();
    return result;
  } catch (error) {
    failed(error);
    span.end();
    throw error;
  }
}

/** Every query of a pooled connection becomes a span named by its statement's first word. */
export function traceQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    if (!active) return query(...args);
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '');
    const operation = text.trimStart().split(/\s/, 1)[0]?.toUpperCase() || 'QUERY';
    const attributes = { 'db.system.name': 'postgresql', 'db.operation.name': operation };
    const last = args[args.length - 1];
    if (typeof last !== 'function') return withSpan(`pg ${operation}`, attributes, () => query(...args));
    // pg-pool's own pool.query calls back: the span ends with the callback.
    return withSpan(`pg ${operation}`, attributes, () => {
      const span = trace.getSpan(context.active());
      return new Promise<void>((settled) => {
        query(...args.slice(0, -1), (error: unknown, result: unknown) => {
          if (error) span?.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
          settled();
          (last as (e: unknown, r: unknown) => void)(error, result);
        });
      });
    });
  };
}

/** A provider (the card acquirer) with each call in a client span named `{name}.{method}`. */
export function traced<T extends object>(name: string, provider: T): T {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) =>
        withSpan(`${name}.${property}`, { 'peer.service': name }, () =>
          (value as (...a: unknown[]) => unknown).apply(target, args),
        );
    },
  });
}
