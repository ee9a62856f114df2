import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { accessibilityViolations, launchBrowser } from './support/browser';
import { MERCHANDISER, journeyStaff, staffAt as staffPage } from './support/staff';

let browser: Browser;

/** The seed has no administrator: this journey's own. */
let ADMIN: { email: string; password: string };

beforeAll(async () => {
  browser = await launchBrowser();
  ADMIN = await journeyStaff({
    id: 'staff-journeys-admin',
    email: 'administradora.journeys@despensa.cl',
    name: 'Administradora',
    role: 'admin',
  });
});
afterAll(async () => {
  await browser?.close();
});

const staffAt = (path: string, who: { email: string; password: string }) => staffPage(browser, path, who);

describe('the back office', () => {
  it('tells a merchandiser, in Spanish, that only an administrator enters', async () => {
    const page = await staffAt('/admin/claves', MERCHANDISER);
    await page.getByRole('heading', { name: 'Sin acceso a la administración' }).waitFor();
    expect(await page.getByText('solo un administrador puede entrar aquí').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Crear clave' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('an administrator creates an integration key, sees its token once, revokes it, and reads both in the log', async () => {
    // Its own name, as a retry's key is another key.
    const label = `ERP de la cadena ${Math.random().toString(36).slice(2, 8)}`;
    const page = await staffAt('/admin/claves', ADMIN);
    await page.getByRole('heading', { name: 'Claves de integración', level: 1 }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Nombre de la integración').fill(label);
    await page.getByRole('checkbox', { name: 'Precios' }).check();
    await page.getByRole('checkbox', { name: 'Stock' }).check();
    await page.getByRole('button', { name: 'Crear clave' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'no se volverá a mostrar' });
    await notice.waitFor();
    const [appKey, appToken] = await notice.locator('code').allTextContents();
    expect(appKey).toMatch(/\S{8,}/);
    expect(appToken).toMatch(/\S{16,}/);
    const row = page.getByRole('row', { name: new RegExp(label) });
    expect(await row.textContent()).toContain('Precios, Stock');
    expect(await accessibilityViolations(page)).toEqual([]);

    // The token is shown this once: the page read again lists the key without it.
    await page.reload();
    await page.getByRole('heading', { name: 'Claves', level: 2 }).waitFor();
    expect(await page.content()).not.toContain(appToken!);
    expect(await row.textContent()).toContain(appKey!);

    await page.getByRole('button', { name: `Revocar la clave ${label}` }).click();
    await page.getByRole('status').filter({ hasText: 'revocada' }).waitFor();
    await expect.poll(() => row.textContent()).toContain('Revocada el');
    expect(await page.getByRole('button', { name: `Revocar la clave ${label}` }).count()).toBe(0);

    // The log, newest first: the revocation, then the creation, both by this administrator.
    await page
      .getByRole('navigation', { name: 'Administración' })
      .getByRole('link', { name: 'Registro de cambios' })
      .click();
    await page.getByRole('heading', { name: 'Registro de cambios', level: 1 }).waitFor();
    await page.getByLabel(/^Sobre/).fill(`appKey:${appKey}`);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByRole('heading', { name: /^2 cambio\(s\) sobre appKey:/ }).waitFor();
    const changes = page.getByRole('table').getByRole('row');
    const actions = await changes.evaluateAll((rows) => rows.slice(1).map((row) => row.textContent ?? ''));
    expect(actions[0]).toContain('Clave de integración revocada');
    expect(actions[1]).toContain('Clave de integración creada');
    for (const action of actions) expect(action).toContain('Personal staff-journeys-admin');
    expect(actions.join('')).not.toContain(appToken!);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('an administrator turns the refusal of prices under cost on and off', async () => {
    const page = await staffAt('/admin/precios', ADMIN);
    const refuse = page.getByRole('checkbox', { name: 'Rechazar precios bajo el costo' });
    const was = await refuse.isChecked();
    await refuse.setChecked(!was);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('status').filter({ hasText: 'Guardado' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.reload();
    expect(await refuse.isChecked()).toBe(!was);
    // As the shop was for the other journeys.
    await refuse.setChecked(was);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('status').filter({ hasText: 'Guardado' }).waitFor();
    await page.goto('/admin/registro?asunto=pricing:settings');
    await page.getByRole('heading', { name: /cambio\(s\) sobre pricing:settings/ }).waitFor();
    const newest = page.getByRole('table').getByRole('row').nth(1);
    expect(await newest.textContent()).toContain('Configuración de precios');
    expect(await newest.textContent()).toContain('Personal staff-journeys-admin');
  });
});
