import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_REDIRECT_PAYMENT_ID,
  DELIVERY_METHODS,
  DELIVERY_PRICES_CENTS,
  LOYALTY_REWARDS,
  PRIME_PLAN,
  PRIME_PRICE_TAG_ID,
  pointsForOrder,
  primePeriodEnd,
} from '@despensa/domain';
import { failureMessages, type OrderForm, type PrimeMembership } from '@despensa/contracts';
import { createTestApp, type TestApp } from './support/app';
import { accountsClient } from './support/accounts';
import { CHECKOUT_START, VISA, as, completeCart, deliveringChannel, enrolCard } from './support/checkout';
import { placePaidOrder } from './support/orders';
import { TEST_OSM_KEY } from './support/constants';

let now = CHECKOUT_START;
let shop: TestApp;
let client: ReturnType<typeof accountsClient>;
let sc: number;
/** A house-brand sku (member price) and another one, both on sale in the channel. */
let house: { id: string; price: number };
let plain: { id: string; price: number };

beforeAll(async () => {
  shop = await createTestApp({ clock: () => now });
  // The one-click charges go to the shop's own Transbank sandbox, over HTTP.
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  client = accountsClient(shop, '10.9.0.1');
  sc = await deliveringChannel(shop);
  const sellable = async (houseBrand: boolean) => {
    const { rows } = await shop.database.pool.query(
      `SELECT s.id, o.price FROM sku s
         JOIN product p ON p.id = s.product_id
         JOIN sku_offer o ON o.sku_id = s.id AND o.seller_id = '1' AND o.sales_channel = $1
        WHERE o.available_quantity >= 40 AND o.list_price > 0 AND o.price = o.list_price
          AND s.measurement_unit <> 'kg' AND s.cart_limit >= 35
          AND ($2::int = ANY(p.collection_ids)) = $3
        ORDER BY o.price DESC, s.id LIMIT 1`,
      [sc, Number(PRIME_PLAN.memberPriceCollectionId), houseBrand],
    );
    return { id: String(rows[0].id), price: Number(rows[0].price) };
  };
  house = await sellable(true);
  plain = await sellable(false);
});
afterAll(async () => {
  await shop?.close();
});

const setFlag = (flag: string, enabled: boolean) =>
  shop.app.inject({
    method: 'PUT',
    url: `/api/operations/feature-flags/${flag}`,
    headers: TEST_OSM_KEY,
    payload: { enabled },
  });

async function member() {
  const shopper = await client.loggedIn();
  const cardId = await enrolCard(shop, shopper, VISA);
  const joined = await client.call('POST', '/api/user/prime', { token: shopper.token, payload: { cardId } });
  expect(joined.statusCode, joined.body).toBe(200);
  return { shopper, cardId, membership: joined.json() as PrimeMembership };
}

describe('Prime membership', () => {
  it('is not there while the Prime flag is off (§9 default), for the API', async () => {
    await setFlag('prime', false);
    const { token } = await client.loggedIn();
    const off = await client.call('GET', '/api/user/prime', { token });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ code: 'featureDisabled' });
    await setFlag('prime', true);
    expect((await client.call('GET', '/api/user/prime', { token })).json()).toMatchObject({
      status: 'none',
      member: false,
    });
  });

  it('joins with the first month charged to a saved one-click card, cancels at period end, renews by the job', async () => {
    await setFlag('prime', true);
    now = CHECKOUT_START;
    const { shopper, membership } = await member();
    const periodEnd = primePeriodEnd(CHECKOUT_START);
    expect(membership).toMatchObject({
      status: 'active',
      member: true,
      monthlyPrice: 499_000,
      periodStart: CHECKOUT_START.toISOString(),
      periodEnd: periodEnd.toISOString(),
      cardLast4: '6623',
    });
    const charges = async () =>
      (
        await shop.database.pool.query('SELECT amount, period_start FROM prime_charge WHERE user_id = $1', [
          shopper.userId,
        ])
      ).rows;
    expect(await charges()).toEqual([{ amount: 499_000, period_start: CHECKOUT_START }]);
    const profile = await client.call('POST', '/api/user/profile', { token: shopper.token });
    expect(profile.json().CencoPrime_2020).toBe(true);
    const again = await client.call('GET', '/api/user/prime', { token: shopper.token });
    expect(again.json().member).toBe(true);
    const twice = await member().then(async ({ shopper: other }) =>
      client.call('POST', '/api/user/prime', { token: other.token, payload: { cardId: 'x' } }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: failureMessages.primeAlreadyMember });

    // A minute before the period ends nothing happens; once it ended, the job charges the next month.
    now = new Date(periodEnd.getTime() - 60_000);
    const before = await shop.services.primeMemberships.renewDue();
    expect(before).toEqual({ renewed: 0, ended: 0 });
    now = new Date(periodEnd.getTime() + 60_000);
    await shop.services.primeMemberships.renewDue();
    // A month on, the session has expired: the membership is read from the service.
    const current = () => shop.services.primeMemberships.membership(shopper.userId);
    const renewed = await current();
    expect(renewed).toMatchObject({
      status: 'active',
      periodStart: periodEnd.toISOString(),
      periodEnd: primePeriodEnd(periodEnd).toISOString(),
    });
    expect(await charges()).toHaveLength(2);
    // A second run (another instance) charges nothing more.
    await shop.services.primeMemberships.renewDue();
    expect(await charges()).toHaveLength(2);

    now = new Date(periodEnd.getTime() + 120_000);
    const fresh = await client.login(shopper.email);
    const token = fresh.json().authCookie.Value as string;
    const cancelled = await client.call('DELETE', '/api/user/prime', { token });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', member: true });
    now = new Date(primePeriodEnd(periodEnd).getTime() + 60_000);
    await shop.services.primeMemberships.renewDue();
    expect(await current()).toMatchObject({ status: 'ended', member: false, periodEnd: null });
    expect(await charges()).toHaveLength(2);
    expect((await shop.services.users.profile(shopper.userId)).CencoPrime_2020).toBe(false);
    await expect(shop.services.primeMemberships.cancel(shopper.userId)).rejects.toMatchObject({
      code: 'primeNotMember',
    });
    now = CHECKOUT_START;
  });

  it("refuses another shopper's card, and a card not saved", async () => {
    await setFlag('prime', true);
    const owner = await client.loggedIn();
    const cardId = await enrolCard(shop, owner, VISA);
    const other = await client.loggedIn();
    const taken = await client.call('POST', '/api/user/prime', { token: other.token, payload: { cardId } });
    expect(taken.statusCode).toBe(404);
    expect(taken.json().code).toBe('walletCardNotFound');
    expect((await client.call('GET', '/api/user/prime', { token: other.token })).json().member).toBe(false);
  });
});

describe('Prime benefits priced by the engine', () => {
  it("takes 10 % off a member's house-brand lines, not others, and not for a non-member", async () => {
    await setFlag('prime', true);
    const { shopper } = await member();
    const priced = async (token: string) => {
      const call = as(shop, { token });
      const created = (
        await call('POST', `/api/orderForm?sc=${sc}`, {
          items: [
            { id: house.id, quantity: 1, seller: '1' },
            { id: plain.id, quantity: 1, seller: '1' },
          ],
        })
      ).json() as OrderForm;
      await call('POST', '/api/user/profile', { orderFormId: created.orderFormId });
      return (await call('GET', `/api/orderform/${created.orderFormId}`)).json() as OrderForm;
    };
    const mine = await priced(shopper.token);
    const guest = await priced((await client.loggedIn()).token);
    const line = (form: OrderForm, id: string) => form.items.find((item) => item.id === id)!;
    // The member price comes off what a non-member pays (the catalogue's promotions included).
    const memberPrice = Math.round((line(guest, house.id).sellingPrice * 0.9) / 100) * 100;
    expect(line(mine, house.id).sellingPrice).toBe(memberPrice);
    expect(line(mine, house.id).priceTags.map((tag) => tag.identifier)).toContain(PRIME_PRICE_TAG_ID);
    expect(line(guest, house.id).priceTags.map((tag) => tag.identifier)).not.toContain(PRIME_PRICE_TAG_ID);
    expect(line(mine, plain.id).sellingPrice).toBe(line(guest, plain.id).sellingPrice);
    expect(mine.ratesAndBenefitsData.rateAndBenefitsIdentifiers.map((b) => b.id)).toContain('prime');
    expect(guest.ratesAndBenefitsData.rateAndBenefitsIdentifiers.map((b) => b.id)).not.toContain('prime');
  });

  it('delivers a member’s basket of $30.000 or more free: the order is placed without the fee', async () => {
    await setFlag('prime', true);
    const { shopper } = await member();
    const quantity = Math.min(30, Math.ceil(PRIME_PLAN.freeDeliveryMinimum / plain.price));
    const cart = await completeCart(shop, {
      sc,
      shopper,
      items: [{ id: plain.id, quantity }],
      pay: (form) => [{ paymentSystem: CARD_REDIRECT_PAYMENT_ID, installments: 1, value: form.value }],
    });
    expect(cart.form.value).toBeGreaterThanOrEqual(PRIME_PLAN.freeDeliveryMinimum);
    const withFee = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      savePersonalData: true,
      optinNewsLetter: false,
      value: cart.form.value + DELIVERY_PRICES_CENTS.homeDelivery,
      interestValue: 0,
    });
    expect(withFee.json().code).toBe('orderValueMismatch');
    const free = await cart.call('POST', '/api/checkout/pub/orderform/transaction', {
      referenceId: cart.id,
      savePersonalData: true,
      optinNewsLetter: false,
      value: cart.form.value,
      interestValue: 0,
    });
    expect(free.statusCode, free.body).toBe(200);
    expect(DELIVERY_METHODS.homeDelivery.id).toBe(cart.form.shippingData.logisticsInfo[0]!.selectedSla);
  });
});

describe('loyalty points and coupons', () => {
  it("earns points on invoiced orders only, shows them as the profile's points, and spends them on a coupon the cart applies", async () => {
    await setFlag('loyalty', true);
    const quantity = Math.min(30, Math.ceil(6_000_000 / plain.price));
    const order = await placePaidOrder(shop, { sc, items: [{ id: plain.id, quantity }] });
    const { token } = order.shopper;
    const account = async () => (await client.call('GET', '/api/user/loyalty', { token })).json();
    // Paid, not invoiced yet: nothing earned.
    expect((await account()).points).toBe(0);
    const { rows } = await shop.database.pool.query(
      "UPDATE shop_order SET status = 'delivered' WHERE order_group = $1 RETURNING value",
      [order.orderGroup],
    );
    const points = rows.reduce((sum: number, row: { value: number }) => sum + pointsForOrder(row.value), 0);
    expect(points).toBeGreaterThanOrEqual(600);
    const earned = await account();
    expect(earned.points).toBe(points);
    expect(earned.offered.map((coupon: { rewardId: string }) => coupon.rewardId)).toEqual(
      LOYALTY_REWARDS.map((reward) => reward.id),
    );
    expect((await client.call('POST', '/api/user/profile', { token })).json().points).toBe(points);

    // A new cart of the shopper's, and the 5 % coupon activated onto it.
    const call = as(shop, { token });
    const created = (
      await call('POST', `/api/orderForm?sc=${sc}`, { items: [{ id: plain.id, quantity: 2, seller: '1' }] })
    ).json() as OrderForm;
    await call('POST', '/api/user/profile', { orderFormId: created.orderFormId });
    const before = (await call('GET', `/api/orderform/${created.orderFormId}`)).json() as OrderForm;
    const activated = await client.call('POST', '/api/user/loyalty/coupons', {
      token,
      payload: { rewardId: 'descuento-5', orderFormId: created.orderFormId },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const { coupon, points: left } = activated.json();
    expect(left).toBe(points - 300);
    expect(coupon.code).toMatch(/^PUNTOS-[A-Z2-9]{8}$/);
    const cart = (await call('GET', `/api/orderform/${created.orderFormId}`)).json() as OrderForm;
    expect(cart.marketingData.coupon).toBe(coupon.code);
    expect(cart.items[0]!.priceTags.map((tag) => tag.identifier)).toContain(`coupon-${coupon.code}`);
    expect(cart.value).toBeLessThan(before.value);
    const after = await account();
    expect(after.points).toBe(points - 300);
    expect(after.activated).toEqual([
      expect.objectContaining({ code: coupon.code, rewardId: 'descuento-5' }),
    ]);

    // A shopper without points cannot activate one.
    const newcomer = await client.loggedIn();
    const short = await client.call('POST', '/api/user/loyalty/coupons', {
      token: newcomer.token,
      payload: { rewardId: 'lacteos-15' },
    });
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ message: failureMessages.loyaltyPointsShort });
    const unknown = await client.call('POST', '/api/user/loyalty/coupons', {
      token,
      payload: { rewardId: 'no-existe' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('hides the loyalty API with the flag off, except to employees under the employee flag (§6)', async () => {
    const shopper = await client.loggedIn();
    const employee = await client.loggedIn();
    await shop.database.pool.query("UPDATE customer SET gtm_segment = 'colaborador' WHERE id = $1", [
      employee.userId,
    ]);
    await setFlag('loyalty', false);
    await setFlag('employeeLoyalty', false);
    const get = (token: string) => client.call('GET', '/api/user/loyalty', { token });
    expect((await get(shopper.token)).statusCode).toBe(404);
    expect((await get(employee.token)).statusCode).toBe(404);
    await setFlag('employeeLoyalty', true);
    expect((await get(shopper.token)).statusCode).toBe(404);
    expect((await get(employee.token)).statusCode).toBe(200);
    await setFlag('employeeLoyalty', false);
    await setFlag('loyalty', true);
    expect((await get(shopper.token)).json()).toMatchObject({ points: 0, activated: [] });
    expect((await client.call('GET', '/api/user/loyalty')).statusCode).toBe(401);
  });
});
