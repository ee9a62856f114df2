import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { restoreBackup, takeBackup } from '../src/backup/backup';
import { migrationsFolder } from '../src/db/migrate';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import { CHECKOUT_START, as, completeCart, deliveringChannel } from './support/checkout';
import { admin, withDatabase } from './support/global-setup';
import { placePaidOrder } from './support/orders';

/** Issue 31: a backup restored into an empty database serves the same cart and order. */
let shop: TestApp;
let restored: TestApp | null = null;
/** This release's migrations: the data version a backup of a fresh database has. */
const journal: { tag: string }[] = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
).entries;
const folder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'despensa-backup-')), 'backup');

beforeAll(async () => {
  shop = await createTestApp({ clock: () => CHECKOUT_START });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await shop?.close();
  await restored?.close();
  fs.rmSync(path.dirname(folder), { recursive: true, force: true });
});

describe('npm run backup / restore', () => {
  it('restores a backup into an empty database that then serves the same cart and order', async () => {
    const sc = await deliveringChannel(shop);
    const skus = (await sellableSkus(shop, { salesChannel: sc, limit: 3 })).map((row) => String(row.id));
    const paid = await placePaidOrder(shop, { sc, items: [{ id: skus[0]!, quantity: 2 }] });
    const cart = await completeCart(shop, { sc, items: [{ id: skus[1]!, quantity: 3 }], skip: ['payment'] });
    const orderUrl = `/api/checkout/pub/orders/group/${paid.orderGroup}`;
    const order = await paid.call('GET', orderUrl);
    const form = await cart.call('GET', `/api/orderform/${cart.id}`);
    expect(order.statusCode).toBe(200);
    expect(JSON.stringify(order.json())).toContain(`"${skus[0]}"`);
    expect(
      form.json().items.map((item: { id: string; quantity: number }) => [item.id, item.quantity]),
    ).toEqual([[skus[1], 3]]);

    const manifest = await takeBackup(shop.database.url, folder);
    expect(manifest).toMatchObject({
      kind: 'despensa-backup',
      lastMigration: journal.at(-1)!.tag,
      migrations: journal.length,
    });
    await expect(takeBackup(shop.database.url, folder)).rejects.toThrow(`${folder} already exists`);

    const name = `despensa_restored_${Date.now()}`;
    const adminUrl = inject('adminUrl');
    await admin(adminUrl, `CREATE DATABASE ${name} TEMPLATE template0`);
    await restoreBackup(withDatabase(adminUrl, name), folder);
    await expect(restoreBackup(withDatabase(adminUrl, name), folder)).rejects.toThrow(
      'The target database is not empty: restore into a new, empty database.',
    );

    restored = await createTestApp({ clock: () => CHECKOUT_START, databaseName: name });
    const orderAgain = await as(restored, paid.shopper)('GET', orderUrl);
    const formAgain = await as(restored, cart.shopper)('GET', `/api/orderform/${cart.id}`);
    expect(orderAgain.json()).toEqual(order.json());
    expect(formAgain.json()).toEqual(form.json());
    // pg_dump and pg_restore inherit the API suite's nice 10: beside the journeys they have taken over 60 s.
  }, 180_000);

  it('refuses a backup whose data version this release does not know', async () => {
    const manifestFile = path.join(folder, 'despensa-backup.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    fs.writeFileSync(
      manifestFile,
      JSON.stringify({ ...manifest, migrations: journal.length + 1, lastMigration: '9999_del_futuro' }),
    );
    const name = `despensa_refused_${Date.now()}`;
    const adminUrl = inject('adminUrl');
    await admin(adminUrl, `CREATE DATABASE ${name} TEMPLATE template0`);
    try {
      await expect(restoreBackup(withDatabase(adminUrl, name), folder)).rejects.toThrow(
        `The backup's data version (${journal.length + 1}, 9999_del_futuro) is not one this release knows ` +
          `(it knows ${journal.length}, up to ${journal.at(-1)!.tag}): restore it with the release that made it.`,
      );
    } finally {
      await admin(adminUrl, `DROP DATABASE ${name}`);
    }
  });
});
