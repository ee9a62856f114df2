import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Cluster } from '../src/cluster/cluster';
import { clusterOfTwo } from './support/cluster';
import { eventually } from './support/eventually';
import { SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';

/**
 * A deploy stops an instance (issue 31 item 5): on SIGTERM it turns not ready, HAProxy takes it out of the
 * rotation, it finishes what it was answering and leaves; the shoppers behind the proxy see no failure.
 */
const KEY = { 'x-api-key': 'drain-key', 'x-consumer': 'web', 'x-account': 'despensa' };

const shop = clusterOfTwo('drain', 'drain-key');

/** A limit for a hang under load, not a speed. */
const LOAD_MS = 30_000;

describe('an instance drained behind HAProxy', { timeout: 120_000 }, () => {
  it('stops on SIGTERM within the stated time while every request through the proxy succeeds', async () => {
    const [leaving, staying] = shop.cluster.instances as [Cluster['instances'][0], Cluster['instances'][0]];
    const failures: string[] = [];
    const servedBy = new Set<string>();
    let answered = 0;
    let stop = false;
    const worker = async () => {
      while (!stop) {
        const created = await fetch(`${shop.cluster.url}/api/orderForm`, {
          method: 'POST',
          headers: { ...KEY, 'content-type': 'application/json' },
          body: '{}',
        }).catch((error: unknown) => String(error));
        if (typeof created === 'string') failures.push(created);
        else if (created.status !== 200) failures.push(`POST ${created.status}`);
        else {
          answered++;
          servedBy.add(created.headers.get('x-served-by') ?? '');
          await created.arrayBuffer();
        }
      }
    };
    const stream = await operatorStream(`http://127.0.0.1:${leaving.port}`);
    const workers = Array.from({ length: 6 }, worker);
    // Counts, not a clock: a starved run may answer nothing in its first seconds.
    await eventually(() => servedBy.has(leaving.name), LOAD_MS);

    const signalled = Date.now();
    leaving.child.kill('SIGTERM');
    // Not ready at once (as soon as the signal is handled: a starved run took over 300 ms), while still
    // alive and answering.
    const readiness = () => fetch(`http://127.0.0.1:${leaving.port}/api/ready`);
    let ready = await readiness();
    for (
      const giveUp = Date.now() + 5000;
      ready.status !== 503 && Date.now() < giveUp;
      ready = await readiness()
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not-ready', reasons: ['draining'] });
    expect((await fetch(`http://127.0.0.1:${leaving.port}/api/health`)).status).toBe(200);

    // The open event stream is ended (its browser reconnects through the proxy) before the process leaves.
    let exitedFirst = false;
    void leaving.exited.then(() => (exitedFirst = true));
    await stream.ended;
    expect(exitedFirst).toBe(false);
    expect(await leaving.exited).toBe(0);
    // DRAIN_NOTICE_MS (8 s) + at most 20 s.
    expect(Date.now() - signalled).toBeLessThan(28_000);
    // The instance that stays keeps answering.
    const beforeStop = answered;
    await eventually(() => answered > beforeStop + 10, LOAD_MS);
    stop = true;
    await Promise.all(workers);

    expect(failures).toEqual([]);
    expect(staying.child.exitCode).toBeNull();
  });
});

/** An operator's live event stream opened on one instance; `ended` settles when the server ends it. */
async function operatorStream(baseUrl: string): Promise<{ ended: Promise<void> }> {
  const database = new pg.Client({ connectionString: shop.databaseUrl });
  await database.connect();
  const storeId = (await database.query<{ id: string }>('SELECT id FROM store ORDER BY id LIMIT 1')).rows[0]!
    .id;
  await database.end();
  const session = await fetch(`${baseUrl}/api/operations/session`, {
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ login: `operador.${storeId}@despensa.cl`, password: SEED_OPERATOR_PASSWORD }),
  });
  expect(session.status).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const events = await fetch(`${baseUrl}/api/operations/events`, {
    headers: { ...KEY, 'x-staff-token': token },
  });
  expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = events.body!.getReader();
  const ended = (async () => {
    while (!(await reader.read()).done);
  })();
  return { ended };
}
