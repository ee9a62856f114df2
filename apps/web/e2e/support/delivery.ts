import type { Page } from 'playwright-core';

/**
 * After 'Confirmar' in the selector that 'Ir a pagar' opened: the shopper goes on to pay (§2), after reading
 * the re-priced notice when the new store charges otherwise (§4). Closes the notice if it came, then waits
 * for `destination`.
 */
export async function goOnToPay(page: Page, destination: RegExp): Promise<void> {
  const notice = page.getByRole('dialog', { name: 'Cambiaron algunos precios' });
  const arrived = page.waitForURL(destination);
  // Whichever comes first; the other one's wait is settled here so it never rejects unheard.
  const noticed = notice.waitFor().then(
    () => true,
    () => false,
  );
  await Promise.race([arrived, noticed]);
  if (await notice.isVisible()) await notice.getByRole('button', { name: 'Entendido' }).click();
  await arrived;
}
