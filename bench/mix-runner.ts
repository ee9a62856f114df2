import autocannon from 'autocannon';
import type { MixStep } from './mix';
import { readJob, type RunnerJob } from './runner-job';

/**
 * Fires a mix of request steps from its own process (so the load never competes with the servers for an
 * event loop): every step is an autocannon instance with its share of the connections, all running at
 * once, and each response's time is kept per step so p95 is exact. argv: a JSON file with
 * { url, seconds, steps: [{ name, connections, requests: [{ method, path, headers?, body? }] }] };
 * prints per-step totals and percentiles as JSON.
 */
const job = readJob<RunnerJob<MixStep>>();

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

const results = await Promise.all(
  job.steps.map(
    (step) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const times: number[] = [];
        const statuses = new Map<number, number>();
        autocannon(
          {
            url: job.url,
            connections: step.connections,
            duration: job.seconds,
            headers: job.headers ?? {},
            requests: step.requests.map((request) => ({
              method: request.method as 'GET',
              path: request.path,
              ...(request.headers ? { headers: { ...job.headers, ...request.headers } } : {}),
              ...(request.body === undefined ? {} : { body: request.body }),
            })),
            setupClient: (client) => {
              client.on('response', (status: number, _bytes: number, responseTime: number) => {
                times.push(responseTime);
                statuses.set(status, (statuses.get(status) ?? 0) + 1);
              });
            },
          },
          (error, result) => {
            if (error) return reject(error);
            times.sort((a, b) => a - b);
            resolve({
              step: step.name,
              requests: result.requests.total,
              'per second': Math.round(result.requests.average),
              p50: Math.round(percentile(times, 50)),
              p95: Math.round(percentile(times, 95)),
              p99: Math.round(percentile(times, 99)),
              non2xx: result.non2xx,
              statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
              // autocannon counts a timeout among its errors already (and in timeouts too).
              errors: result.errors,
              'of which timeouts (10 s)': result.timeouts,
            });
          },
        );
      }),
  ),
);
process.stdout.write(JSON.stringify(results));
