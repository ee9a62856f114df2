import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shoppingList } from './tables';

export type ShoppingListRow = typeof shoppingList.$inferSelect;

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
}
