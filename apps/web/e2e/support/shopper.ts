import type { Page } from 'playwright-core';
import { goOnToPay } from './delivery';

/** Enrols a card from /mis-tarjetas the way a shopper does: the sandbox's enrolment page and back. */
export async function enrolCard(page: Page, kind: string, card: string): Promise<void> {
  await page.getByRole('radio', { name: kind }).check();
  await page.getByRole('button', { name: 'Agregar tarjeta' }).click();
  await page.getByRole('heading', { name: 'Inscripción de tarjeta' }).waitFor();
  await page.getByLabel('Número de tarjeta').fill(card);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('RUT').fill('11.111.111-1');
  await page.getByLabel('Clave').fill('123');
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await page.waitForURL(/\/mis-tarjetas\?enrolment=ok$/);
  await page.getByText('Agregamos tu tarjeta.').waitFor();
}

export const deliverySelector = (page: Page) =>
  page.getByRole('dialog', { name: 'Elige tu modo de entrega' });

/**
 * Home delivery to 'Casa' in the first free window, from the selector that 'Ir a pagar' opened; then on to
 * `destination` (§2 go-to-checkout), past the re-priced notice when the delivering store charges otherwise.
 */
export async function chooseHomeDelivery(page: Page, destination: RegExp): Promise<void> {
  const dialog = deliverySelector(page);
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: /^Despacho a Domicilio/ }).check();
  await dialog.getByRole('radio', { name: /^Casa/ }).check();
  const free = dialog
    .getByRole('group', { name: 'Horario de entrega' })
    .getByRole('radio', { disabled: false });
  await free.first().waitFor();
  await free.first().check();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await goOnToPay(page, destination);
}
