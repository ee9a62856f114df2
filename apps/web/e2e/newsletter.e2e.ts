import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { accessibilityViolations, baseUrl, launchBrowser, newPage } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newsletterForm(): Promise<{ page: Page; form: Locator }> {
  const { page } = await newPage(browser, { width: 1300 });
  await page.goto('/informaciones');
  await page.waitForLoadState('networkidle');
  const form = page.getByRole('region', { name: 'Suscríbete' });
  await form.scrollIntoViewIfNeeded();
  return { page, form };
}

const email = (form: Locator) => form.getByLabel('Correo electrónico');
const rut = (form: Locator) => form.getByLabel('RUT');
const terms = (form: Locator) => form.getByRole('checkbox');
const send = (form: Locator) => form.getByRole('button', { name: 'Suscribirme' });

describe("newsletter 'Suscríbete' in the footer", () => {
  it("shows 'Mail inválido' and 'Rut inválido' only after a 1 s pause, and formats the RUT", async () => {
    const { page, form } = await newsletterForm();
    await email(form).pressSequentially('ana@correo', { delay: 20 });
    await page.waitForTimeout(300);
    expect(await form.getByText('Mail inválido', { exact: true }).count()).toBe(0);
    await form.getByText('Mail inválido', { exact: true }).waitFor({ timeout: 2000 });
    expect(await email(form).getAttribute('aria-invalid')).toBe('true');

    await rut(form).pressSequentially('0123456789', { delay: 20 });
    expect(await rut(form).inputValue()).toBe('12.345.678-9');
    expect(await form.getByText('Rut inválido', { exact: true }).count()).toBe(0);
    await form.getByText('Rut inválido', { exact: true }).waitFor({ timeout: 3000 });

    // Fixing both clears the messages once the pause passes.
    await email(form).fill('ana@correo.cl');
    await rut(form).fill('12.345.678-5');
    await page.waitForTimeout(1200);
    expect(await form.getByText(/inválido/).count()).toBe(0);
    await page.context().close();
  });

  it('keeps the button inactive until all three are valid; pressing it early warns on each field', async () => {
    const { page, form } = await newsletterForm();
    expect(await send(form).getAttribute('aria-disabled')).toBe('true');
    // aria-disabled keeps the button pressable (Playwright's click would wait for it to be enabled).
    await send(form).focus();
    await page.keyboard.press('Enter');
    expect(await form.getByText('Mail inválido', { exact: true }).isVisible()).toBe(true);
    expect(await form.getByText('Ingrese un RUT válido', { exact: true }).isVisible()).toBe(true);
    expect(await form.getByText('Debes aceptar los términos y condiciones').isVisible()).toBe(true);
    expect(await email(form).evaluate((element) => element === document.activeElement)).toBe(true);
    // The terms label links to the terms and the privacy policy.
    expect(await form.getByRole('link', { name: 'términos y condiciones' }).getAttribute('href')).toBe(
      '/informaciones-legales/terminos-y-condiciones#1',
    );
    expect(await form.getByRole('link', { name: 'política de privacidad' }).getAttribute('href')).toBe(
      '/informaciones-legales/politica-de-privacidad#topic-1',
    );

    await email(form).fill('valida@correo.cl');
    await rut(form).fill('7.775.735-K');
    expect(await send(form).getAttribute('aria-disabled')).toBe('true');
    await terms(form).check();
    expect(await send(form).getAttribute('aria-disabled')).toBe('false');
    await page.context().close();
  });

  it('sends the subscription, confirms, resets the form, and the API keeps one row per e-mail', async () => {
    const { page, form } = await newsletterForm();
    const address = `e2e-${Date.now()}@correo.cl`;
    await email(form).fill(address);
    await rut(form).pressSequentially('123456785', { delay: 20 });
    await terms(form).check();
    const [request] = await Promise.all([
      page.waitForRequest((candidate) => candidate.url().endsWith('/api/user/newsletter/')),
      send(form).click(),
    ]);
    expect(request.postDataJSON()).toEqual({ email: address, document: '12.345.678-5' });
    await form.getByText('¡Gracias por suscribirte!', { exact: false }).waitFor();
    expect(await email(form).inputValue()).toBe('');
    expect(await rut(form).inputValue()).toBe('');
    expect(await terms(form).isChecked()).toBe(false);

    // The same address again (other case) is an update of the stored subscription, not a new one.
    const again = await fetch(`${baseUrl()}/api/user/newsletter/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': 'despensa-web-dev-key',
        'x-consumer': 'web',
      },
      body: JSON.stringify({ email: address.toUpperCase(), document: '12345678-5' }),
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ subscribed: true, created: false });
    await page.context().close();
  });

  it('§8: a send the server answers with an error raises the 503 event, as a network failure does', async () => {
    const { page, form } = await newsletterForm();
    await page.route('**/api/user/newsletter/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Error interno"}' }),
    );
    await email(form).fill('falla@correo.cl');
    await rut(form).pressSequentially('123456785', { delay: 20 });
    await terms(form).check();
    await send(form).click();
    await page
      .getByRole('heading', { name: 'En estos momentos no podemos completar tu solicitud' })
      .waitFor();
    await page.getByText('Por favor, inténtalo más tarde').waitFor();
    await page.context().close();
  });
});

describe("newsletter modal 'Suscríbete' (§2) at 1024 px and below (§9)", () => {
  it("opens the 'Suscríbete' modal from the footer's button and subscribes there; wider, the form is inline", async () => {
    const { page } = await newPage(browser, { width: 1024 });
    await page.goto('/informaciones');
    await page.waitForLoadState('networkidle');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('region', { name: 'Suscríbete' }).count()).toBe(0);
    const opener = footer.getByRole('button', { name: 'Suscríbete' });
    await opener.scrollIntoViewIfNeeded();
    await opener.click();
    const modal = page.getByRole('dialog', { name: 'Suscríbete' });
    await modal.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await email(modal).fill(`modal-${Date.now()}@correo.cl`);
    await rut(modal).pressSequentially('123456785', { delay: 20 });
    await terms(modal).check();
    await send(modal).click();
    await modal.getByText('¡Gracias por suscribirte!', { exact: false }).waitFor();

    await page.setViewportSize({ width: 1025, height: 800 });
    await footer.getByRole('region', { name: 'Suscríbete' }).waitFor();
    expect(await footer.getByRole('button', { name: 'Suscríbete' }).count()).toBe(0);
    await page.context().close();
  });
});
