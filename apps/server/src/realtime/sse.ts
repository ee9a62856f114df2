import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RealtimeHub } from './hub';

/** Keeps proxies and browsers from closing an idle stream. */
const HEARTBEAT_MS = 20_000;

/** The Last-Event-ID a reconnecting client sends (header, or `lastEventId` in the query for fetch-less clients). */
function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const query = (request.query as Record<string, unknown> | undefined)?.lastEventId;
  const raw = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : undefined);
  const id = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(id) && id >= 0 ? id : null;
}

/** Answers a server-sent event stream of `topic` until the client leaves. */
export async function streamTopic(
  hub: RealtimeHub,
  request: FastifyRequest,
  reply: FastifyReply,
  topic: string,
): Promise<void> {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  out.write('retry: 2000\n\n');
  const unsubscribe = await hub.subscribe(topic, lastEventIdOf(request), (event) => {
    out.write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => out.write(': ping\n\n'), HEARTBEAT_MS);
  const release = hub.holdStream(() => out.end());
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    release();
  };
  request.raw.on('close', end);
  out.on('error', end);
}
