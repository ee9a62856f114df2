import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSubscription } from './tables';

export interface SubscriptionInput {
  email: string;
  document: string;
  consumer: string;
  now: Date;
}

/** Inserts or refreshes the subscription of this e-mail (case-insensitive); true when it is new. */
export async function upsertSubscription(db: Db, input: SubscriptionInput): Promise<boolean> {
  const result = await db.execute<{ created: boolean }>(sql`
    INSERT INTO ${newsletterSubscription} (email, document, consumer, created_at, updated_at)
    VALUES (${input.email}, ${input.document}, ${input.consumer}, ${input.now}, ${input.now})
    ON CONFLICT (lower(email)) DO UPDATE
      SET document = excluded.document, consumer = excluded.consumer, updated_at = excluded.updated_at
    RETURNING (xmax = 0) AS created`);
  return result.rows[0]?.created ?? false;
}

export async function countSubscriptions(db: Db, email: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`SELECT count(*)::int AS count FROM ${newsletterSubscription} WHERE lower(email) = lower(${email})`,
  );
  return result.rows[0]?.count ?? 0;
}
