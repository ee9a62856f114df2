import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { Failure } from '@despensa/contracts';
import type { Database, Tx } from '../db/client';
import { flowRun } from './tables';

/**
 * Flows: work that spans modules (attach shipping now; place order, cancel, reschedule next), modelled on
 * Medusa's workflows. A flow is a list of named steps run in ONE database transaction that every step
 * hands to the module service it calls, so their writes commit or roll back together. A step whose
 * effect lies outside the database (a charge at the acquirer) gives an `undo`; when a later step fails,
 * the undos of the steps that finished run in reverse order, then the transaction rolls back.
 */
export interface FlowContext {
  /** The transaction every service call of the flow takes. */
  tx: Tx;
  /** Runs a named step; `undo` is called with its result if a later step fails. */
  step<T>(name: string, run: () => Promise<T>, undo?: (result: T) => Promise<void>): Promise<T>;
  /**
   * Lets the commit return before its WAL reaches the disk (the row locks go at once). Only for a flow
   * whose caller makes a synchronous commit before anyone outside relies on it: that commit flushes
   * this one's WAL too. Applied with the run's last statement (only the commit reads it): no round trip.
   */
  commitWithoutWaitingForDisk(): void;
}

export interface Flow<I, O> {
  name: string;
  run(input: I, context: FlowContext): Promise<O>;
}

export function defineFlow<I, O>(name: string, run: Flow<I, O>['run']): Flow<I, O> {
  return { name, run };
}

export interface RunOptions {
  /**
   * Makes the run idempotent: a repeat with the same key answers what the first run answered (its result
   * must be JSON), and the same key with another input fails with idempotencyKeyReused.
   */
  idempotencyKey?: string;
  /** Called after each step finished; tests inject failures here. */
  afterStep?: (name: string) => void | Promise<void>;
}

export async function runFlow<I, O>(
  database: Database,
  flow: Flow<I, O>,
  input: I,
  options: RunOptions = {},
): Promise<O> {
  const { idempotencyKey, afterStep } = options;
  const inputHash = createHash('sha256')
    .update(JSON.stringify(input) ?? '')
    .digest('hex');
  return database.db.transaction(async (tx) => {
    if (idempotencyKey !== undefined) {
      const done = await claimKey(tx, flow.name, idempotencyKey, inputHash);
      if (done) {
        if (done.inputHash !== inputHash) throw new Failure('idempotencyKeyReused');
        return done.result as O;
      }
    }
    let waitForDisk = true;
    const undos: (() => Promise<void>)[] = [];
    const context: FlowContext = {
      tx,
      commitWithoutWaitingForDisk: () => {
        waitForDisk = false;
      },
      step: async (name, run, undo) => {
        const result = await run();
        if (undo) undos.push(() => undo(result));
        await afterStep?.(name);
        return result;
      },
    };
    let result: O;
    try {
      result = await flow.run(input, context);
    } catch (error) {
      // Every undo runs even if one fails; the step's own failure is what the caller hears.
      for (const undo of undos.reverse()) await undo().catch(() => {});
      throw error;
    }
    // set_config(…, true) is SET LOCAL inside the statement that is there anyway.
    const noDiskWait = sql`set_config('synchronous_commit', 'off', true) IS NOT NULL`;
    if (idempotencyKey !== undefined) {
      await tx
        .update(flowRun)
        .set({ result: result as object })
        .where(and(keyOf(flow.name, idempotencyKey), waitForDisk ? undefined : noDiskWait));
    } else if (!waitForDisk) {
      await tx.execute(sql`SELECT ${noDiskWait}`);
    }
    return result;
  });
}

const keyOf = (flow: string, idempotencyKey: string) =>
  and(eq(flowRun.flow, flow), eq(flowRun.idempotencyKey, idempotencyKey));

/**
 * Claims the key for this run (a row whose result the run's end fills in), or answers the run that
 * finished with it. A second run of the key waits on the key's unique index until the first ends: its
 * commit leaves the row to read, its rollback leaves the claim free. One round trip where a lock and a
 * read took two.
 */
async function claimKey(tx: Tx, flow: string, idempotencyKey: string, inputHash: string) {
  const claimed = await tx
    .insert(flowRun)
    .values({ flow, idempotencyKey, inputHash, result: sql`'null'::jsonb`, createdAt: new Date() })
    .onConflictDoNothing()
    .returning({ flow: flowRun.flow });
  if (claimed.length > 0) return null;
  const [done] = await tx.select().from(flowRun).where(keyOf(flow, idempotencyKey));
  return done!;
}
