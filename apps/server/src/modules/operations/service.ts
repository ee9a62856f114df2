import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { Failure, type StaffMember } from '@despensa/contracts';
import { staffMay, type StaffDuty, type StaffRole } from '@despensa/domain';
import type { Database, Tx } from '../../db/client';
import { hashPassword, sha256, verifyPassword, type AuthService } from '../auth/service';
import type { StoreRow, StoresService } from '../stores/service';
import { StaffAccounts } from './staff-accounts';
import { operationAudit, staffMember, staffSession } from './tables';

export const STAFF_COOKIE = 'despensa_staff';
/** A shift and some: a staff session ends after 12 hours. */
const STAFF_SESSION_HOURS = 12;
/** The seeded operator of every seed store: `operador.{storeId}@despensa.cl` with this password (README). */
export const SEED_OPERATOR_PASSWORD = 'operador-despensa';
/** The seeded merchandiser (the analytics dashboard), of the first active store (README). */
export const SEED_MERCHANDISER = { email: 'comercial@despensa.cl', password: 'comercial-despensa' };
/** The seeded administrator, so that a new shop's back office can be opened at all (README). */
export const SEED_ADMINISTRATOR = { email: 'administrador@despensa.cl', password: 'administrador-despensa' };

/** A logged-in operator and the store (sales channel) it works for. */
export interface Staff extends StaffMember {
  salesChannel: number;
}

/**
 * Staff accounts (a role per store), their sessions and the audit of operator actions. A staff session
 * is not a shopper session: it has its own cookie and table, and the shopper's token never opens it.
 */
export class OperationsService {
  /** Stores change rarely; every console request names its operator's, so they are kept a minute. */
  private stores: { rows: Promise<StoreRow[]>; at: number } | null = null;
  /** The back office's staff accounts (create, role and store, deactivate). */
  readonly accounts: StaffAccounts;

  constructor(
    private readonly database: Database,
    private readonly storesService: StoresService,
    private readonly auth: AuthService,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.accounts = new StaffAccounts(database, storesService, clock);
  }

  /**
   * One operator per active store that has none yet, the merchandiser and the administrator (of the first
   * store); idempotent, each start may run it.
   */
  async seed(): Promise<void> {
    const stores = await this.storesService.activeRows();
    const existing = await this.database.db
      .select({ storeId: staffMember.storeId, email: staffMember.email, role: staffMember.role })
      .from(staffMember);
    const staffed = new Set(existing.filter((row) => row.role === 'operator').map((row) => row.storeId));
    const wanted: (Omit<typeof staffMember.$inferInsert, 'passwordHash' | 'createdAt'> & {
      password: string;
    })[] = stores
      .filter((store) => !staffed.has(store.id))
      .map((store) => ({
        id: `op-${store.id}`,
        email: `operador.${store.id}@despensa.cl`,
        name: `Operador ${store.name}`,
        role: 'operator',
        storeId: store.id,
        password: SEED_OPERATOR_PASSWORD,
      }));
    if (stores[0] && !existing.some((row) => row.email === SEED_MERCHANDISER.email))
      wanted.push({
        id: 'merch-seed',
        email: SEED_MERCHANDISER.email,
        name: 'Comercial Despensa',
        role: 'merchandiser',
        storeId: stores[0].id,
        password: SEED_MERCHANDISER.password,
      });
    if (stores[0] && !existing.some((row) => row.email === SEED_ADMINISTRATOR.email))
      wanted.push({
        id: 'admin-seed',
        email: SEED_ADMINISTRATOR.email,
        name: 'Administración Despensa',
        role: 'admin',
        storeId: stores[0].id,
        password: SEED_ADMINISTRATOR.password,
      });
    if (wanted.length === 0) return;
    const hashes = new Map<string, Promise<string>>();
    const createdAt = this.clock();
    const rows = await Promise.all(
      wanted.map(async ({ password, ...member }) => {
        if (!hashes.has(password)) hashes.set(password, hashPassword(password));
        return { ...member, passwordHash: await hashes.get(password)!, createdAt };
      }),
    );
    await this.database.db.insert(staffMember).values(rows).onConflictDoNothing();
  }

  /** Adds a staff member (tests and the shop's own tooling). */
  async addStaff(input: {
    email: string;
    name: string;
    storeId: string;
    password: string;
    role: StaffRole;
  }): Promise<string> {
    const id = `${input.role === 'operator' ? 'op' : 'staff'}-${randomBytes(6).toString('hex')}`;
    await this.database.db.insert(staffMember).values({
      id,
      email: input.email,
      name: input.name,
      role: input.role,
      storeId: input.storeId,
      passwordHash: await hashPassword(input.password),
      createdAt: this.clock(),
    });
    return id;
  }

  /** Staff login, under the same attempt limits as the shoppers' (per account and per address). */
  async login(
    login: string,
    password: string,
    clientAddress: string,
  ): Promise<{ staff: Staff; token: string }> {
    const attempt = await this.auth.limitLogin('staff', login, clientAddress);
    const [member] = await this.database.db
      .select()
      .from(staffMember)
      .where(sql`lower(${staffMember.email}) = lower(${login})`);
    // A wrong login costs as much as a wrong password, so the answer time tells nothing.
    const ok = await verifyPassword(password, member?.passwordHash ?? (await hashPassword('x')));
    // A deactivated account is refused as a wrong password is: the answer tells nothing about it.
    if (!member || !ok || !member.active) throw new Failure('staffWrongCredentials');
    await attempt.succeeded();
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    await this.database.db.insert(staffSession).values({
      tokenHash: sha256(token),
      staffId: member.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STAFF_SESSION_HOURS * 3600_000),
    });
    return { staff: await this.staffOf(member), token };
  }

  /** The operator of a live staff session, or null. */
  async session(token: string | undefined): Promise<Staff | null> {
    if (!token) return null;
    const [row] = await this.database.db
      .select({ member: staffMember })
      .from(staffSession)
      .innerJoin(staffMember, eq(staffMember.id, staffSession.staffId))
      .where(
        and(
          eq(staffSession.tokenHash, sha256(token)),
          isNull(staffSession.revokedAt),
          gt(staffSession.expiresAt, this.clock()),
          eq(staffMember.active, true),
        ),
      );
    return row ? this.staffOf(row.member) : null;
  }

  /**
   * The staff member of a live session whose role has this duty: notStaff without a session,
   * staffRoleForbidden when the role does not reach it.
   */
  async staffFor(token: string | undefined, duty: StaffDuty): Promise<Staff> {
    const staff = await this.session(token);
    if (!staff) throw new Failure('notStaff');
    if (!staffMay(staff.role, duty)) throw new Failure('staffRoleForbidden');
    return staff;
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.database.db
      .update(staffSession)
      .set({ revokedAt: this.clock() })
      .where(eq(staffSession.tokenHash, sha256(token)));
  }

  /** Writes the audit row of an operator action, in the action's transaction. */
  async audit(
    tx: Tx,
    staff: Staff,
    entry: { orderId: string; action: string; before: unknown; after: unknown },
  ): Promise<void> {
    await tx.insert(operationAudit).values({
      at: this.clock(),
      staffId: staff.id,
      storeId: staff.storeId,
      orderId: entry.orderId,
      action: entry.action,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  }

  /** The names of these staff members, by id (the back office's timeline says who acted). */
  async namesOf(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.db
      .select({ id: staffMember.id, name: staffMember.name })
      .from(staffMember)
      .where(inArray(staffMember.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** The audit of one order, newest first (the caller checked the order is the operator's store's). */
  async auditOf(orderId: string) {
    const rows = await this.database.db
      .select({ entry: operationAudit, staffName: staffMember.name })
      .from(operationAudit)
      .innerJoin(staffMember, eq(staffMember.id, operationAudit.staffId))
      .where(eq(operationAudit.orderId, orderId))
      .orderBy(desc(operationAudit.id));
    return rows.map(({ entry, staffName }) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      staffId: entry.staffId,
      staffName,
      orderId: entry.orderId,
      action: entry.action,
      before: entry.before,
      after: entry.after,
    }));
  }

  private async staffOf(member: typeof staffMember.$inferSelect): Promise<Staff> {
    const now = Date.now();
    if (!this.stores || now - this.stores.at > 60_000)
      this.stores = { rows: this.storesService.activeRows(), at: now };
    const store = (await this.stores.rows).find((each) => each.id === member.storeId);
    if (!store) throw new Failure('notStaff');
    return {
      id: member.id,
      name: member.name,
      email: member.email,
      role: member.role,
      storeId: store.id,
      storeName: store.name,
      salesChannel: store.salesChannel,
    };
  }
}
