import http from 'node:http';
import { readJob, requestOptions, type BenchRequest } from './runner-job';

/**
 * The load of a benchmark scenario, fired from its own process so that generating requests never competes
 * with the server for its event loop (the server-side latency the benches report is the server's alone).
 * argv: a JSON file with { url, connections, seconds, headers, requests: [{ method, path, body? }], rate? }.
 * Connections take the next request of the list in turn (looping), and the totals go to stdout as JSON.
 * With `rate`, request k leaves at k / rate seconds (or as soon as a connection is free, if late): a steady
 * load, where the latency is the server's at that load rather than with every connection always waiting.
 */
interface Job {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  requests: BenchRequest[];
  rate?: number;
}

const job = readJob<Job>();
const target = new URL(job.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
const deadline = Date.now() + job.seconds * 1000;
let next = 0;
let done = 0;
let non2xx = 0;
let errors = 0;

function send(request: Job['requests'][number]): Promise<void> {
  return new Promise((resolve) => {
    const outgoing = http.request(requestOptions(target, agent, request, job.headers), (response) => {
      if ((response.statusCode ?? 0) >= 300) non2xx++;
      response.resume();
      response.on('end', () => {
        done++;
        resolve();
      });
    });
    outgoing.on('error', () => {
      errors++;
      resolve();
    });
    outgoing.end(request.body);
  });
}

const started = Date.now();
await Promise.all(
  Array.from({ length: job.connections }, async () => {
    while (Date.now() < deadline) {
      const k = next++;
      if (job.rate) {
        const due = started + (k * 1000) / job.rate;
        if (due >= deadline) break;
        if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      }
      await send(job.requests[k % job.requests.length]!);
    }
  }),
);
agent.destroy();
process.stdout.write(JSON.stringify({ requests: done, non2xx, errors, ms: Date.now() - started }));
