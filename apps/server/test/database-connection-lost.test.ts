import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { connect } from '../src/db/client';
import { DATABASE_TIMEOUTS } from '../src/db/timeouts';

/**
 * PostgreSQL ends a session that sits idle inside a transaction (db/timeouts.ts). It tells the client
 * between two statements, when no query is waiting for the answer: pg then emits the error on the
 * connection, which the pool listens to only while the connection is idle in the pool. A request that held
 * its transaction too long (a busy machine, a long pause) ended the whole process (a full test run caught
 * it as an uncaught exception).
 */
describe('a connection PostgreSQL ends while a request holds it', () => {
  it('fails that request, not the process, and the pool goes on', async () => {
    const database = connect(inject('adminUrl'), 2, { ...DATABASE_TIMEOUTS, idleInTransactionMs: 200 });
    try {
      const held = database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        // This request's own work outlasts the limit: PostgreSQL ends its session meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await tx.execute(sql`SELECT 1`);
      });
      await expect(held).rejects.toThrow();
      const { rows } = await database.pool.query<{ one: number }>('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
