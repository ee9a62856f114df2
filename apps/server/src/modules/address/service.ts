import { randomBytes } from 'node:crypto';
import {
  addressDisplayLine,
  isListableAddressId,
  isListableLabel,
  sanitizeAddressText,
  shortAddressLine,
  truncate,
} from '@despensa/domain';
import {
  addressBody,
  Failure,
  type Address,
  type AddressBody,
  type AddressState,
  type Comuna,
  type Region,
  type VerifyBlockedResponse,
} from '@despensa/contracts';
import type { Database, Tx } from '../../db/client';
import type { Geocoder } from '../../providers/geocoder/geocoder';
import type { Territory } from '../../providers/geocoder/territory';
import type { AuthService } from '../auth/service';
import type { UserService } from '../user/service';
import * as repo from './repo';

/** Fields whose change moves the delivery point: the address must be confirmed again. */
const LOCATION_FIELDS = ['street', 'number', 'city', 'state'] as const;

/**
 * The address book (§3 Address, §7). Rule for blocked addresses: a new address, or one whose street,
 * number, comuna or region changed, is blocked until the customer types the access key e-mailed by
 * GET verifyBlocked; checkout runs that check before home or express delivery (§4 purchase flow).
 */
export class AddressService {
  constructor(
    private readonly database: Database,
    private readonly auth: AuthService,
    private readonly users: UserService,
    private readonly geocoder: Geocoder,
    private readonly territory: Territory,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  private get db() {
    return this.database.db;
  }

  /** The list the pickers show: ids with a comma or space and labels with '*' are left out (§3). */
  async list(userId: string): Promise<Address[]> {
    const rows = await repo.listAddresses(this.db, userId);
    return rows
      .filter((row) => isListableAddressId(row.id) && isListableLabel(row.addressName))
      .map(toAddress);
  }

  async get(userId: string, id: string): Promise<Address> {
    const row = await repo.findAddress(this.db, userId, id);
    if (!row) throw new Failure('addressNotFound');
    return toAddress(row);
  }

  async save(userId: string, input: AddressBody, addressId?: string): Promise<Address> {
    const body = addressBody.parse(input);
    if (
      body.authenticationToken !== undefined &&
      !(await this.auth.isAuthenticationTokenLive(body.authenticationToken))
    )
      throw new Failure('authenticationTokenExpired');
    const now = this.clock();
    const fields = {
      addressName: body.addressName?.trim() ?? '',
      receiverName: body.receiverName,
      postalCode: body.postalCode.trim(),
      city: body.city,
      state: body.state,
      street: body.street,
      number: body.number,
      neighborhood: sanitizeAddressText(body.neighborhood),
      complement: sanitizeAddressText(body.complement),
      reference: sanitizeAddressText(body.reference),
      ...(await this.locate(body)),
      updatedAt: now,
    };
    if (addressId === undefined) {
      const id = body.addressId ?? randomBytes(8).toString('hex');
      const inserted = await repo.insertAddress(this.db, {
        ...fields,
        userId,
        id,
        createdAt: now,
        validatedAt: null,
      });
      if (!inserted) throw new Failure('addressIdTaken');
      return this.get(userId, id);
    }
    const before = await repo.findAddress(this.db, userId, addressId);
    if (!before) throw new Failure('addressNotFound');
    const moved = LOCATION_FIELDS.some((field) => before[field] !== fields[field]);
    const row = await repo.updateAddress(this.db, userId, addressId, {
      ...fields,
      ...(moved ? { validatedAt: null } : {}),
    });
    if (!row) throw new Failure('addressNotFound');
    return toAddress(row);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await repo.deleteAddress(this.db, userId, id))) throw new Failure('addressNotFound');
  }

  /**
   * Whether the address needs the code check; when it does and no key is pending, one is e-mailed, naming
   * `brandName` (the shop the shopper is on; the chain's unless told).
   */
  async verifyBlocked(userId: string, id: string, brandName?: string): Promise<VerifyBlockedResponse> {
    const row = await repo.findAddress(this.db, userId, id);
    if (!row) throw new Failure('addressNotFound');
    if (row.validatedAt) return { addressId: id, blocked: false };
    const email = await this.users.email(userId);
    if (await this.auth.hasLiveAccessKey(email, 'address', subject(userId, id)))
      return { addressId: id, blocked: true };
    await this.auth.issueAccessKey(email, 'address', subject(userId, id), brandName);
    return { addressId: id, blocked: true, sentTo: maskEmail(email) };
  }

  /**
   * §4 step 4, at the transaction: whether an address of the book is still blocked. A code the shopper
   * typed in the validation-code dialog (`accessKey`) unblocks it; without one, a code is e-mailed (once
   * live) and the answer is true. An address outside the book was never flagged. Read in the placement's
   * transaction `tx` (an address that is not blocked costs it no other connection). The e-mail names
   * `brandName`, as verifyBlocked's does.
   */
  async blockedAtCheckout(
    userId: string,
    id: string,
    accessKey: string | undefined,
    tx: Tx,
    brandName?: string,
  ): Promise<boolean> {
    const row = await repo.findAddress(tx, userId, id);
    if (!row || row.validatedAt) return false;
    const email = await this.users.email(userId);
    if (accessKey !== undefined) {
      if (!(await this.auth.consumeAccessKey(email, 'address', subject(userId, id), accessKey)))
        throw new Failure('wrongAccessKey', { field: 'accessKey' });
      await repo.updateAddress(this.db, userId, id, { validatedAt: this.clock() });
      return false;
    }
    await this.verifyBlocked(userId, id, brandName);
    return true;
  }

  async validate(
    userId: string,
    id: string,
    accessKey: string,
    authenticationToken: string,
  ): Promise<Address> {
    const row = await repo.findAddress(this.db, userId, id);
    if (!row) throw new Failure('addressNotFound');
    if (!(await this.auth.isAuthenticationTokenLive(authenticationToken)))
      throw new Failure('authenticationTokenExpired');
    if (!row.validatedAt) {
      const email = await this.users.email(userId);
      if (!(await this.auth.consumeAccessKey(email, 'address', subject(userId, id), accessKey)))
        throw new Failure('wrongAccessKey', { field: 'accessKey' });
      await repo.updateAddress(this.db, userId, id, { validatedAt: this.clock() });
    }
    return this.get(userId, id);
  }

  regions(): Region[] {
    return this.territory.regions;
  }

  /** The regions and comunas in the §3 states shape (name, cities, value). */
  states(): AddressState[] {
    return this.territory.regions.map((region) => ({
      name: region.name,
      value: region.code,
      cities: this.territory.comunasOf(region.code).map((city) => ({ name: city.name, value: city.code })),
    }));
  }

  comunas(regionCode: string): Comuna[] {
    const list = this.territory.comunasOf(regionCode);
    if (list.length === 0) throw new Failure('regionNotFound');
    return list;
  }

  /** Client coordinates win; else the geocoder's (comuna centre offline). */
  private async locate(body: {
    city: string;
    state: string;
    street: string;
    number: string;
    geoCoordinates?: [number, number] | undefined;
  }) {
    if (body.geoCoordinates)
      return { lng: body.geoCoordinates[0], lat: body.geoCoordinates[1], geoPrecision: 'client' };
    const found = await this.geocoder.geocode({
      country: 'CL',
      comuna: body.city,
      region: body.state,
      street: body.street,
      number: body.number,
    });
    if (!found) return { lng: null, lat: null, geoPrecision: 'none' };
    return { lng: found.geoCoordinates[0], lat: found.geoCoordinates[1], geoPrecision: found.precision };
  }
}

function subject(userId: string, id: string): string {
  return `${userId}:${id}`;
}

/** 'maria.perez@correo.cl' → 'ma***@correo.cl'. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/** An unnamed address goes by its short line: street cut first, so the number and comuna stay (§9). */
function shortLabel(row: repo.AddressRow): string {
  const { street, rest } = shortAddressLine({ street: row.street, number: row.number, comuna: row.city });
  return street + rest;
}

function toAddress(row: repo.AddressRow): Address {
  const displayLine = addressDisplayLine(row);
  return {
    addressId: row.id,
    addressName: row.addressName,
    addressType: 'residential',
    receiverName: row.receiverName,
    postalCode: row.postalCode,
    city: row.city,
    state: row.state,
    country: 'CHL',
    street: row.street,
    number: row.number,
    neighborhood: row.neighborhood,
    complement: row.complement,
    reference: row.reference,
    geoCoordinates: row.lng !== null && row.lat !== null ? [row.lng, row.lat] : null,
    geoPrecision: row.geoPrecision as Address['geoPrecision'],
    displayLine,
    label: row.addressName ? truncate(row.addressName) : shortLabel(row),
    blocked: row.validatedAt === null,
  };
}
