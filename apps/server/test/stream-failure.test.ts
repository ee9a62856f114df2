import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Failure } from '@despensa/contracts';
import { ApiRoutes } from '../src/http/edge';
import { registerErrorMapping } from '../src/http/errors';

/**
 * A web answer (a page, an action's .data) that fails before its first byte: Fastify has already put the
 * stream's headers (content-type text/x-script…) on the raw response, so the error answer must not
 * inherit them. It once did, and Fastify refused to send the JSON error ("Attempted to send payload of
 * invalid type 'object'") on POST /entrega/acciones.data.
 */
function appAnswering(error: Error, lines: string[] = []) {
  const app = Fastify({ logger: { level: 'debug', stream: { write: (line: string) => lines.push(line) } } });
  registerErrorMapping(app, new ApiRoutes());
  app.post('/entrega/acciones.data', async (_request, reply) => {
    reply.header('content-type', 'text/x-script');
    const body = new Readable({
      read() {
        this.destroy(error);
      },
    });
    return reply.send(body);
  });
  return app;
}

const errorLines = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50);

describe('an answer stream that fails before its first byte', () => {
  it('is answered with the JSON error, not with the headers of the answer that failed', async () => {
    const lines: string[] = [];
    const app = appAnswering(new Error('the action failed while it was encoded'), lines);
    const response = await app.inject({ method: 'POST', url: '/entrega/acciones.data' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({ code: 'internal' });
    // Logged once, as itself, never as Fastify refusing the error answer.
    expect(errorLines(lines).map((line) => line.msg)).toEqual(['unexpected error']);
  });

  it('logs a client that left (the compression stream closed early) as routine, not as an error', async () => {
    const lines: string[] = [];
    const left = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    const app = appAnswering(left, lines);
    await app.inject({ method: 'POST', url: '/entrega/acciones.data' });
    await app.close();
    expect(errorLines(lines)).toEqual([]);
    expect(lines.some((line) => line.includes('client left before the answer'))).toBe(true);
  });

  it('still answers a failure of a request whose body was read with its own status', async () => {
    const app = Fastify({ logger: false });
    registerErrorMapping(app, new ApiRoutes());
    app.post('/api/windows', async () => {
      throw new Failure('windowFull');
    });
    // Over a real socket: Node reports a request whose body has been read as destroyed, the client not gone.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/windows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ window: 1 }),
    });
    await app.close();
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'windowFull' });
  });
});
