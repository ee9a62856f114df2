import type pg from 'pg';

/** How the listener's connection is named, so that every instance can count the others (pg_stat_activity). */
const LISTENER_NAME = 'despensa-catalogue';
/** The advisory lock only one instance holds while it is out of rotation. */
const ROTATION_LOCK = 0x64657370;
/** How often an instance waiting for its turn asks again. */
const TURN_POLL_MS = 1000;

/**
 * A rebuild out of the load balancer's rotation (CATALOG_REBUILD=out-of-rotation). Built beside the one it
 * replaces, a national chain's new index makes the instance hold two: half as much memory again as the
 * gigabyte it serves in (issue 33). Out of rotation, an instance that must rebuild while another one serves
 * takes its turn (one instance at a time: an advisory lock), says so through /api/ready (503
 * 'rebuilding'), waits the drain notice for its load balancer to stop sending it shoppers, drops its index
 * and builds the new one alone. An instance with no other serving builds beside, as before.
 */
export class RebuildRotation {
  /** True from the turn's notice until the new index serves (/api/ready's 'rebuilding'). */
  outOfRotation = false;
  private client: pg.PoolClient | null = null;
  /** Whether this instance holds the turn's lock (on the listener's connection). */
  private holding = false;

  constructor(private readonly noticeMs: number) {}

  /** The instance's catalogue listener (its own connection for good): named, so that peers count it. */
  async join(client: pg.PoolClient): Promise<void> {
    await client.query(`SET application_name TO '${LISTENER_NAME}'`);
    this.client = client;
  }

  /** Before the listener's connection goes back to the pool: nothing of this instance's stays on it. */
  async leave(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    await this.unlock(client);
    await client.query('RESET application_name').catch(() => {});
  }

  /**
   * Waits for this instance's turn while another instance serves: true once it is out of rotation (the
   * caller drops its index, builds, then calls `back`), false when no other instance serves (the caller
   * builds beside its index).
   */
  async takeTurn(): Promise<boolean> {
    let client: pg.PoolClient | null;
    for (;;) {
      // Gone (the instance stops): it builds beside, as a lone instance does.
      client = this.client;
      if (!client || !(await othersServing(client))) return false;
      const { rows } = await client.query<{ turn: boolean }>('SELECT pg_try_advisory_lock($1) AS turn', [
        ROTATION_LOCK,
      ]);
      this.holding = rows[0]!.turn;
      if (this.holding) break;
      await new Promise((resolve) => setTimeout(resolve, TURN_POLL_MS));
    }
    // Others wait for the lock while this one is out: one still counted is serving.
    if (!(await othersServing(client))) {
      await this.unlock(client);
      return false;
    }
    this.outOfRotation = true;
    await new Promise((resolve) => setTimeout(resolve, this.noticeMs));
    return true;
  }

  /** The new index serves: back in rotation, and the next instance may take its turn. */
  async back(): Promise<void> {
    this.outOfRotation = false;
    if (this.client) await this.unlock(this.client);
  }

  private async unlock(client: pg.PoolClient): Promise<void> {
    if (!this.holding) return;
    this.holding = false;
    await client.query('SELECT pg_advisory_unlock($1)', [ROTATION_LOCK]).catch(() => {});
  }
}

/** Whether another instance listens for the catalogue's changes: it has an index and serves from it. */
async function othersServing(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ others: number }>(
    `SELECT count(*)::int AS others FROM pg_stat_activity
      WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
    [LISTENER_NAME],
  );
  return rows[0]!.others > 0;
}
