import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  Failure,
  type StaffAccount,
  type StaffAccountBody,
  type StaffAccountChange,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import { hashPassword } from '../auth/service';
import type { StoresService } from '../stores/service';
import { staffMember, staffSession } from './tables';

type MemberRow = typeof staffMember.$inferSelect;

/**
 * Staff accounts as the back office's administrator keeps them: create one with a role and a store,
 * change either, deactivate it (its sessions end at once). Each write takes the flow's transaction, so
 * its audit row commits with it.
 */
export class StaffAccounts {
  constructor(
    private readonly database: Database,
    private readonly stores: StoresService,
    private readonly clock: () => Date,
  ) {}

  async list(): Promise<StaffAccount[]> {
    const rows = await this.database.db.select().from(staffMember).orderBy(asc(staffMember.name));
    const names = await this.storeNames();
    return rows.map((row) => accountOf(row, names));
  }

  async create(tx: Tx, body: StaffAccountBody): Promise<StaffAccount> {
    const names = await this.storeNames();
    if (!names.has(body.storeId)) throw new Failure('storeNotFound', { field: 'storeId' });
    const [taken] = await tx
      .select({ id: staffMember.id })
      .from(staffMember)
      .where(sql`lower(${staffMember.email}) = lower(${body.email})`);
    if (taken) throw new Failure('staffEmailTaken', { field: 'email' });
    const [row] = await tx
      .insert(staffMember)
      .values({
        id: `staff-${randomBytes(6).toString('hex')}`,
        email: body.email,
        name: body.name,
        role: body.role,
        storeId: body.storeId,
        passwordHash: await hashPassword(body.password),
        createdAt: this.clock(),
      })
      .returning();
    return accountOf(row!, names);
  }

  /** A new role, store or active state; deactivating ends every open session of the account. */
  async change(
    tx: Tx,
    staffId: string,
    change: StaffAccountChange,
  ): Promise<{ before: StaffAccount; after: StaffAccount }> {
    const names = await this.storeNames();
    if (change.storeId !== undefined && !names.has(change.storeId))
      throw new Failure('storeNotFound', { field: 'storeId' });
    const [current] = await tx.select().from(staffMember).where(eq(staffMember.id, staffId)).for('update');
    if (!current) throw new Failure('staffNotFound');
    const [row] = await tx
      .update(staffMember)
      .set({
        role: change.role ?? current.role,
        storeId: change.storeId ?? current.storeId,
        active: change.active ?? current.active,
      })
      .where(eq(staffMember.id, staffId))
      .returning();
    if (change.active === false)
      await tx
        .update(staffSession)
        .set({ revokedAt: this.clock() })
        .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.revokedAt)));
    return { before: accountOf(current, names), after: accountOf(row!, names) };
  }

  private async storeNames(): Promise<Map<string, string>> {
    const rows = await this.stores.activeRows();
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}

function accountOf(row: MemberRow, storeNames: Map<string, string>): StaffAccount {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    storeId: row.storeId,
    storeName: storeNames.get(row.storeId) ?? row.storeId,
    active: row.active,
  };
}
