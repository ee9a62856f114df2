import { randomUUID } from 'node:crypto';
import { formatRut, isCollaborator, isValidEmail, cleanContactPhone, isValidRut } from '@despensa/domain';
import {
  Failure,
  NAME_BIDI_MESSAGE,
  hasBidiControls,
  type RegisterDeviceBody,
  type RegisterUserBody,
  type SupportCustomer,
  type UpdateUserBody,
  type UserProfile,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { CartService } from '../cart/service';
import * as repo from './repo';

/** §5: a phone (optional + and 9 to 11 digits) or a short phone (8 to 10 digits); spaces and dashes ignored. */
function cleanHomePhone(phone: string): string {
  const clean = cleanContactPhone(phone);
  if (clean === null) throw new Failure('invalidPhone', { field: 'homePhone' });
  return clean;
}

/** The customer's user data (§3): the customer registered, profile, edits, devices. Passwords belong to auth. */
export class UserService {
  constructor(
    private readonly database: Database,
    private readonly cart: CartService,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** §6: the one special account (its e-mail, lower case) and its greeting label (config SPECIAL_GREETING). */
  specialGreeting: { email: string; label: string } | null = null;

  /** The shopper's loyalty points (§3 points), once the loyalty module is there (it reads orders). */
  pointsOf: ((userId: string) => Promise<number>) | null = null;

  private get db() {
    return this.database.db;
  }

  /**
   * Registration's half (flows/register): the customer, in `tx`; emailTaken when the e-mail or the RUT is
   * someone's. The password is auth's half.
   */
  async createCustomer(tx: Tx, body: RegisterUserBody): Promise<{ id: string; email: string }> {
    refuseBidiNames(body);
    const email = body.email.trim();
    if (!isValidEmail(email)) throw new Failure('invalidEmail', { field: 'email' });
    const document = body.document.replace(/\s+/g, '');
    if (!isValidRut(document)) throw new Failure('invalidRut', { field: 'document' });
    const homePhone = cleanHomePhone(body.homePhone);
    const id = randomUUID();
    const now = this.clock();
    const created = await repo.insertCustomer(tx, {
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
    return { id, email };
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
    refuseBidiNames(body);
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
    const profile = toProfile(this.pointsOf ? { ...row, loyaltyPoints: await this.pointsOf(row.id) } : row);
    const special = this.specialGreeting;
    return { ...profile, greeting: special?.email === row.email.toLowerCase() ? special.label : null };
  }

  async email(userId: string): Promise<string> {
    const row = await repo.findCustomer(this.db, userId);
    if (!row) throw new Failure('accountNotFound');
    return row.email;
  }

  /**
   * The back office's support search: the customers an e-mail or a RUT (any format) names, or these ids
   * (the customers of orders found); their contact data only.
   */
  async findForSupport(by: { text?: string; ids?: string[] }): Promise<SupportCustomer[]> {
    const text = by.text?.trim() ?? '';
    const rows = await repo.customersBy(this.db, {
      ...(text.includes('@') ? { email: text } : {}),
      ...(isValidRut(text) ? { document: formatRut(text) } : {}),
      ...(by.ids ? { ids: by.ids } : {}),
    });
    return rows.map(({ id, email, document, firstName, lastName }) => ({
      userId: id,
      email,
      document,
      firstName,
      lastName,
    }));
  }

  async registerDevice(body: RegisterDeviceBody, userId: string | null): Promise<{ registered: true }> {
    // A customer's device is re-pointed only from their session: else anyone who learnt its id could
    // send that customer's notifications to a subscription of their own.
    const written = await repo.upsertDevice(this.db, {
      deviceId: body.deviceId,
      userId,
      token: body.token,
      isMobile: body.isMobile,
      device: body.device,
      updatedAt: this.clock(),
    });
    if (!written) throw new Failure('deviceNotYours');
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

/** The web's forms reach the service without the API's schema: the same rule on names (contracts). */
function refuseBidiNames(body: { firstName?: string | undefined; lastName?: string | undefined }): void {
  for (const field of ['firstName', 'lastName'] as const) {
    const name = body[field];
    if (name !== undefined && hasBidiControls(name))
      throw new Failure('invalidInput', { message: NAME_BIDI_MESSAGE, field });
  }
}

function toProfile(row: repo.CustomerRow): Omit<UserProfile, 'greeting'> {
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
