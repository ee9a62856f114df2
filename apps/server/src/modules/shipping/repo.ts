import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../db/client';
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
 * A store's open windows starting in (from, to), by start (a window the store closed is not offered). A named (prepared) statement on the driver: it
 * runs on every simulation, and skipping the query builder and re-planning halves its cost. Holds that
 * expired by `from` count as free even before the sweep gives their places back.
 */
export async function windowsOf(
  database: Database | Tx,
  storeId: string,
  from: Date,
  to: Date,
): Promise<DeliveryWindowRow[]> {
  const text = `SELECT w.id, w.store_id AS "storeId", w.starts_at AS "startsAt", w.ends_at AS "endsAt", w.capacity, w.closed,
               w.reserved - (SELECT count(*) FROM window_reservation r WHERE r.window_id = w.id
                 AND NOT r.released AND r.expires_at <= $2)::int AS reserved
             FROM delivery_window w WHERE w.store_id = $1 AND w.starts_at > $2 AND w.starts_at < $3 AND NOT w.closed
             ORDER BY w.starts_at`;
  // In a flow's transaction, where its own holds (not committed yet) count: the same query, unprepared.
  if (!('pool' in database)) {
    const [query, ...rest] = text.split(/\$(\d)/);
    const values: Record<string, unknown> = { 1: storeId, 2: from, 3: to };
    const chunks = [sql.raw(query!)];
    for (let i = 0; i < rest.length; i += 2) chunks.push(sql`${values[rest[i]!]}`, sql.raw(rest[i + 1]!));
    const { rows } = await database.execute<Record<keyof DeliveryWindowRow, string | number>>(
      sql.join(chunks),
    );
    // Drizzle hands timestamps back as text here.
    return rows.map((row) => ({
      id: Number(row.id),
      storeId: String(row.storeId),
      startsAt: new Date(row.startsAt),
      endsAt: new Date(row.endsAt),
      capacity: Number(row.capacity),
      reserved: Number(row.reserved),
      closed: false,
    }));
  }
  const { rows } = await database.pool.query<DeliveryWindowRow>({
    name: 'shipping-windows-of',
    text,
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
  db: Db | Tx,
  orderFormId: string,
  window: { storeId: string; startsAt: Date; endsAt: Date },
  now: Date,
  holdMs: number,
): Promise<ReserveOutcome> {
  return db.transaction(async (tx) => {
    await lockCart(tx, orderFormId);
    const target = await windowAt(tx, window.storeId, window);
    if (!target) return 'notFound';
    if (target.startsAt.getTime() <= now.getTime()) return 'past';
    // Expired holds of this window (this cart's own too) give their places back first.
    await releaseExpiredOf(tx, target.id, now);
    const [held] = await tx
      .select({ windowId: windowReservation.windowId })
      .from(windowReservation)
      .where(and(eq(windowReservation.orderFormId, orderFormId), eq(windowReservation.released, false)));
    if (held?.windowId === target.id) return 'kept';
    if (!(await takePlace(tx, target.id))) return 'full';
    if (held) await release(tx, held.windowId);
    const expiresAt = new Date(now.getTime() + holdMs);
    await tx
      .insert(windowReservation)
      .values({ orderFormId, windowId: target.id, reservedAt: now, expiresAt })
      .onConflictDoUpdate({
        target: windowReservation.orderFormId,
        set: { windowId: target.id, reservedAt: now, expiresAt, released: false },
      });
    return 'reserved';
  });
}

/** Gives a cart's window back (a change of store or mode); nothing when it holds none. */
export async function releaseReservation(db: Db | Tx, orderFormId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCart(tx, orderFormId);
    await dropHold(tx, orderFormId);
  });
}

/** Orders two window changes of the same cart (until `tx` ends), so its hold is released exactly once. */
async function lockCart(tx: Tx, orderFormId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`window:${orderFormId}`}))`);
}

/** A store's open window by its start and end, if it exists (a closed one takes no new place). */
async function windowAt(
  tx: Tx,
  storeId: string,
  window: { startsAt: Date; endsAt: Date },
): Promise<{ id: number; startsAt: Date } | undefined> {
  const [target] = await tx
    .select({ id: deliveryWindow.id, startsAt: deliveryWindow.startsAt })
    .from(deliveryWindow)
    .where(
      and(
        eq(deliveryWindow.storeId, storeId),
        eq(deliveryWindow.startsAt, window.startsAt),
        eq(deliveryWindow.endsAt, window.endsAt),
        eq(deliveryWindow.closed, false),
      ),
    );
  return target;
}

/**
 * Takes one place of a window: a conditional UPDATE (reserved < capacity) that PostgreSQL serialises on
 * the window's row, so a window never oversells. False when it is full.
 */
async function takePlace(tx: Tx, windowId: number): Promise<boolean> {
  const taken = await tx
    .update(deliveryWindow)
    .set({ reserved: sql`${deliveryWindow.reserved} + 1` })
    .where(and(eq(deliveryWindow.id, windowId), lt(deliveryWindow.reserved, deliveryWindow.capacity)))
    .returning({ id: deliveryWindow.id });
  return taken.length > 0;
}

/** Deletes the hold kept under `key` (a cart or an order group) and gives its place back if still taken. */
async function dropHold(tx: Tx, key: string): Promise<void> {
  const [held] = await tx
    .delete(windowReservation)
    .where(eq(windowReservation.orderFormId, key))
    .returning({ windowId: windowReservation.windowId, released: windowReservation.released });
  if (held && !held.released) await release(tx, held.windowId);
}

async function release(tx: Tx, windowId: number, places = 1): Promise<void> {
  await tx
    .update(deliveryWindow)
    .set({ reserved: sql`greatest(${deliveryWindow.reserved} - ${places}, 0)` })
    .where(eq(deliveryWindow.id, windowId));
}

/** Marks one window's expired holds released and gives their places back. */
export async function releaseExpiredOf(tx: Tx, windowId: number, now: Date): Promise<void> {
  const expired = await tx
    .update(windowReservation)
    .set({ released: true })
    .where(
      and(
        eq(windowReservation.windowId, windowId),
        eq(windowReservation.released, false),
        lte(windowReservation.expiresAt, now),
      ),
    )
    .returning({ orderFormId: windowReservation.orderFormId });
  if (expired.length > 0) await release(tx, windowId, expired.length);
}

/**
 * The sweep: every hold expired by `now` is marked released and its place given back to its window, in
 * one transaction. Answers how many places came back.
 */
export async function releaseExpiredHolds(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(windowReservation)
      .set({ released: true })
      .where(and(eq(windowReservation.released, false), lte(windowReservation.expiresAt, now)))
      .returning({ windowId: windowReservation.windowId });
    const perWindow = new Map<number, number>();
    for (const { windowId } of expired) perWindow.set(windowId, (perWindow.get(windowId) ?? 0) + 1);
    for (const [windowId, places] of perWindow) await release(tx, windowId, places);
    return expired.length;
  });
}

/** Whether a cart holds window `windowId` now (a live, unreleased hold). */
export async function holdsWindow(
  db: Db | Tx,
  orderFormId: string,
  windowId: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ expiresAt: windowReservation.expiresAt })
    .from(windowReservation)
    .where(
      and(
        eq(windowReservation.orderFormId, orderFormId),
        eq(windowReservation.windowId, windowId),
        eq(windowReservation.released, false),
      ),
    );
  return row !== undefined && (row.expiresAt === null || row.expiresAt > now);
}

/** The window a cart holds or held until its hold expired, if any. */
export async function heldWindow(
  db: Db,
  orderFormId: string,
  now: Date,
): Promise<{ window: DeliveryWindowRow; expired: boolean } | null> {
  const [row] = await db
    .select({ window: deliveryWindow, expiresAt: windowReservation.expiresAt })
    .from(windowReservation)
    .innerJoin(deliveryWindow, eq(deliveryWindow.id, windowReservation.windowId))
    .where(eq(windowReservation.orderFormId, orderFormId));
  if (!row) return null;
  return { window: row.window, expired: row.expiresAt !== null && row.expiresAt <= now };
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

/** The key an order's window hold is kept under, so the cart is free to hold another window. */
const orderKey = (orderGroup: string) => `order:${orderGroup}`;

/**
 * Moves the cart's live hold to the order group and stops it expiring (the window's place is the order's).
 * False when the cart holds no live window.
 */
export async function keepForOrder(tx: Tx, orderFormId: string, orderGroup: string, now: Date) {
  await lockCart(tx, orderFormId);
  const kept = await tx
    .update(windowReservation)
    .set({ orderFormId: orderKey(orderGroup), expiresAt: null })
    .where(
      and(
        eq(windowReservation.orderFormId, orderFormId),
        eq(windowReservation.released, false),
        sql`(${windowReservation.expiresAt} IS NULL OR ${windowReservation.expiresAt} > ${now})`,
      ),
    )
    .returning({ windowId: windowReservation.windowId });
  return kept.length > 0;
}

/**
 * A canceled order's window: back to its cart as a hold expiring after `holdMs` (the shopper may pay
 * again), unless the cart holds another window by now; then its place is given back.
 */
export async function returnToCart(
  tx: Tx,
  orderGroup: string,
  orderFormId: string,
  now: Date,
  holdMs: number,
): Promise<void> {
  await lockCart(tx, orderFormId);
  const [other] = await tx
    .select({ windowId: windowReservation.windowId })
    .from(windowReservation)
    .where(eq(windowReservation.orderFormId, orderFormId));
  if (!other) {
    await tx
      .update(windowReservation)
      .set({ orderFormId, expiresAt: new Date(now.getTime() + holdMs) })
      .where(eq(windowReservation.orderFormId, orderKey(orderGroup)));
    return;
  }
  await dropHold(tx, orderKey(orderGroup));
}

export type MoveOutcome = 'moved' | 'same' | 'full' | 'notFound' | 'noWindow';

/**
 * Reschedule: moves an order group's window place to another window of the same store, in `tx`. The
 * new place is taken by the same conditional UPDATE as a cart's hold (never oversold), then the old one
 * is given back. `orderable` says whether the target window may still be prepared in the order's mode.
 */
export async function moveOrderReservation(
  tx: Tx,
  orderGroup: string,
  window: { startsAt: Date; endsAt: Date },
  now: Date,
  orderable: (startsAt: Date) => boolean,
): Promise<MoveOutcome> {
  const [held] = await tx
    .select({ windowId: windowReservation.windowId, storeId: deliveryWindow.storeId })
    .from(windowReservation)
    .innerJoin(deliveryWindow, eq(deliveryWindow.id, windowReservation.windowId))
    .where(
      and(eq(windowReservation.orderFormId, orderKey(orderGroup)), eq(windowReservation.released, false)),
    )
    .for('update', { of: windowReservation });
  if (!held) return 'noWindow';
  const target = await windowAt(tx, held.storeId, window);
  if (!target || !orderable(target.startsAt)) return 'notFound';
  if (target.id === held.windowId) return 'same';
  await releaseExpiredOf(tx, target.id, now);
  if (!(await takePlace(tx, target.id))) return 'full';
  await release(tx, held.windowId);
  await tx
    .update(windowReservation)
    .set({ windowId: target.id, reservedAt: now })
    .where(eq(windowReservation.orderFormId, orderKey(orderGroup)));
  return 'moved';
}

/** A canceled order group's window place goes back to the window, in `tx`. */
export async function releaseOrderReservation(tx: Tx, orderGroup: string): Promise<void> {
  await dropHold(tx, orderKey(orderGroup));
}

/** The store whose window an order group holds a place in (null: no window, as express). */
export async function storeOfOrder(db: Db, orderGroup: string): Promise<string | null> {
  const [row] = await db
    .select({ storeId: deliveryWindow.storeId })
    .from(windowReservation)
    .innerJoin(deliveryWindow, eq(deliveryWindow.id, windowReservation.windowId))
    .where(
      and(eq(windowReservation.orderFormId, orderKey(orderGroup)), eq(windowReservation.released, false)),
    );
  return row?.storeId ?? null;
}
