import { and, inArray, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { shopOrder } from './tables';

/** Statuses after which an order's units have left the shelf (picked and receipted) or came back. */
const SHELF_DONE = ['invoiced', 'delivered', 'collected', 'canceled'] as const;

/** The order groups among these with an order whose units are still to leave the store's shelf. */
export async function openGroupsAmong(tx: Db | Tx, groups: string[]): Promise<Set<string>> {
  if (groups.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ orderGroup: shopOrder.orderGroup })
    .from(shopOrder)
    .where(and(inArray(shopOrder.orderGroup, groups), notInArray(shopOrder.status, [...SHELF_DONE])));
  return new Set(rows.map((row) => row.orderGroup));
}
