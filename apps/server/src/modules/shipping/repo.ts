import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { coverageZone, deliveryWindow, geolocationLookup, windowReservation } from './tables';

export type CoverageZoneRow = typeof coverageZone.$inferSelect;
export type DeliveryWindowRow = typeof deliveryWindow.$inferSelect;

export async function listZones(db: Db): Promise<CoverageZoneRow[]> {
  return db.select().from(coverageZone).orderBy(asc(coverageZone.id));
}

/** Windows that ended more than this long ago are dropped (with their reservations) when windows are extended. */
const WINDOW_RETENTION = '30 days';

/** Drops windows long past, so the table holds about a month and a week of them. */
export async function deleteOldWindows(db: Db, now: Date): Promise<void> {
  await db
    .delete(deliveryWindow)
    .where(lt(deliveryWindow.endsAt, sql`${now}::timestamptz - ${WINDOW_RETENTION}::interval`));
}

/** Adds windows that do not exist yet (store and start are unique); existing ones keep their counts. */
export async function insertWindows(
  db: Db,
  rows: { storeId: string; startsAt: Date; endsAt: Date; capacity: number }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 5000) {
    await db
      .insert(deliveryWindow)
      .values(rows.slice(start, start + 5000))
      .onConflictDoNothing();
  }
}

/**
 * A store's windows starting in (from, to), by start. A named (prepared) statement on the driver: it
 * runs on every simulation, and skipping the query builder and re-planning halves its cost.
 */
export async function windowsOf(
  database: Database,
  storeId: string,
  from: Date,
  to: Date,
): Promise<DeliveryWindowRow[]> {
  const { rows } = await database.pool.query<DeliveryWindowRow>({
    name: 'shipping-windows-of',
    text: `SELECT id, store_id AS "storeId", starts_at AS "startsAt", ends_at AS "endsAt", capacity, reserved
             FROM delivery_window WHERE store_id = $1 AND starts_at > $2 AND starts_at < $3 ORDER BY starts_at`,
    values: [storeId, from, to],
  });
  return rows;
}

export type ReserveOutcome = 'reserved' | 'kept' | 'full' | 'notFound' | 'past';

/**
 * Reserves a window for a cart, moving its earlier reservation if any. A window never oversells: the
 * count only grows by a conditional UPDATE (reserved < capacity) that PostgreSQL serialises on the
 * window's row, and a check constraint backs it. A per-cart advisory lock orders two reservations of
 * the same cart, so the one it held is released exactly once.
 */
export async function reserveWindow(
  db: Db,
  orderFormId: string,
  window: { storeId: string; startsAt: Date; endsAt: Date },
  now: Date,
): Promise<ReserveOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`window:${orderFormId}`}))`);
    const [target] = await tx
      .select({ id: deliveryWindow.id, startsAt: deliveryWindow.startsAt })
      .from(deliveryWindow)
      .where(
        and(
          eq(deliveryWindow.storeId, window.storeId),
          eq(deliveryWindow.startsAt, window.startsAt),
          eq(deliveryWindow.endsAt, window.endsAt),
        ),
      );
    if (!target) return 'notFound';
    if (target.startsAt.getTime() <= now.getTime()) return 'past';
    const [held] = await tx
      .select({ windowId: windowReservation.windowId })
      .from(windowReservation)
      .where(eq(windowReservation.orderFormId, orderFormId));
    if (held?.windowId === target.id) return 'kept';
    const taken = await tx
      .update(deliveryWindow)
      .set({ reserved: sql`${deliveryWindow.reserved} + 1` })
      .where(and(eq(deliveryWindow.id, target.id), lt(deliveryWindow.reserved, deliveryWindow.capacity)))
      .returning({ id: deliveryWindow.id });
    if (taken.length === 0) return 'full';
    if (held) await release(tx, held.windowId);
    await tx
      .insert(windowReservation)
      .values({ orderFormId, windowId: target.id, reservedAt: now })
      .onConflictDoUpdate({
        target: windowReservation.orderFormId,
        set: { windowId: target.id, reservedAt: now },
      });
    return 'reserved';
  });
}

/** Gives a cart's window back (a change of store or mode); nothing when it holds none. */
export async function releaseReservation(db: Db, orderFormId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`window:${orderFormId}`}))`);
    const [held] = await tx
      .delete(windowReservation)
      .where(eq(windowReservation.orderFormId, orderFormId))
      .returning({ windowId: windowReservation.windowId });
    if (held) await release(tx, held.windowId);
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function release(tx: Tx, windowId: number): Promise<void> {
  await tx
    .update(deliveryWindow)
    .set({ reserved: sql`greatest(${deliveryWindow.reserved} - 1, 0)` })
    .where(eq(deliveryWindow.id, windowId));
}

/** The window a cart holds, if any. */
export async function heldWindow(db: Db, orderFormId: string): Promise<DeliveryWindowRow | null> {
  const [row] = await db
    .select({ window: deliveryWindow })
    .from(windowReservation)
    .innerJoin(deliveryWindow, eq(deliveryWindow.id, windowReservation.windowId))
    .where(eq(windowReservation.orderFormId, orderFormId));
  return row?.window ?? null;
}

export async function insertLookup(db: Db, row: typeof geolocationLookup.$inferInsert): Promise<void> {
  await db.insert(geolocationLookup).values(row);
}

/** Ties a lookup to an order; false when the uuid is unknown. */
export async function logLookup(db: Db, uuid: string, orderId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(geolocationLookup)
    .set({ orderId, loggedAt: now })
    .where(eq(geolocationLookup.uuid, uuid))
    .returning({ uuid: geolocationLookup.uuid });
  return updated.length > 0;
}
