import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_METHODS, type LngLat } from '@despensa/domain';
import type { AdminStore, AdminWindow, StaffAccount } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { TEST_KEY } from './support/constants';
import { staffLogin } from './support/integration';
import { eventually } from './support/eventually';

/** Monday 2026-11-02, 12:00 in Santiago: stores open, windows ahead all week. */
const NOW = new Date('2026-11-02T15:00:00Z');
const PROVIDENCIA: LngLat = [-70.61667, -33.43333];
const ADMIN = { email: 'admin.tiendas@despensa.cl', password: 'admin-tiendas-despensa' };
const MANAGER = { email: 'jefa.providencia@despensa.cl', password: 'jefa-providencia-1' };

let shop: TestApp;
let providencia: { storeId: string; sc: number };
let otherStoreId: string;
let adminToken: string;
let managerToken: string;
let manager: StaffAccount;
let skuId: number;

const call = (
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  shop.app.inject({
    method,
    url,
    headers: { ...CART_HEADERS, ...(token ? { 'x-staff-token': token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function offeredStarts(): Promise<string[]> {
  const answer = await shop.app.inject({
    method: 'POST',
    url: '/api/shipping/simulation',
    headers: TEST_KEY,
    payload: {
      location: { zipCode: '', country: 'CL', point: PROVIDENCIA },
      saleschannel: providencia.sc,
      shippingMethod: DELIVERY_METHODS.homeDelivery.id,
      items: [{ id: String(skuId), quantity: 1 }],
      isCart: false,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer
    .json()
    .logisticsInfo[0].slas[0].availableDeliveryWindows.map((w: { startDateUtc: string }) => w.startDateUtc);
}

async function lastAudit(subject: string) {
  const answer = await call(
    adminToken,
    'GET',
    `/api/admin/audit-log?subject=${encodeURIComponent(subject)}&limit=1`,
  );
  return answer.json()[0];
}

/** The channel the shop sells to Providencia's point from (null: not covered there). */
async function channelAtProvidencia(): Promise<number | null> {
  const answer = await shop.app.inject({
    method: 'GET',
    url: `/api/sales-channel/geolocation?lat=${PROVIDENCIA[1]}&lng=${PROVIDENCIA[0]}`,
    headers: TEST_KEY,
  });
  return answer.json().payload.store?.sc ?? null;
}

beforeAll(async () => {
  shop = await createTestApp({ now: NOW });
  const { rows } = await shop.database.pool.query(
    "SELECT id, sales_channel FROM store WHERE comuna_code = '13123' AND active",
  );
  providencia = { storeId: rows[0].id, sc: rows[0].sales_channel };
  skuId = (await sellableSkus(shop, { salesChannel: providencia.sc, limit: 1 }))[0]!.id;
  otherStoreId = (
    await shop.database.pool.query('SELECT id FROM store WHERE active AND id <> $1 LIMIT 1', [
      providencia.storeId,
    ])
  ).rows[0].id;
  await shop.services.operations.addStaff({
    ...ADMIN,
    name: 'Admin',
    storeId: providencia.storeId,
    role: 'admin',
  });
  adminToken = await staffLogin(shop, ADMIN.email, ADMIN.password);
  const created = await call(adminToken, 'POST', '/api/admin/staff', {
    ...MANAGER,
    name: 'Jefa Providencia',
    role: 'storeManager',
    storeId: providencia.storeId,
  });
  expect(created.statusCode, created.body).toBe(200);
  manager = created.json();
  managerToken = await staffLogin(shop, MANAGER.email, MANAGER.password);
}, 120_000);
afterAll(() => shop?.close());

describe('staff accounts (administrators)', () => {
  it('created the store manager, audited, and refuses the same email twice', async () => {
    expect(manager).toMatchObject({ role: 'storeManager', storeId: providencia.storeId, active: true });
    const audit = await lastAudit(`staff:${MANAGER.email}`);
    expect(audit).toMatchObject({ action: 'staff.create', before: null, after: { id: manager.id } });
    expect(JSON.stringify(audit)).not.toContain(MANAGER.password);
    const again = await call(adminToken, 'POST', '/api/admin/staff', {
      ...MANAGER,
      email: MANAGER.email.toUpperCase(),
      name: 'Otra',
      role: 'support',
      storeId: providencia.storeId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'staffEmailTaken',
      message: 'Ya hay una persona del personal con ese correo.',
    });
  });

  it('refuses a store manager and unknown stores or accounts', async () => {
    expect((await call(managerToken, 'GET', '/api/admin/staff')).json().code).toBe('staffRoleForbidden');
    const unknownStore = await call(adminToken, 'PATCH', `/api/admin/staff/${manager.id}`, {
      storeId: 'no-such-store',
    });
    expect([unknownStore.statusCode, unknownStore.json().code]).toEqual([404, 'storeNotFound']);
    const unknown = await call(adminToken, 'PATCH', '/api/admin/staff/staff-nobody', { role: 'support' });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'staffNotFound']);
  });

  it('deactivates an account: its session ends and its login is refused', async () => {
    const body = { email: 'soporte.temporal@despensa.cl', password: 'soporte-temporal-1', name: 'Soporte' };
    const support: StaffAccount = (
      await call(adminToken, 'POST', '/api/admin/staff', {
        ...body,
        role: 'support',
        storeId: providencia.storeId,
      })
    ).json();
    const token = await staffLogin(shop, body.email, body.password);
    expect((await call(token, 'GET', '/api/admin/stores')).json().code).toBe('staffRoleForbidden');
    const off = await call(adminToken, 'PATCH', `/api/admin/staff/${support.id}`, { active: false });
    expect(off.json()).toMatchObject({ active: false });
    expect(await lastAudit(`staff:${support.id}`)).toMatchObject({
      action: 'staff.change',
      before: { active: true },
      after: { active: false },
    });
    expect((await call(token, 'GET', '/api/admin/stores')).statusCode).toBe(401);
    const login = await call(null, 'POST', '/api/operations/session', {
      login: body.email,
      password: body.password,
    });
    expect(login.statusCode).toBe(401);
  });
});

describe("a store manager's windows", () => {
  let windows: AdminWindow[];
  beforeAll(async () => {
    const answer = await call(managerToken, 'GET', `/api/admin/stores/${providencia.storeId}/windows`);
    expect(answer.statusCode, answer.body).toBe(200);
    windows = answer.json();
  });

  it('sees its own store only', async () => {
    const stores: AdminStore[] = (await call(managerToken, 'GET', '/api/admin/stores')).json();
    expect(stores.map((store) => store.id)).toEqual([providencia.storeId]);
    expect(windows.length).toBeGreaterThan(30);
    expect(windows[0]).toMatchObject({ storeId: providencia.storeId, held: 0, closed: false });
  });

  it('closes a window: the selector stops offering it, audited before and after; reopening offers it again', async () => {
    const window = windows[3]!;
    expect(await offeredStarts()).toContain(window.startDateUtc);
    const closed = await call(managerToken, 'PATCH', `/api/admin/windows/${window.id}`, { closed: true });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ id: window.id, closed: true });
    expect(await offeredStarts()).not.toContain(window.startDateUtc);
    expect(await lastAudit(`deliveryWindow:${window.id}`)).toMatchObject({
      action: 'deliveryWindow.change',
      actor: { kind: 'staff', id: manager.id },
      before: { closed: false },
      after: { closed: true },
    });
    await call(managerToken, 'PATCH', `/api/admin/windows/${window.id}`, { closed: false });
    expect(await offeredStarts()).toContain(window.startDateUtc);
  });

  it('never sets capacity below the places held or taken', async () => {
    const window = windows[5]!;
    await shop.database.pool.query('UPDATE delivery_window SET reserved = 3 WHERE id = $1', [window.id]);
    const below = await call(managerToken, 'PATCH', `/api/admin/windows/${window.id}`, { capacity: 2 });
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'windowCapacityBelowHeld',
      message: 'La capacidad no puede ser menor que los 3 cupos ya reservados o tomados.',
    });
    const at = await call(managerToken, 'PATCH', `/api/admin/windows/${window.id}`, { capacity: 3 });
    expect(at.json()).toMatchObject({ capacity: 3, held: 3 });
    const offered = await offeredStarts();
    expect(offered).toContain(window.startDateUtc);
  });

  it("refuses another store's windows and details, bad input, and roles that do not run stores", async () => {
    const [theirs] = (await call(adminToken, 'GET', `/api/admin/stores/${otherStoreId}/windows`)).json();
    const patch = await call(managerToken, 'PATCH', `/api/admin/windows/${theirs.id}`, { closed: true });
    expect([patch.statusCode, patch.json().code]).toEqual([403, 'staffStoreForbidden']);
    expect(patch.json().message).toBe('Solo puedes administrar tu propia tienda.');
    expect((await call(managerToken, 'GET', `/api/admin/stores/${otherStoreId}/windows`)).statusCode).toBe(
      403,
    );
    const store = await call(managerToken, 'PUT', `/api/admin/stores/${otherStoreId}`, {
      pickup: true,
      car: true,
      express: false,
      carBays: 2,
      openingHours: [],
    });
    expect(store.json().code).toBe('staffStoreForbidden');
    const negative = await call(managerToken, 'PATCH', `/api/admin/windows/${windows[0]!.id}`, {
      capacity: -1,
    });
    expect(negative.statusCode).toBe(400);
    expect(
      (await call(managerToken, 'PATCH', '/api/admin/windows/999999999', { closed: true })).statusCode,
    ).toBe(404);
    expect((await call(null, 'GET', '/api/admin/stores')).statusCode).toBe(401);
    const operator = await staffLogin(
      shop,
      `operador.${providencia.storeId}@despensa.cl`,
      'operador-despensa',
    );
    expect((await call(operator, 'GET', '/api/admin/stores')).json().code).toBe('staffRoleForbidden');
  });

  it('changes its store: Click al Auto bays and hours, audited', async () => {
    const change = {
      pickup: true,
      car: true,
      express: false,
      carBays: 6,
      openingHours: [
        { day: 1, opens: '09:00', closes: '21:00' },
        { day: 7, opens: '10:00', closes: '14:00' },
      ],
    };
    const seeded = (
      await shop.database.pool.query('SELECT car, car_bays FROM store WHERE id = $1', [providencia.storeId])
    ).rows[0];
    const answer = await call(managerToken, 'PUT', `/api/admin/stores/${providencia.storeId}`, change);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ carBays: 6, car: true, express: false });
    expect(answer.json().openingHours.map((entry: { day: number }) => entry.day)).toEqual([1, 7]);
    const audit = await lastAudit(`store:${providencia.storeId}`);
    expect(audit).toMatchObject({
      action: 'store.change',
      before: { carBays: seeded.car_bays },
      after: { carBays: 6 },
    });
    const late = await call(managerToken, 'PUT', `/api/admin/stores/${providencia.storeId}`, {
      ...change,
      openingHours: [{ day: 1, opens: '21:00', closes: '09:00' }],
    });
    expect(late.statusCode).toBe(400);
  });
});

describe('coverage and exclusion zones', () => {
  const around = ([lng, lat]: LngLat, d: number): LngLat[] => [
    [lng - d, lat - d],
    [lng + d, lat - d],
    [lng + d, lat + d],
    [lng - d, lat + d],
  ];

  it('refuses malformed polygons (zoneMalformed) and a store manager drawing', async () => {
    const url = `/api/admin/stores/${providencia.storeId}/zones`;
    const square = around(PROVIDENCIA, 0.01);
    const malformed: LngLat[][] = [
      square.slice(0, 2),
      [square[0]!, square[1]!, square[3]!, square[2]!],
      [...square.slice(0, 3), [-70.6, -95]],
    ];
    for (const ring of malformed) {
      const answer = await call(adminToken, 'POST', url, { kind: 'exclusion', name: 'Mala', rings: [ring] });
      expect([answer.statusCode, answer.json().code], JSON.stringify(ring)).toEqual([400, 'zoneMalformed']);
    }
    const notPairs = await call(adminToken, 'POST', url, {
      kind: 'exclusion',
      name: 'Mala',
      rings: [[[1, 2, 3]]],
    });
    expect(notPairs.statusCode).toBe(400);
    const byManager = await call(managerToken, 'POST', url, {
      kind: 'exclusion',
      name: 'Mía',
      rings: [square],
    });
    expect(byManager.json().code).toBe('staffRoleForbidden');
  });

  it("an exclusion zone drawn around a point cuts it out of the store's coverage, and removing it brings it back", async () => {
    expect(await channelAtProvidencia()).toBe(providencia.sc);
    const url = `/api/admin/stores/${providencia.storeId}/zones`;
    const created = await call(adminToken, 'POST', url, {
      kind: 'exclusion',
      name: 'Obras en Providencia',
      rings: [around(PROVIDENCIA, 0.005)],
    });
    expect(created.statusCode, created.body).toBe(200);
    const zone = created.json();
    expect(zone.rings[0]).toHaveLength(5);
    expect(zone.salesChannel).toBe(providencia.sc);
    // Cut out of this store's channel: the point is served by another store's, or not at all.
    await eventually(async () => (await channelAtProvidencia()) !== providencia.sc);
    expect((await call(managerToken, 'GET', url)).json().map((each: { id: string }) => each.id)).toContain(
      zone.id,
    );
    expect(await lastAudit(`salesChannel:${providencia.sc}`)).toMatchObject({
      action: 'coverageZone.create',
      before: null,
    });
    const removed = await call(adminToken, 'DELETE', `${url}/${zone.id}`);
    expect(removed.statusCode).toBe(200);
    await eventually(async () => (await channelAtProvidencia()) === providencia.sc);
    expect((await call(adminToken, 'DELETE', `${url}/${zone.id}`)).statusCode).toBe(404);
  });
});

describe('feature flags (administrators)', () => {
  it('switches a flag, audited; refuses an unknown flag and a store manager', async () => {
    const on = await call(adminToken, 'PUT', '/api/admin/feature-flags/prime', { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().prime).toBe(true);
    expect(await lastAudit('featureFlag:prime')).toMatchObject({
      action: 'featureFlag.set',
      before: { prime: false },
      after: { prime: true },
    });
    await call(adminToken, 'PUT', '/api/admin/feature-flags/prime', { enabled: false });
    const unknown = await call(adminToken, 'PUT', '/api/admin/feature-flags/noSuchFlag', { enabled: true });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'featureFlagNotFound']);
    const manager = await call(managerToken, 'PUT', '/api/admin/feature-flags/prime', { enabled: true });
    expect(manager.json().code).toBe('staffRoleForbidden');
  });

  it('a flag whose audit row cannot be written stays as it was: the two commit together', async () => {
    const { pool } = shop.database;
    // The database gives up between the flag's write and its audit row's (as one shutting down does).
    await pool.query(`CREATE FUNCTION refuse_audit() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'audit log unavailable' USING ERRCODE = '57P03'; END $$ LANGUAGE plpgsql`);
    await pool.query(
      'CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log EXECUTE FUNCTION refuse_audit()',
    );
    try {
      const answer = await call(adminToken, 'PUT', '/api/admin/feature-flags/prime', { enabled: true });
      expect([answer.statusCode, answer.json().code]).toEqual([503, 'serviceUnavailable']);
    } finally {
      await pool.query('DROP TRIGGER refuse_audit ON audit_log; DROP FUNCTION refuse_audit()');
    }
    const { rows } = await pool.query("SELECT enabled FROM feature_flag WHERE key = 'prime'");
    expect(rows[0]?.enabled ?? false).toBe(false);
    const flags = await shop.app.inject({ method: 'GET', url: '/api/feature-flags', headers: TEST_KEY });
    expect(flags.json().prime).toBe(false);
  });
});
