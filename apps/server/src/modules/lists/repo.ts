import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { listRun, shoppingList, type ListRunStatus } from './tables';

export type ShoppingListRow = typeof shoppingList.$inferSelect;
export type ListRunRow = typeof listRun.$inferSelect;

export class ListsRepo {
  constructor(private readonly db: Db) {}

  byUser(userId: string): Promise<ShoppingListRow[]> {
    return this.db
      .select()
      .from(shoppingList)
      .where(eq(shoppingList.userId, userId))
      .orderBy(desc(shoppingList.createdIn), desc(shoppingList.id));
  }

  async one(userId: string, id: string): Promise<ShoppingListRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shoppingList)
      .where(and(eq(shoppingList.userId, userId), eq(shoppingList.id, id)));
    return row;
  }

  async insert(row: typeof shoppingList.$inferInsert): Promise<ShoppingListRow> {
    const [inserted] = await this.db.insert(shoppingList).values(row).returning();
    return inserted!;
  }

  async update(
    userId: string,
    id: string,
    changes: Partial<typeof shoppingList.$inferInsert>,
  ): Promise<ShoppingListRow | undefined> {
    const [row] = await this.db
      .update(shoppingList)
      .set(changes)
      .where(and(eq(shoppingList.userId, userId), eq(shoppingList.id, id)))
      .returning();
    return row;
  }

  async remove(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(shoppingList)
      .where(and(eq(shoppingList.userId, userId), eq(shoppingList.id, id)))
      .returning({ id: shoppingList.id });
    return rows.length > 0;
  }

  scheduled(): Promise<ShoppingListRow[]> {
    return this.db.select().from(shoppingList).where(eq(shoppingList.scheduleStatus, 1));
  }

  async run(listId: string, deliveryDate: string): Promise<ListRunRow | undefined> {
    const [row] = await this.db
      .select()
      .from(listRun)
      .where(and(eq(listRun.listId, listId), eq(listRun.deliveryDate, deliveryDate)));
    return row;
  }

  /** Records a run once: false when another instance (or the shopper) recorded it first. */
  async insertRun(row: typeof listRun.$inferInsert, db: Db | Tx = this.db): Promise<boolean> {
    const rows = await db.insert(listRun).values(row).onConflictDoNothing().returning({ id: listRun.listId });
    return rows.length > 0;
  }

  async setRun(
    listId: string,
    deliveryDate: string,
    changes: Partial<typeof listRun.$inferInsert>,
    db: Db | Tx = this.db,
  ): Promise<void> {
    await db
      .update(listRun)
      .set(changes)
      .where(and(eq(listRun.listId, listId), eq(listRun.deliveryDate, deliveryDate)));
  }

  /** A run, locked for the caller's transaction (a change of its basket against its placement). */
  async lockRun(listId: string, deliveryDate: string, tx: Tx): Promise<ListRunRow | null> {
    const [row] = await tx
      .select()
      .from(listRun)
      .where(and(eq(listRun.listId, listId), eq(listRun.deliveryDate, deliveryDate)))
      .for('update');
    return row ?? null;
  }

  /** A run due to be placed, locked for the caller's transaction; null when another instance has it. */
  async lockDue(listId: string, deliveryDate: string, tx: Tx): Promise<ListRunRow | null> {
    const [row] = await tx
      .select()
      .from(listRun)
      .where(
        and(
          eq(listRun.listId, listId),
          eq(listRun.deliveryDate, deliveryDate),
          eq(listRun.status, 'due' satisfies ListRunStatus),
        ),
      )
      .for('update', { skipLocked: true });
    return row ?? null;
  }

  due(): Promise<ListRunRow[]> {
    return this.db
      .select()
      .from(listRun)
      .where(eq(listRun.status, 'due' satisfies ListRunStatus));
  }

  built(): Promise<ListRunRow[]> {
    return this.db
      .select()
      .from(listRun)
      .where(eq(listRun.status, 'built' satisfies ListRunStatus));
  }

  /** Skipped or failed runs whose basket still holds its window. */
  skippedHolding(): Promise<ListRunRow[]> {
    const ended: ListRunStatus[] = ['skipped', 'failed'];
    return this.db
      .select()
      .from(listRun)
      .where(and(inArray(listRun.status, ended), isNotNull(listRun.windowStart)));
  }
}
