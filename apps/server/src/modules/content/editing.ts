import { eq, sql } from 'drizzle-orm';
import {
  contentDocumentShape,
  Failure,
  type ContentDocumentSummary,
  type ContentDocumentView,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { sanitizeCmsDocument } from './sanitize-html';
import { cmsDocument, cmsDraft, cmsScheduled } from './tables';

/** A change and the document's state before and after it, for the audit row. */
export interface ContentChange {
  before: unknown;
  after: unknown;
}

/**
 * The editors' side of the CMS documents (issue 30): drafts, publishing now or at a time. Writes take the
 * flow's transaction, so each commits with its audit row; a change shoppers may see tells every instance
 * (content_changed), whose pages are purged.
 */
export class ContentEditing {
  constructor(private readonly database: Database) {}

  async list(): Promise<ContentDocumentSummary[]> {
    const rows = await this.database.db.execute<{
      key: string;
      published_at: Date | null;
      has_draft: boolean;
      scheduled_at: Date | null;
    }>(sql`
      SELECT k.key, d.updated_at AS published_at, r.key IS NOT NULL AS has_draft, s.publish_at AS scheduled_at
        FROM (SELECT key FROM cms_document UNION SELECT key FROM cms_draft UNION SELECT key FROM cms_scheduled) k
        LEFT JOIN cms_document d ON d.key = k.key
        LEFT JOIN cms_draft r ON r.key = k.key
        LEFT JOIN cms_scheduled s ON s.key = k.key
       ORDER BY k.key`);
    return rows.rows.map((row) => ({
      key: row.key,
      publishedAt: isoOf(row.published_at),
      hasDraft: row.has_draft,
      scheduledAt: isoOf(row.scheduled_at),
    }));
  }

  async view(key: string): Promise<ContentDocumentView> {
    const { db } = this.database;
    const [published] = await db.select().from(cmsDocument).where(eq(cmsDocument.key, key));
    const [draft] = await db.select().from(cmsDraft).where(eq(cmsDraft.key, key));
    const [scheduled] = await db.select().from(cmsScheduled).where(eq(cmsScheduled.key, key));
    if (!published && !draft && !scheduled) throw new Failure('contentNotFound');
    return {
      key,
      published: published?.data ?? null,
      publishedAt: published?.updatedAt.toISOString() ?? null,
      draft: draft?.data ?? null,
      draftUpdatedAt: draft?.updatedAt.toISOString() ?? null,
      scheduled: scheduled
        ? { publishAt: scheduled.publishAt.toISOString(), document: scheduled.data }
        : null,
    };
  }

  /** Every draft, for the preview of the pages as they would be once published. */
  async drafts(): Promise<Map<string, unknown>> {
    const rows = await this.database.db.select().from(cmsDraft);
    return new Map(rows.map((row) => [row.key, row.data]));
  }

  /** Keeps a draft: checked against its family's shape (contentInvalid), its html sanitised. */
  async saveDraft(tx: Tx, key: string, document: unknown, now: Date): Promise<ContentChange> {
    const checked = contentDocumentShape(key).safeParse(document);
    if (!checked.success) throw new Failure('contentInvalid');
    const data = sanitizeCmsDocument(document);
    const [before] = await tx.select().from(cmsDraft).where(eq(cmsDraft.key, key)).for('update');
    await tx
      .insert(cmsDraft)
      .values({ key, data, updatedAt: now })
      .onConflictDoUpdate({ target: cmsDraft.key, set: { data, updatedAt: now } });
    return { before: before?.data ?? null, after: data };
  }

  async discardDraft(tx: Tx, key: string): Promise<ContentChange> {
    const [before] = await tx.delete(cmsDraft).where(eq(cmsDraft.key, key)).returning();
    if (!before) throw new Failure('contentDraftMissing');
    return { before: before.data, after: null };
  }

  /**
   * Publishes the draft now, or at `publishAt` (a later time; scheduling again replaces the version that
   * waits). Publishing now leaves a scheduled version waiting: it still goes live at its time.
   */
  async publish(tx: Tx, key: string, publishAt: Date | null, now: Date): Promise<ContentChange> {
    if (publishAt && publishAt.getTime() <= now.getTime()) throw new Failure('contentScheduleInPast');
    const [draft] = await tx.delete(cmsDraft).where(eq(cmsDraft.key, key)).returning();
    if (!draft) throw new Failure('contentDraftMissing');
    const { data } = draft;
    if (!publishAt) {
      const [before] = await tx.select().from(cmsDocument).where(eq(cmsDocument.key, key)).for('update');
      await tx
        .insert(cmsDocument)
        .values({ key, data, updatedAt: now })
        .onConflictDoUpdate({ target: cmsDocument.key, set: { data, updatedAt: now } });
      return { before: before?.data ?? null, after: data };
    }
    const [before] = await tx.select().from(cmsScheduled).where(eq(cmsScheduled.key, key)).for('update');
    await tx
      .insert(cmsScheduled)
      .values({ key, data, publishAt })
      .onConflictDoUpdate({ target: cmsScheduled.key, set: { data, publishAt } });
    await contentChanged(tx, key);
    return {
      before: before ? { publishAt: before.publishAt.toISOString(), document: before.data } : null,
      after: { publishAt: publishAt.toISOString(), document: data },
    };
  }

  async cancelSchedule(tx: Tx, key: string): Promise<ContentChange> {
    const [before] = await tx.delete(cmsScheduled).where(eq(cmsScheduled.key, key)).returning();
    if (!before) throw new Failure('contentScheduleNotFound');
    await contentChanged(tx, key);
    return { before: { publishAt: before.publishAt.toISOString(), document: before.data }, after: null };
  }
}

/**
 * A scheduled version changes when pages change: every instance hears it at the commit (cms_document's
 * trigger says so for published versions).
 */
async function contentChanged(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify('content_changed', ${`cms_scheduled:${key}`})`);
}

function isoOf(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
