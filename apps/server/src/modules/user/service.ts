import { randomUUID } from 'node:crypto';
import { formatRut, isCollaborator, isValidEmail, cleanContactPhone, isValidRut } from '@despensa/domain';
import {
  Failure,
  type RegisterDeviceBody,
  type RegisterUserBody,
  type UpdateUserBody,
  type UserProfile,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { AuthService } from '../auth/service';
import type { CartService } from '../cart/service';
import * as repo from './repo';

/** §5: a phone (optional + and 9 to 11 digits) or a short phone (8 to 10 digits); spaces and dashes ignored. */
function cleanHomePhone(phone: string): string {
  const clean = cleanContactPhone(phone);
  if (clean === null) throw new Failure('invalidPhone', { field: 'homePhone' });
  return clean;
}

/** The customer's user data (§3): registration, profile, edits, devices. Passwords belong to auth. */
export class UserService {
  constructor(
    private readonly database: Database,
    private readonly auth: AuthService,
    private readonly cart: CartService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The shopper's loyalty points (§3 points), once the loyalty module is there (it reads orders). */
  pointsOf: ((userId: string) => Promise<number>) | null = null;

  private get db() {
    return this.database.db;
  }

  async register(body: RegisterUserBody): Promise<UserProfile> {
    const email = body.email.trim();
    if (!isValidEmail(email)) throw new Failure('invalidEmail', { field: 'email' });
    const document = body.document.replace(/\s+/g, '');
    if (!isValidRut(document)) throw new Failure('invalidRut', { field: 'document' });
    const homePhone = cleanHomePhone(body.homePhone);
    const id = randomUUID();
    const now = this.clock();
    const created = await repo.insertCustomer(this.db, {
      id,
      email,
      document: formatRut(document),
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      homePhone,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    if (!created) throw new Failure('emailTaken');
    try {
      if (!(await this.auth.createCredential(id, email, body.password))) throw new Failure('emailTaken');
    } catch (error) {
      // The two modules write separately; undo the customer so a retry can succeed.
      await repo.deleteCustomer(this.db, id);
      throw error;
    }
    return this.profile(id);
  }

  /**
   * The customer's data; with `take`, the cart `orderFormId` is attached to them first: their own cart, or
   * the anonymous cart the client holds (`heldOrderFormId`, its cart cookie's).
   */
  async profile(
    userId: string,
    take?: { orderFormId: string; heldOrderFormId: string | null },
  ): Promise<UserProfile> {
    const found = await repo.findCustomer(this.db, userId);
    if (!found) throw new Failure('accountNotFound');
    if (take === undefined) return this.view(found);
    const { orderFormId, heldOrderFormId } = take;
    await this.cart.assignToUser({ customerId: userId, heldOrderFormId }, orderFormId, {
      collaborator: isCollaborator(found),
      prime: found.primeMember,
    });
    await repo.updateCustomer(this.db, userId, { orderFormId });
    return this.view({ ...found, orderFormId });
  }

  async update(userId: string, body: UpdateUserBody): Promise<UserProfile> {
    const change = {
      ...(body.firstName !== undefined ? { firstName: body.firstName.trim() } : {}),
      ...(body.lastName !== undefined ? { lastName: body.lastName.trim() } : {}),
      ...(body.homePhone !== undefined ? { homePhone: cleanHomePhone(body.homePhone) } : {}),
      ...(body.termsAccepted ? { termsAcceptedAt: this.clock() } : {}),
      updatedAt: this.clock(),
    };
    const row = await repo.updateCustomer(this.db, userId, change);
    if (!row) throw new Failure('accountNotFound');
    return this.view(row);
  }

  /** §3 CencoPrime_2020: the Prime membership (flows/prime-membership) sets it; in `tx`. */
  async setPrimeMember(userId: string, member: boolean, tx: Tx): Promise<void> {
    await repo.updateCustomer(tx, userId, { primeMember: member, updatedAt: this.clock() });
  }

  private async view(row: repo.CustomerRow): Promise<UserProfile> {
    return toProfile(this.pointsOf ? { ...row, loyaltyPoints: await this.pointsOf(row.id) } : row);
  }

  async email(userId: string): Promise<string> {
    const row = await repo.findCustomer(this.db, userId);
    if (!row) throw new Failure('accountNotFound');
    return row.email;
  }

  async registerDevice(body: RegisterDeviceBody, userId: string | null): Promise<{ registered: true }> {
    await repo.upsertDevice(this.db, {
      deviceId: body.deviceId,
      userId,
      token: body.token,
      isMobile: body.isMobile,
      device: body.device,
      updatedAt: this.clock(),
    });
    return { registered: true };
  }

  /** The customer's registered devices and their push tokens (for push sends). */
  async devices(userId: string): Promise<{ deviceId: string; token: string }[]> {
    const rows = await repo.devicesOf(this.db, userId);
    return rows.map(({ deviceId, token }) => ({ deviceId, token }));
  }

  /** A device whose push token the push service no longer knows (404/410). */
  forgetDevice(deviceId: string): Promise<void> {
    return repo.deleteDevice(this.db, deviceId);
  }
}

function toProfile(row: repo.CustomerRow): UserProfile {
  return {
    userId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    document: row.document,
    homePhone: row.homePhone,
    gtmSegment: row.gtmSegment,
    clusterSearch: row.clusterSearch,
    clusterCencopay: row.clusterCencopay,
    hasWallet: row.hasWallet,
    cencoPay: { isLinked: row.cencoPayLinked },
    CencoPrime_2020: row.primeMember,
    CencoPrime_CAT: row.primeCat,
    countOrder: row.countOrder,
    prime_invitation_date: row.primeInvitationDate?.toISOString() ?? null,
    points: row.loyaltyPoints,
    orderFormId: row.orderFormId,
    termsAcceptedAt: row.termsAcceptedAt.toISOString(),
  };
}
