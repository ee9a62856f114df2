import http from 'node:http';
import type net from 'node:net';
import { baseUrl } from './browser';

/** What the next deployment's worker carries at its end: any byte change makes the browser install it. */
export const NEXT_DEPLOYMENT_MARK = '\n// despensa: the next deployment\n';

export interface Deployment {
  /** The shop's address through this proxy: an origin of its own, so its worker is this journey's alone. */
  origin: string;
  /** From now on /sw.js is the next deployment's worker. */
  deployNext(): void;
  /** How many times the browser fetched the next deployment's worker. */
  nextWorkerFetches(): number;
  close(): Promise<void>;
}

/**
 * The lane's shop as a shopper sees it across a deployment, without building the app twice: a proxy passes
 * every request through, and after `deployNext()` answers /sw.js with the built worker plus a mark. To the
 * browser that is what a deployment is, a service worker script whose bytes changed, so the shop's update
 * flow ('Nueva versión disponible') runs as it does in production. Playwright's routing cannot do it:
 * Chromium's update check for a worker's script does not go through it.
 */
export async function startDeployment(): Promise<Deployment> {
  const shop = new URL(baseUrl());
  let next = false;
  let fetches = 0;
  const sockets = new Set<net.Socket>();
  const proxy = http.createServer((request, response) => {
    const nextWorker = next && request.url === '/sw.js';
    const headers = { ...request.headers };
    if (nextWorker) {
      // The whole script, uncompressed, so that the mark can be added to it.
      for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since']) delete headers[name];
    }
    const upstream = http.request(
      // The shop picks its brand by host name: the proxy's own (127.0.0.1) is the chain's, as the lane's.
      { host: shop.hostname, port: shop.port, method: request.method, path: request.url, headers },
      (answer) => {
        const isWorker = nextWorker && answer.statusCode === 200;
        if (!isWorker) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        fetches += 1;
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat([Buffer.concat(chunks), Buffer.from(NEXT_DEPLOYMENT_MARK)]);
          const answered = { ...answer.headers, 'content-length': String(body.length) };
          delete answered.etag;
          delete answered['last-modified'];
          response.writeHead(200, answered);
          response.end(body);
        });
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  proxy.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as net.AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    deployNext: () => {
      next = true;
    },
    nextWorkerFetches: () => fetches,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy.close(() => resolve());
      }),
  };
}
