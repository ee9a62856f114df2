import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offerFeedJob } from './tables';

export type FeedJobRow = typeof offerFeedJob.$inferSelect;

/**
 * The offer feeds sent over HTTP and how far each got (issue 30 §2): written by the instance that runs the
 * feed, read by a poll on any instance. A job is its sender's: another sender never reads it.
 */
export class FeedJobs {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async get(owner: string, id: string): Promise<FeedJobRow | null> {
    const [row] = await this.database.db
      .select()
      .from(offerFeedJob)
      .where(and(eq(offerFeedJob.owner, owner), eq(offerFeedJob.id, id)));
    return row ?? null;
  }

  /** Starts (or starts again) a job at the first stage; false when another request started it first. */
  async begin(owner: string, id: string, restart: boolean): Promise<boolean> {
    const row = {
      owner,
      id,
      stage: 'queued',
      percent: 0,
      report: null,
      failure: null,
      updatedAt: this.clock(),
    };
    const query = this.database.db.insert(offerFeedJob).values(row);
    const written = restart
      ? await query
          .onConflictDoUpdate({ target: [offerFeedJob.owner, offerFeedJob.id], set: row })
          .returning()
      : await query.onConflictDoNothing().returning();
    return written.length === 1;
  }

  /** Marks a running job alive (its instance's heartbeat). */
  async touch(owner: string, id: string): Promise<void> {
    await this.database.db
      .update(offerFeedJob)
      .set({ updatedAt: this.clock() })
      .where(
        and(
          eq(offerFeedJob.owner, owner),
          eq(offerFeedJob.id, id),
          notInArray(offerFeedJob.stage, ['done', 'failed']),
        ),
      );
  }

  /** Ends a job its instance lost, unless it moved since `seenAt`. */
  async interrupt(owner: string, id: string, seenAt: Date, failure: string): Promise<void> {
    await this.database.db
      .update(offerFeedJob)
      .set({ stage: 'failed', percent: 100, failure, updatedAt: this.clock() })
      .where(and(eq(offerFeedJob.owner, owner), eq(offerFeedJob.id, id), eq(offerFeedJob.updatedAt, seenAt)));
  }

  async progress(
    owner: string,
    id: string,
    change: Pick<FeedJobRow, 'stage' | 'percent'> & Partial<Pick<FeedJobRow, 'report' | 'failure'>>,
  ): Promise<void> {
    await this.database.db
      .update(offerFeedJob)
      .set({ ...change, updatedAt: this.clock() })
      .where(and(eq(offerFeedJob.owner, owner), eq(offerFeedJob.id, id)));
  }
}
