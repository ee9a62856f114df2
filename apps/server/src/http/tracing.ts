import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  propagation,
  trace,
  type Span,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracing } from '../telemetry/tracing';

const requestSpans = new WeakMap<FastifyRequest, Span>();

/** A server span per request, named by the route's pattern (one name per route, not per product). */
export function registerTracing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const active = tracing();
    if (!active) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = active.tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url },
      },
      parent,
    );
    requestSpans.set(request, span);
    // What runs after this hook (the handler, its queries) runs inside the span's context.
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = requestSpans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
}
