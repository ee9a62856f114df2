import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { DELIVERY_WINDOW_DAYS } from '@despensa/domain';
import { Failure, type AdminWindow, type AdminWindowChange } from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { releaseExpiredOf } from './repo';
import { deliveryWindow, windowReservation } from './tables';

const HORIZON_MS = DELIVERY_WINDOW_DAYS * 24 * 3600_000;

/**
 * The back office's view of a store's delivery windows: open or close one, change its capacity. A closed
 * window is no longer offered (the simulation and a new hold skip it); the places it holds stay theirs.
 * Capacity never goes under the places held or taken: the window's row is locked, its expired holds given
 * back, then the count compared, so a cart cannot slip in between.
 */
export class WindowAdmin {
  constructor(
    private readonly database: Database,
    private readonly clock: () => Date,
  ) {}

  /** The store's windows still to start, within the horizon, closed ones included. */
  async list(storeId: string): Promise<AdminWindow[]> {
    const now = this.clock();
    const expired = sql<number>`(SELECT count(*) FROM ${windowReservation} r WHERE r.window_id = ${deliveryWindow.id}
      AND NOT r.released AND r.expires_at <= ${now})::int`;
    const rows = await this.database.db
      .select({ window: deliveryWindow, expired })
      .from(deliveryWindow)
      .where(
        and(
          eq(deliveryWindow.storeId, storeId),
          gt(deliveryWindow.startsAt, now),
          lt(deliveryWindow.startsAt, new Date(now.getTime() + HORIZON_MS)),
        ),
      )
      .orderBy(asc(deliveryWindow.startsAt));
    return rows.map(({ window, expired: gone }) => viewOf(window, window.reserved - gone));
  }

  /** The store a window belongs to, or null when there is no such window. */
  async storeOf(windowId: number): Promise<string | null> {
    const [row] = await this.database.db
      .select({ storeId: deliveryWindow.storeId })
      .from(deliveryWindow)
      .where(eq(deliveryWindow.id, windowId));
    return row?.storeId ?? null;
  }

  async change(
    tx: Tx,
    windowId: number,
    change: AdminWindowChange,
  ): Promise<{ before: AdminWindow; after: AdminWindow }> {
    const lock = () => tx.select().from(deliveryWindow).where(eq(deliveryWindow.id, windowId)).for('update');
    const [current] = await lock();
    if (!current) throw new Failure('windowNotFound');
    await releaseExpiredOf(tx, windowId, this.clock());
    const [live] = await lock();
    if (change.capacity !== undefined && change.capacity < live!.reserved)
      throw new Failure('windowCapacityBelowHeld', {
        message: `La capacidad no puede ser menor que los ${live!.reserved} cupos ya reservados o tomados.`,
        field: 'capacity',
      });
    const [row] = await tx
      .update(deliveryWindow)
      .set({ capacity: change.capacity ?? live!.capacity, closed: change.closed ?? live!.closed })
      .where(eq(deliveryWindow.id, windowId))
      .returning();
    return { before: viewOf(current, live!.reserved), after: viewOf(row!, row!.reserved) };
  }
}

function viewOf(row: typeof deliveryWindow.$inferSelect, held: number): AdminWindow {
  return {
    id: row.id,
    storeId: row.storeId,
    startDateUtc: row.startsAt.toISOString(),
    endDateUtc: row.endsAt.toISOString(),
    capacity: row.capacity,
    held,
    closed: row.closed,
  };
}
