import { gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cmsDocument, cmsScheduled } from './tables';

/**
 * When what the content shows next changes by the clock alone: a scheduled publish's time, a dated item's
 * start_date, or the instant after its end_date (the domain's isBannerActive keeps the end inclusive).
 * Infinity when nothing is dated ahead.
 */
export async function nextDatedChange(db: Db, now: Date): Promise<number> {
  const t = now.getTime();
  const [scheduled] = await db
    .select({ at: cmsScheduled.publishAt })
    .from(cmsScheduled)
    .where(gt(cmsScheduled.publishAt, now))
    .orderBy(cmsScheduled.publishAt)
    .limit(1);
  // Every start_date and end_date at any depth of the published documents (banners, menu items, cyber).
  const bounds = await db.execute<{ field: string; value: string }>(sql`
    SELECT DISTINCT 'start' AS field, v #>> '{}' AS value
      FROM cms_document, jsonb_path_query(data, 'strict $.**.start_date') v
    UNION
    SELECT DISTINCT 'end', v #>> '{}' FROM cms_document, jsonb_path_query(data, 'strict $.**.end_date') v`);
  let next = scheduled ? scheduled.at.getTime() : Infinity;
  for (const { field, value } of bounds.rows) {
    const bound = Date.parse(value) + (field === 'end' ? 1 : 0);
    if (bound > t && bound < next) next = bound;
  }
  return next;
}

/**
 * Moves the versions whose time came into cms_document (its trigger tells every instance). Reads already
 * chose them by the clock; this keeps cms_document the one place a document lives once it is live. Two
 * instances may try at once: the row lock of the DELETE lets one of them move each version.
 */
export async function publishDueVersions(db: Db, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx.delete(cmsScheduled).where(lte(cmsScheduled.publishAt, now)).returning();
    for (const version of due)
      await tx
        .insert(cmsDocument)
        .values({ key: version.key, data: version.data, updatedAt: version.publishAt })
        .onConflictDoUpdate({
          target: cmsDocument.key,
          set: { data: version.data, updatedAt: version.publishAt },
        });
    return due.map((version) => version.key);
  });
}

/** The published text of a document and the version waiting for its time, as one read. */
export async function storedVersions(
  db: Db,
  key: string,
): Promise<{ published: string | null; scheduled: { text: string; at: number } | null } | undefined> {
  // One statement, one snapshot: a scheduled version moved into place meanwhile (publishDueVersions) is
  // read either where it was or where it went, never missed between two reads.
  const {
    rows: [row],
  } = await db.execute<{ published: string | null; scheduled: string | null; at: Date | string | null }>(sql`
    SELECT (SELECT ${cmsDocument.data}::text FROM ${cmsDocument} WHERE ${cmsDocument.key} = ${key}) AS published,
           (SELECT ${cmsScheduled.data}::text FROM ${cmsScheduled} WHERE ${cmsScheduled.key} = ${key}) AS scheduled,
           (SELECT ${cmsScheduled.publishAt} FROM ${cmsScheduled} WHERE ${cmsScheduled.key} = ${key}) AS at`);
  if (!row || (row.published === null && row.scheduled === null)) return undefined;
  return {
    published: row.published,
    scheduled:
      row.scheduled !== null && row.at !== null
        ? { text: row.scheduled, at: new Date(row.at).getTime() }
        : null,
  };
}
