import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import transbank from 'transbank-sdk';
import { GROUP_CARD_LAST_FOUR } from '@despensa/domain';
import { TransbankAcquirer } from '../src/providers/acquirer/acquirer';
import { GROUP_TEST_CARD } from '../src/providers/acquirer/sandbox/cards';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './support/app';
import { TEST_NOW } from './support/constants';

const { IntegrationApiKeys, IntegrationCommerceCodes, Oneclick, Options, TransactionDetail, WebpayPlus } =
  transbank;

const VISA = '4051 8856 0044 6623';
const MASTERCARD = '5186 0595 5959 0568';
const REDCOMPRA = '4051 8842 3993 7763';
const PREPAGO = '4051 8860 0005 6590';
const RETURN_URL = 'http://tienda.test/checkout/webpay/return';
const MINUTE = 60_000;

let now = new Date(TEST_NOW);
let shop: TestApp;
let base: string;
let acquirer: TransbankAcquirer;
let orders = 0;

beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  // The SDK speaks real HTTP: the shop listens on a port the OS hands out.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}/sandbox/transbank`;
  acquirer = new TransbankAcquirer({
    environment: base,
    commerceCode: IntegrationCommerceCodes.WEBPAY_PLUS,
    apiKey: IntegrationApiKeys.WEBPAY,
    oneclickCommerceCode: IntegrationCommerceCodes.ONECLICK_MALL,
    oneclickStoreCode: IntegrationCommerceCodes.ONECLICK_MALL_CHILD1,
  });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  now = new Date(TEST_NOW);
});

async function start(amountCents = 1_290_000) {
  orders += 1;
  const buyOrder = `OG-${orders}`;
  const sessionId = `session-${orders}`;
  const created = await acquirer.create({ buyOrder, sessionId, amountCents, returnUrl: RETURN_URL });
  return { ...created, buyOrder, sessionId };
}

/** Posts a form to the sandbox's page as a browser would. */
async function post(url: string, fields: Record<string, string>) {
  const response = await shop.app.inject({
    method: 'POST',
    url: url.replace(/^https?:\/\/[^/]+/, ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: response.statusCode, html: response.body };
}

/** The form a page posts back to the shop: its action and its fields. */
function returnForm(html: string) {
  const action = /<form[^>]*action="([^"]+)"[^>]*>((?:(?!<\/form>).)*)<\/form>/s.exec(html);
  if (!action) throw new Error(`no form in ${html}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of action[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g))
    fields[name!] = value!;
  return { action: action[1]!, fields };
}

/** The shopper's whole journey on the sandbox's page: card, bank step, back to the shop. */
async function pay(created: { url: string; token: string }, card: string) {
  const cardStep = await post(created.url, { token_ws: created.token });
  expect(cardStep.html).toContain('Número de tarjeta');
  const bankStep = await post(`${base}/webpayserver/card`, { token: created.token, card });
  expect(bankStep.html).toContain('Autenticación del banco');
  const done = await post(`${base}/webpayserver/bank`, {
    token: created.token,
    card,
    rut: '11.111.111-1',
    password: '123',
  });
  return returnForm(done.html);
}

describe('Webpay Plus through the official transbank-sdk', () => {
  it('approves the VISA: create, pay, commit, status; a second commit is refused; a refund reverses', async () => {
    const created = await start();
    expect(created.url).toBe(`${base}/webpayserver/initTransaction`);
    expect(created.token).toMatch(/^[0-9a-f]{64}$/);
    expect((await acquirer.status(created.token)).status).toBe('INITIALIZED');

    const back = await pay(created, VISA);
    expect(back).toEqual({ action: RETURN_URL, fields: { token_ws: created.token } });

    const committed = await acquirer.commit(created.token);
    expect(committed).toMatchObject({
      status: 'AUTHORIZED',
      responseCode: 0,
      buyOrder: created.buyOrder,
      sessionId: created.sessionId,
      amountCents: 1_290_000,
      paymentTypeCode: 'VN',
      cardLast4: '6623',
    });
    expect(committed.authorizationCode).toBeTruthy();
    expect(await acquirer.status(created.token)).toMatchObject({ status: 'AUTHORIZED', responseCode: 0 });
    await expect(acquirer.commit(created.token)).rejects.toThrow(/422[\s\S]*already locked/);

    now = new Date(now.getTime() + 2 * 60 * MINUTE);
    expect(await acquirer.refund(created.token, 1_290_000)).toEqual({ type: 'REVERSED' });
    expect((await acquirer.status(created.token)).status).toBe('REVERSED');
  });

  it('rejects the Mastercard: the commit answers FAILED with response code −1 and nothing can be refunded', async () => {
    const created = await start();
    await pay(created, MASTERCARD);
    expect(await acquirer.commit(created.token)).toMatchObject({ status: 'FAILED', responseCode: -1 });
    await expect(acquirer.refund(created.token, 1_290_000)).rejects.toThrow(/422/);
  });

  it('approves Redcompra debit (VD) and prepaid (VP) cards', async () => {
    const debit = await start();
    await pay(debit, REDCOMPRA);
    expect(await acquirer.commit(debit.token)).toMatchObject({ status: 'AUTHORIZED', paymentTypeCode: 'VD' });
    const prepaid = await start();
    await pay(prepaid, PREPAGO);
    expect(await acquirer.commit(prepaid.token)).toMatchObject({
      status: 'AUTHORIZED',
      paymentTypeCode: 'VP',
    });
  });

  it('approves the group’s own test card as credit (VN), with the last four the domain knows it by', async () => {
    const created = await start();
    const page = await post(created.url, { token_ws: created.token });
    expect(page.html).toContain('Tarjeta del grupo crédito: 6034 9300 1234 5678 (aprobada)');
    await pay(created, GROUP_TEST_CARD.number);
    const committed = await acquirer.commit(created.token);
    expect(committed).toMatchObject({ status: 'AUTHORIZED', paymentTypeCode: 'VN', cardLast4: '5678' });
    expect(GROUP_CARD_LAST_FOUR).toEqual([committed.cardLast4]);
  });

  it("returns an abort ('Anular compra') with TBK_TOKEN, TBK_ORDEN_COMPRA and TBK_ID_SESION, and refuses its commit", async () => {
    const created = await start();
    const page = await post(created.url, { token_ws: created.token });
    expect(page.html).toContain('Anular compra');
    const back = returnForm((await post(`${base}/webpayserver/abort`, { token: created.token })).html);
    expect(back).toEqual({
      action: RETURN_URL,
      fields: {
        TBK_TOKEN: created.token,
        TBK_ORDEN_COMPRA: created.buyOrder,
        TBK_ID_SESION: created.sessionId,
      },
    });
    // As Webpay: the status still reads INITIALIZED, the commit says the page was left unpaid.
    await expect(acquirer.commit(created.token)).rejects.toThrow(/422[\s\S]*invalid finished state: aborted/);
    expect((await acquirer.status(created.token)).status).toBe('INITIALIZED');
    // The shopper can pay again with a new transaction for the same order.
    const again = await start();
    await pay(again, VISA);
    expect((await acquirer.commit(again.token)).status).toBe('AUTHORIZED');
  });

  it('returns a timeout with only TBK_ID_SESION and TBK_ORDEN_COMPRA once the token is 5 minutes old', async () => {
    const created = await start();
    now = new Date(now.getTime() + 5 * MINUTE + 1000);
    const back = returnForm((await post(created.url, { token_ws: created.token })).html);
    expect(back).toEqual({
      action: RETURN_URL,
      fields: { TBK_ID_SESION: created.sessionId, TBK_ORDEN_COMPRA: created.buyOrder },
    });
    expect((await acquirer.status(created.token)).status).toBe('FAILED');
    await expect(acquirer.commit(created.token)).rejects.toThrow(/422[\s\S]*max time/);
  });

  it('lets a token live 5 minutes: paid but committed after that, the payment fails and nothing is charged', async () => {
    const created = await start();
    await pay(created, VISA);
    now = new Date(now.getTime() + 4 * MINUTE);
    expect((await acquirer.status(created.token)).status).toBe('INITIALIZED');
    now = new Date(now.getTime() + 2 * MINUTE);
    await expect(acquirer.commit(created.token)).rejects.toThrow(/max time/);
    expect((await acquirer.status(created.token)).status).toBe('FAILED');
  });

  it("shows an error page whose 'Volver al sitio' posts all four fields", async () => {
    const created = await start();
    await post(created.url, { token_ws: created.token });
    const page = await post(`${base}/webpayserver/fail`, { token: created.token });
    expect(page.html).toContain('Volver al sitio');
    expect(returnForm(page.html)).toEqual({
      action: RETURN_URL,
      fields: {
        token_ws: created.token,
        TBK_TOKEN: created.token,
        TBK_ORDEN_COMPRA: created.buyOrder,
        TBK_ID_SESION: created.sessionId,
      },
    });
    await expect(acquirer.commit(created.token)).rejects.toThrow(/422/);
  });

  it('keeps the shopper on the bank step with a wrong RUT or password, and on the card step with an unknown card', async () => {
    const created = await start();
    const unknown = await post(`${base}/webpayserver/card`, {
      token: created.token,
      card: '4111 1111 1111 1111',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.html).toContain('Usa una de las tarjetas de prueba.');
    const wrong = await post(`${base}/webpayserver/bank`, {
      token: created.token,
      card: VISA,
      rut: '11.111.111-1',
      password: '999',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.html).toContain('RUT o clave incorrectos.');
    expect((await acquirer.status(created.token)).responseCode).toBeUndefined();
  });

  it('nullifies a refund asked more than 3 hours after the commit, and a partial one leaves a balance', async () => {
    const created = await start();
    await pay(created, VISA);
    await acquirer.commit(created.token);
    now = new Date(now.getTime() + 3 * 60 * MINUTE + 1000);
    expect(await acquirer.refund(created.token, 290_000)).toEqual({
      type: 'NULLIFIED',
      balanceCents: 1_000_000,
    });
    expect((await acquirer.status(created.token)).status).toBe('PARTIALLY_NULLIFIED');
    expect(await acquirer.refund(created.token, 1_000_000)).toEqual({ type: 'NULLIFIED', balanceCents: 0 });
    expect((await acquirer.status(created.token)).status).toBe('NULLIFIED');
    await expect(acquirer.refund(created.token, 100)).rejects.toThrow(/422/);
  });

  it("refuses a foreign commerce code or key with the real API's error shape", async () => {
    const foreign = new WebpayPlus.Transaction(new Options('597012345678', IntegrationApiKeys.WEBPAY, base));
    await expect(foreign.create('OG-x', 's', 1000, RETURN_URL)).rejects.toThrow(/401[\s\S]*Not Authorized/);
    const response = await fetch(`${base}/rswebpaytransaction/api/webpay/v1.2/transactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'Tbk-Api-Key-Id': IntegrationCommerceCodes.WEBPAY_PLUS,
        'Tbk-Api-Key-Secret': 'not-the-key',
      },
      body: JSON.stringify({ buy_order: 'OG-x', session_id: 's', amount: 1000, return_url: RETURN_URL }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error_message: 'Not Authorized' });
    // Another commerce never reads this commerce's transactions.
    const created = await start();
    const other = new WebpayPlus.Transaction(
      new Options(IntegrationCommerceCodes.ONECLICK_MALL, IntegrationApiKeys.WEBPAY, base),
    );
    await expect(other.status(created.token)).rejects.toThrow(/401/);
  });

  it('answers a bad body with 422 and error_message', async () => {
    const response = await fetch(`${base}/rswebpaytransaction/api/webpay/v1.2/transactions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'Tbk-Api-Key-Id': IntegrationCommerceCodes.WEBPAY_PLUS,
        'Tbk-Api-Key-Secret': IntegrationApiKeys.WEBPAY,
      },
      body: JSON.stringify({
        buy_order: 'x'.repeat(27),
        session_id: 's',
        amount: 1000,
        return_url: RETURN_URL,
      }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error_message: 'Invalid value for parameter: buy_order' });
  });

  it('keeps its state in PostgreSQL: another instance over the same database commits a payment started here', async () => {
    const created = await start();
    await pay(created, VISA);
    const config = loadConfig({ DATABASE_URL: shop.database.url, LOG_LEVEL: 'silent' });
    const other: App = await buildApp({
      config,
      database: shop.database,
      clock: () => now,
      logger: false,
      web: false,
    });
    try {
      const response = await other.app.inject({
        method: 'PUT',
        url: `/sandbox/transbank/rswebpaytransaction/api/webpay/v1.2/transactions/${created.token}`,
        headers: {
          'content-type': 'application/json',
          'Tbk-Api-Key-Id': IntegrationCommerceCodes.WEBPAY_PLUS,
          'Tbk-Api-Key-Secret': IntegrationApiKeys.WEBPAY,
        },
        payload: '{}',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'AUTHORIZED', response_code: 0 });
    } finally {
      await other.close();
    }
  });
});

describe('Oneclick Mall through the official transbank-sdk', () => {
  const ENROL_RETURN = 'http://tienda.test/api/wallet/card/callback';
  let users = 0;

  /** Enrols a card through the sandbox's enrolment page; answers the finish. */
  async function enrol(card: string) {
    users += 1;
    const username = `cliente-${users}`;
    const started = await acquirer.oneclickStart({
      username,
      email: `${username}@correo.cl`,
      responseUrl: ENROL_RETURN,
    });
    expect(started.url).toBe(`${base}/inscription/webpayserver/bp_inscription.cgi`);
    const cardStep = await post(started.url, { TBK_TOKEN: started.token });
    expect(cardStep.html).toContain('Inscripción de tarjeta');
    await post(`${base}/inscription/webpayserver/card`, { token: started.token, card });
    const done = await post(`${base}/inscription/webpayserver/bank`, {
      token: started.token,
      card,
      rut: '11.111.111-1',
      password: '123',
    });
    expect(returnForm(done.html)).toEqual({ action: ENROL_RETURN, fields: { TBK_TOKEN: started.token } });
    return { username, token: started.token, finished: await acquirer.oneclickFinish(started.token) };
  }

  it('enrols a VISA (tbk_user), charges it, reads its status, refunds it and deletes the enrolment', async () => {
    const { username, token, finished } = await enrol(VISA);
    expect(finished).toMatchObject({ responseCode: 0, cardType: 'Visa', cardLast4: '6623' });
    expect(finished.tbkUser).toMatch(/^[0-9a-f-]{36}$/);
    await expect(acquirer.oneclickFinish(token)).rejects.toThrow(/422/);

    const tbkUser = finished.tbkUser!;
    const paid = await acquirer.oneclickAuthorize({
      username,
      tbkUser,
      buyOrder: 'OC-1',
      storeBuyOrder: 'OC-1-1',
      amountCents: 2_500_000,
    });
    expect(paid).toMatchObject({
      status: 'AUTHORIZED',
      responseCode: 0,
      amountCents: 2_500_000,
      cardLast4: '6623',
    });
    expect(await acquirer.oneclickStatus('OC-1')).toMatchObject({
      status: 'AUTHORIZED',
      storeBuyOrder: 'OC-1-1',
    });
    await expect(
      acquirer.oneclickAuthorize({
        username,
        tbkUser,
        buyOrder: 'OC-1',
        storeBuyOrder: 'OC-1-2',
        amountCents: 100,
      }),
    ).rejects.toThrow(/422/);
    expect(
      await acquirer.oneclickRefund({ buyOrder: 'OC-1', storeBuyOrder: 'OC-1-1', amountCents: 2_500_000 }),
    ).toEqual({
      type: 'REVERSED',
    });
    expect((await acquirer.oneclickStatus('OC-1'))?.status).toBe('REVERSED');

    await acquirer.oneclickDelete({ tbkUser, username });
    const after = await acquirer.oneclickAuthorize({
      username,
      tbkUser,
      buyOrder: 'OC-2',
      storeBuyOrder: 'OC-2-1',
      amountCents: 100_000,
    });
    expect(after).toMatchObject({ status: 'FAILED', responseCode: -96 });
    await expect(acquirer.oneclickDelete({ tbkUser, username })).rejects.toThrow(/404/);
  });

  it('refuses to enrol the rejected Mastercard, and an aborted enrolment gives no tbk_user', async () => {
    const { finished } = await enrol(MASTERCARD);
    expect(finished).toEqual({ responseCode: -1 });
    const started = await acquirer.oneclickStart({
      username: 'arrepentido',
      email: 'arrepentido@correo.cl',
      responseUrl: ENROL_RETURN,
    });
    const back = returnForm(
      (await post(`${base}/inscription/webpayserver/abort`, { token: started.token })).html,
    );
    expect(back).toEqual({ action: ENROL_RETURN, fields: { TBK_TOKEN: started.token } });
    expect(await acquirer.oneclickFinish(started.token)).toEqual({ responseCode: -1 });
  });

  it('answers −96 for a tbk_user that does not exist and −98, −97, −99 past the limits', async () => {
    const unknown = await acquirer.oneclickAuthorize({
      username: 'nadie',
      tbkUser: '00000000-0000-0000-0000-000000000000',
      buyOrder: 'OC-96',
      storeBuyOrder: 'OC-96-1',
      amountCents: 100_000,
    });
    expect(unknown.responseCode).toBe(-96);

    const { username, finished } = await enrol(REDCOMPRA);
    const tbkUser = finished.tbkUser!;
    const charge = (n: string, pesos: number) =>
      acquirer.oneclickAuthorize({
        username,
        tbkUser,
        buyOrder: `OC-${n}`,
        storeBuyOrder: `OC-${n}-1`,
        amountCents: pesos * 100,
      });
    expect((await charge('98', 2_000_001)).responseCode).toBe(-98);
    expect(await charge('a', 1_600_000)).toMatchObject({ responseCode: 0, paymentTypeCode: 'VD' });
    expect((await charge('97', 1_600_000)).responseCode).toBe(-97);
    for (const n of ['b', 'c', 'd', 'e']) expect((await charge(n, 1_000)).responseCode).toBe(0);
    expect((await charge('99', 1_000)).responseCode).toBe(-99);
    // The limits are per day: tomorrow the card pays again.
    now = new Date(now.getTime() + 24 * 60 * MINUTE + 1000);
    expect((await charge('f', 1_000)).responseCode).toBe(0);
  });

  it("refuses Oneclick calls with Webpay Plus's commerce code, and stores outside the mall", async () => {
    const wrong = new Oneclick.MallInscription(
      new Options(IntegrationCommerceCodes.WEBPAY_PLUS, IntegrationApiKeys.WEBPAY, base),
    );
    await expect(wrong.start('x', 'x@correo.cl', ENROL_RETURN)).rejects.toThrow(/401/);
    const mall = new Oneclick.MallTransaction(
      new Options(IntegrationCommerceCodes.ONECLICK_MALL, IntegrationApiKeys.WEBPAY, base),
    );
    await expect(
      mall.authorize('x', 'tbk', 'OC-x', [new TransactionDetail(1000, '597012345678', 'OC-x-1')]),
    ).rejects.toThrow(/422/);
  });
});
