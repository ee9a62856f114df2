import pg from 'pg';
import { inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { newPage } from './browser';

/** The seeded merchandiser: its password is the journeys' staff accounts' too. */
export const MERCHANDISER = { email: 'comercial@despensa.cl', password: 'comercial-despensa' };

/**
 * A journey's own staff account (the seed has only operators and the merchandiser), with the
 * merchandiser's password; nothing when it exists already.
 */
export async function journeyStaff(account: {
  id: string;
  email: string;
  name: string;
  role: string;
  storeId?: string;
}) {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  await db
    .query(
      `INSERT INTO staff_member (id, email, name, role, store_id, password_hash, created_at)
       SELECT $1, $2, $3, $4, coalesce($5, store_id), password_hash, now()
       FROM staff_member WHERE email = $6
       AND NOT EXISTS (SELECT 1 FROM staff_member WHERE id = $1)`,
      [account.id, account.email, account.name, account.role, account.storeId ?? null, MERCHANDISER.email],
    )
    .finally(() => db.end());
  return { email: account.email, password: MERCHANDISER.password };
}

/** `path` as a staff member: the staff console's login first, then back to `path`. */
export async function staffAt(
  browser: Browser,
  path: string,
  who: { email: string; password: string },
): Promise<Page> {
  const { page } = await newPage(browser, { width: 1280, height: 900 });
  await page.goto(path);
  await page.getByRole('heading', { name: 'Ingreso del personal' }).waitFor();
  await page.getByLabel('Correo').fill(who.email);
  await page.getByLabel('Contraseña').fill(who.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/ingreso'));
  await page.goto(path);
  return page;
}

/** The seeded operator of a store (README: operador.{storeId}@despensa.cl) on the console's board. */
export async function operatorAt(browser: Browser, storeId: string): Promise<Page> {
  // A tablet in landscape: the console's target screen.
  const { page } = await newPage(browser, { width: 1024, height: 768 });
  await page.goto('/operaciones');
  await page.waitForURL(/\/operaciones\/ingreso$/);
  await page.getByLabel('Correo').fill(`operador.${storeId}@despensa.cl`);
  await page.getByLabel('Contraseña').fill('operador-despensa');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('heading', { name: 'Pedidos por preparar' }).waitFor();
  return page;
}
