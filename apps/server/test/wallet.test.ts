import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WALLET_CARD_IN_USE_MESSAGE } from '@despensa/domain';
import type { Acquirer } from '../src/providers/acquirer/acquirer';
import { WALLET_SETTLE_MS } from '../src/providers/wallet/sandbox/sandbox';
import { customer } from '../src/modules/user/tables';
import { accountsClient } from './support/accounts';
import { sandboxAcquirerOf } from './support/checkout';
import { createTestApp, type TestApp } from './support/app';
import { TEST_NOW } from './support/constants';

const VISA = '4051885600446623';
const REDCOMPRA = '4051884239937763';
const PREPAID_VISA = '4051886000056590';
const AMEX = '370000000002032';

let now = new Date(TEST_NOW);
let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
/** The shop's acquirer: the SDK on the sandbox, whose port is known only once the shop listens. */
let acquirer: Acquirer | undefined;
const amounts = new Map<string, { userId: string; amountCents: number }>();

beforeAll(async () => {
  const lazy = new Proxy({} as Acquirer, {
    get:
      (_target, name: keyof Acquirer) =>
      (...args: never[]) =>
        (acquirer![name] as (...a: never[]) => unknown)(...args),
  });
  shop = await createTestApp({ clock: () => now, acquirer: lazy });
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  acquirer = sandboxAcquirerOf(shop);
  client = accountsClient(shop);
  // What the orders module will answer: the amount of a checkout transaction, for its owner only.
  vi.spyOn(shop.services.orders, 'walletAmount').mockImplementation(async (tId, userId) => {
    const transaction = amounts.get(tId);
    return transaction?.userId === userId ? transaction.amountCents : null;
  });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  now = new Date(TEST_NOW);
});

type Customer = Awaited<ReturnType<typeof client.loggedIn>>;

/** Posts a form to a page as a browser would. */
async function post(url: string, fields: Record<string, string>) {
  return shop.app.inject({
    method: 'POST',
    url: url.replace(/^https?:\/\/[^/]+/, ''),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The form a page posts back to the shop. */
function returnForm(html: string) {
  const form = /<form[^>]*action="([^"]+)"[^>]*>((?:(?!<\/form>).)*)<\/form>/s.exec(html);
  if (!form) throw new Error(`no form in ${html}`);
  const fields: Record<string, string> = {};
  for (const [, name, value] of form[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)) fields[name!] = value!;
  return { action: form[1]!, fields };
}

/** Enrols a card the way a shopper does: the shop's call, the sandbox's page, back to the shop. */
async function enrol(who: Customer, card: string, type = 'oneclick', way: 'bank' | 'abort' = 'bank') {
  const started = await client.call('POST', `/api/wallet/card/${type}`, {
    token: who.token,
    payload: {
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      callback: '/mis-tarjetas',
    },
  });
  expect(started.statusCode).toBe(200);
  const { token, redirectUrl } = started.json();
  const page = await shop.app.inject({ method: 'GET', url: redirectUrl.replace(/^https?:\/\/[^/]+/, '') });
  expect(page.body).toContain('Inscripción de tarjeta');
  const sandbox = '/sandbox/transbank/inscription/webpayserver';
  let left;
  if (way === 'bank') {
    expect((await post(`${sandbox}/card`, { token, card })).body).toContain('Autenticación del banco');
    left = await post(`${sandbox}/bank`, { token, card, rut: '11.111.111-1', password: '123' });
  } else {
    left = await post(`${sandbox}/abort`, { token });
  }
  const back = returnForm(left.body);
  expect(back.action).toMatch(/\/wallet\/oneclick\/return$/);
  const returned = await post(back.action, back.fields);
  expect(returned.statusCode).toBe(303);
  return { token, back, location: String(returned.headers.location) };
}

const cards = async (who: Customer) =>
  (await client.call('GET', '/api/wallet/cards', { token: who.token })).json();

async function charge(who: Customer, idCard: string, amountCents: number, tId = `T-${Math.random()}`) {
  amounts.set(tId, { userId: who.userId, amountCents });
  const response = await client.call('POST', '/api/wallet/transaction', {
    token: who.token,
    payload: { idCard, tId },
  });
  return { tId, response };
}

const status = (who: Customer, internalCode: string) =>
  client.call('GET', `/api/wallet/status/${internalCode}`, { token: who.token });

describe('saved one-click cards', () => {
  it('enrols a card through the sandbox enrolment page and lists it as the favourite', async () => {
    const shopper = await client.loggedIn();
    expect(await cards(shopper)).toEqual([]);
    const { location } = await enrol(shopper, VISA);
    expect(location).toMatch(/\/mis-tarjetas\?enrolment=ok$/);
    expect(await cards(shopper)).toEqual([
      {
        id: expect.any(String),
        token: expect.any(String),
        brand: 'Visa',
        cardLast4: '6623',
        paymentMethod: 'OneClick',
        autoDelete: false,
        tokenizerTransaction: expect.any(String),
        favourite: true,
      },
    ]);
  });

  it('saves nothing when the shopper abandons the enrolment, and a repeated return is not found', async () => {
    const shopper = await client.loggedIn();
    const { location, back } = await enrol(shopper, VISA, 'oneclick', 'abort');
    expect(location).toMatch(/\/mis-tarjetas\?enrolment=failed$/);
    expect(await cards(shopper)).toEqual([]);
    expect((await post(back.action, back.fields)).statusCode).toBe(404);
  });

  it('refuses a callback outside the shop', async () => {
    const shopper = await client.loggedIn();
    const response = await client.call('POST', '/api/wallet/card/oneclick', {
      token: shopper.token,
      payload: { email: shopper.email, firstName: 'A', lastName: 'B', callback: 'https://evil.example/x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('walletCallbackInvalid');
  });

  it('moves the favourite, and refuses deleting a card while an order it paid is not collected (§8)', async () => {
    const shopper = await client.loggedIn();
    await enrol(shopper, VISA);
    await enrol(shopper, REDCOMPRA, 'debitooneclick');
    // The test clock stands still, so both cards have one enrolment time: find each by its method.
    const enrolled = await cards(shopper);
    const visa = enrolled.find((card: { paymentMethod: string }) => card.paymentMethod === 'OneClick');
    const redcompra = enrolled.find(
      (card: { paymentMethod: string }) => card.paymentMethod === 'DebitoOneClick',
    );
    expect(redcompra).toMatchObject({
      paymentMethod: 'DebitoOneClick',
      brand: 'Redcompra',
      favourite: false,
    });

    const put = await client.call('PUT', `/api/wallet/card/${redcompra.id}`, { token: shopper.token });
    expect(put.json()).toMatchObject({ id: redcompra.id, favourite: true });
    const favourites = (await cards(shopper)).map((c: { id: string; favourite: boolean }) => [
      c.id,
      c.favourite,
    ]);
    expect(Object.fromEntries(favourites)).toEqual({ [visa.id]: false, [redcompra.id]: true });

    expect(await shop.services.wallet.setCardInUse(visa.id, true)).toBe(true);
    const refused = await client.call('DELETE', `/api/wallet/card/${visa.id}`, { token: shopper.token });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'walletCardInUse', message: WALLET_CARD_IN_USE_MESSAGE });
    expect(refused.json().message).toBe(
      'Puedes eliminar tu tarjeta una vez que tu pedido haya sido recolectado y la boleta haya sido emitida.',
    );
    expect(await cards(shopper)).toHaveLength(2);

    await shop.services.wallet.setCardInUse(visa.id, false);
    const deleted = await client.call('DELETE', `/api/wallet/card/${visa.id}`, { token: shopper.token });
    expect(deleted.statusCode).toBe(200);
    expect((await cards(shopper)).map((c: { id: string }) => c.id)).toEqual([redcompra.id]);
    expect(
      (await client.call('DELETE', `/api/wallet/card/${visa.id}`, { token: shopper.token })).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another customer's card and charge, and 401 without a session", async () => {
    const owner = await client.loggedIn();
    const other = await client.loggedIn();
    await enrol(owner, VISA);
    const [card] = await cards(owner);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await client.call(method, `/api/wallet/card/${card.id}`, { token: other.token });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('walletCardNotFound');
    }
    expect((await charge(other, card.id, 100_000)).response.statusCode).toBe(404);
    const { response } = await charge(owner, card.id, 100_000);
    expect((await status(other, response.json().internalCode)).statusCode).toBe(404);
    expect(await cards(other)).toEqual([]);
    expect((await client.call('GET', '/api/wallet/cards')).statusCode).toBe(401);
  });
});

describe('wallet charges (§4: poll while 200-2)', () => {
  it('moves from 200-2 to 200-0 once the wallet settles, and a retried transaction is one charge', async () => {
    const shopper = await client.loggedIn();
    await enrol(shopper, VISA);
    const [card] = await cards(shopper);
    const { tId, response } = await charge(shopper, card.id, 1_290_000);
    expect(response.statusCode).toBe(200);
    const { internalCode } = response.json();
    expect(response.json()).toEqual({ internalCode, code: '200-2' });

    now = new Date(now.getTime() + WALLET_SETTLE_MS - 1);
    expect((await status(shopper, internalCode)).json()).toEqual({ internalCode, code: '200-2' });
    now = new Date(now.getTime() + 1);
    expect((await status(shopper, internalCode)).json()).toEqual({ internalCode, code: '200-0' });

    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.call('POST', '/api/wallet/transaction', {
          token: shopper.token,
          payload: { idCard: card.id, tId },
        }),
      ),
    );
    for (const answer of again) expect(answer.json()).toEqual({ internalCode, code: '200-0' });
  });

  it('declines the prepaid test card after the delay (a code other than 200-0)', async () => {
    const shopper = await client.loggedIn();
    await enrol(shopper, PREPAID_VISA);
    const [card] = await cards(shopper);
    const { internalCode } = (await charge(shopper, card.id, 500_000)).response.json();
    expect((await status(shopper, internalCode)).json().code).toBe('200-2');
    now = new Date(now.getTime() + WALLET_SETTLE_MS);
    expect((await status(shopper, internalCode)).json()).toEqual({ internalCode, code: '400-1' });
  });

  it('keeps the AMEX test card processing (200-2) however long one polls', async () => {
    const shopper = await client.loggedIn();
    await enrol(shopper, AMEX);
    const [card] = await cards(shopper);
    const { internalCode } = (await charge(shopper, card.id, 500_000)).response.json();
    now = new Date(now.getTime() + 60 * 60_000);
    expect((await status(shopper, internalCode)).json()).toEqual({ internalCode, code: '200-2' });
  });

  it('pays from the balance (783) only while it covers the amount, and a refund gives it back', async () => {
    const shopper = await client.loggedIn({ email: 'billetera@despensa.cl' });
    const wallet = shop.services.wallet;
    expect(await wallet.balance(shopper.userId)).toBe(5_000_000);
    const paid = (await charge(shopper, 'balance', 3_000_000)).response.json();
    expect(await wallet.balance(shopper.userId)).toBe(2_000_000);
    const short = (await charge(shopper, 'balance', 3_000_000)).response.json();
    now = new Date(now.getTime() + WALLET_SETTLE_MS);
    expect((await status(shopper, paid.internalCode)).json().code).toBe('200-0');
    expect((await status(shopper, short.internalCode)).json().code).toBe('400-2');
    expect(await wallet.refund(paid.internalCode)).toBe(true);
    expect(await wallet.refund(paid.internalCode)).toBe(true);
    expect(await wallet.balance(shopper.userId)).toBe(5_000_000);
    expect(await wallet.refund(short.internalCode)).toBe(false);
  });

  it('refuses a transaction the orders module does not know for this customer', async () => {
    const shopper = await client.loggedIn();
    const response = await client.call('POST', '/api/wallet/transaction', {
      token: shopper.token,
      payload: { idCard: 'balance', tId: 'T-unknown' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('walletTransactionNotFound');
  });
});

describe('wallet-link states (§6)', () => {
  const withCluster = (userId: string) =>
    shop.database.db.update(customer).set({ clusterCencopay: true }).where(eq(customer.id, userId));

  it("the wallet's demo account is linked with its balance: having the group's wallet puts a customer in its cluster (issue 28 item 6)", async () => {
    // Told 'La billetera aún no está disponible para tu cuenta' while 'Pagar' charged that same wallet.
    const email = 'billetera@despensa.cl';
    // Registered by the balance test above when the whole file runs.
    const [registered] = await shop.database.db.select().from(customer).where(eq(customer.email, email));
    const demo = registered?.id ?? (await client.loggedIn({ email })).userId;
    expect(await shop.services.wallet.linkState(demo)).toBe('linked');
    // The checkout's panel and the drawer then show 'Saldo disponible: $50.000'.
    expect(await shop.services.wallet.balance(demo)).toBe(5_000_000);
  });

  it('hidden outside the cluster without a wallet; create, link or linked inside it, from the wallet', async () => {
    const wallet = shop.services.wallet;
    const linked = await client.loggedIn({ email: 'sin-saldo@despensa.cl' });
    expect(await wallet.linkState(linked.userId)).toBe('linked');
    const unlinked = await client.loggedIn({ email: 'sin-vincular@despensa.cl' });
    expect(await wallet.linkState(unlinked.userId)).toBe('link');
    const none = await client.loggedIn();
    expect(await wallet.linkState(none.userId)).toBe('hidden');
    await withCluster(none.userId);
    expect(await wallet.linkState(none.userId)).toBe('create');
  });

  it('links a wallet (opening an empty one when there is none) only inside the cluster', async () => {
    const wallet = shop.services.wallet;
    const outside = await client.loggedIn();
    expect(await wallet.link(outside.userId)).toBe('hidden');
    expect(await wallet.linkState(outside.userId)).toBe('hidden');

    const newcomer = await client.loggedIn();
    await withCluster(newcomer.userId);
    expect(await wallet.link(newcomer.userId)).toBe('linked');
    expect(await wallet.linkState(newcomer.userId)).toBe('linked');
    expect(await wallet.balance(newcomer.userId)).toBe(0);

    // An existing wallet keeps its balance; linking again changes nothing. (The test above registered
    // the sandbox's unlinked customer, in the cluster by its wallet.)
    const [unlinked] = await shop.database.db
      .select()
      .from(customer)
      .where(eq(customer.email, 'sin-vincular@despensa.cl'));
    expect(await wallet.linkState(unlinked!.id)).toBe('link');
    expect(await wallet.link(unlinked!.id)).toBe('linked');
    expect(await wallet.link(unlinked!.id)).toBe('linked');
    expect(await wallet.balance(unlinked!.id)).toBe(1_000_000);
  });
});
