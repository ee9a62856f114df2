import http from 'node:http';
import type { PacedStep } from './mix';
import { readJob, requestOptions, type RunnerJob } from './runner-job';

/**
 * An open-loop load from its own process: every step sends its requests at a fixed rate, request k at
 * k / rate seconds from the start, whether or not the earlier ones were answered (a new connection when
 * none is free), so a slow server meets the same arrivals as a fast one instead of fewer (a closed loop
 * slows down with the server and hides its queue). Each answer's time is kept per step, from its send to
 * its last byte, so percentiles are exact. argv: a JSON file with
 * { url, seconds, headers?, steps: [{ name, rate, expect?, requests: [{ method, path, headers?, body? }] }] };
 * `expect` is text a good answer's body contains (an answer without it counts as failed). Prints one
 * result per step as JSON: { step, sent, answered, failed, statuses, late, times }.
 */
const job = readJob<RunnerJob<PacedStep>>();
const target = new URL(job.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

interface Totals {
  sent: number;
  failed: number;
  statuses: Map<number, number>;
  /** Sends more than 5 ms after their due time (this process was late; the server is not to blame). */
  late: number;
  times: number[];
}

function send(request: PacedStep['requests'][number], step: PacedStep, totals: Totals): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    totals.sent++;
    const outgoing = http.request(requestOptions(target, agent, request, job.headers), (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (step.expect) chunks.push(chunk);
      });
      response.on('end', () => {
        totals.times.push(performance.now() - started);
        totals.statuses.set(status, (totals.statuses.get(status) ?? 0) + 1);
        if (status >= 400 || (step.expect && !Buffer.concat(chunks).toString().includes(step.expect)))
          totals.failed++;
        resolve();
      });
    });
    outgoing.on('error', () => {
      totals.failed++;
      resolve();
    });
    outgoing.end(request.body);
  });
}

const started = performance.now();
const results = await Promise.all(
  job.steps.map(async (step) => {
    const totals: Totals = { sent: 0, failed: 0, statuses: new Map(), late: 0, times: [] };
    const inFlight: Promise<void>[] = [];
    const count = Math.floor(job.seconds * step.rate);
    for (let k = 0; k < count; k++) {
      const due = started + (k * 1000) / step.rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      else if (wait < -5) totals.late++;
      inFlight.push(send(step.requests[k % step.requests.length]!, step, totals));
    }
    await Promise.all(inFlight);
    return {
      step: step.name,
      sent: totals.sent,
      answered: totals.times.length,
      failed: totals.failed,
      statuses: [...totals.statuses].map(([status, n]) => `${status}×${n}`).join(' '),
      late: totals.late,
      times: totals.times,
    };
  }),
);
agent.destroy();
process.stdout.write(JSON.stringify(results));
