import { desc, eq } from 'drizzle-orm';
import type { AuditActor, AuditLogEntry } from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { auditLog } from './tables';

export interface AuditRecord {
  actor: AuditActor;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

/** Who changed what, when, and the state before and after (issue 30's audit log). */
export class AuditService {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Writes the row in the change's transaction, so the two commit or roll back together. */
  async record(tx: Tx, entry: AuditRecord): Promise<void> {
    await tx.insert(auditLog).values({
      at: this.clock(),
      actorKind: entry.actor.kind,
      actorId: entry.actor.id,
      action: entry.action,
      subject: entry.subject,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  /** The newest entries, of one subject when given. */
  async list(query: { subject?: string | undefined; limit: number }): Promise<AuditLogEntry[]> {
    const rows = await this.database.db
      .select()
      .from(auditLog)
      .where(query.subject ? eq(auditLog.subject, query.subject) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(query.limit);
    return rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { kind: actorKindOf(row.actorKind), id: row.actorId },
      action: row.action,
      subject: row.subject,
      before: row.before,
      after: row.after,
    }));
  }
}

/** A stored actor_kind as the contract names it (an unknown one reads as an app key, as before). */
function actorKindOf(stored: string): AuditActor['kind'] {
  return stored === 'staff' || stored === 'customer' ? stored : 'appKey';
}
