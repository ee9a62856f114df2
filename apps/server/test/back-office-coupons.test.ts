import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderForm } from '@despensa/contracts';
import { SEED_MERCHANDISER, SEED_OPERATOR_PASSWORD } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { cartClient, sellableSkus } from './support/cart';
import { deliveringChannel } from './support/checkout';
import { TEST_NOW } from './support/constants';
import { refusalOf, staffCall, staffLogin } from './support/integration';

/**
 * Issue 30 §4 "promotions and coupons: create, schedule, pause, see where they apply": a campaign's coupon
 * in the back office (/api/admin/coupons), and what a shopper typing its code gets in the cart.
 */
const DAY = 86_400_000;

let shop: TestApp;
let cart: ReturnType<typeof cartClient>;
let sc: number;
let skuId: number;
let merchandiserToken: string;
let operatorToken: string;

const call = (token: string | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
  staffCall(shop, token, method, url, payload);
const refusal = refusalOf;

/** 15 % off one SKU in one store, from now for a week, as the back office's form sends it. */
function fifteenOff(extra: object = {}) {
  return {
    name: 'Cupón de bienvenida a la app',
    beginDateUtc: TEST_NOW.toISOString(),
    endDateUtc: new Date(TEST_NOW.getTime() + 7 * DAY).toISOString(),
    type: 'regular',
    percentualDiscountValue: 15,
    cumulative: true,
    skus: [{ id: String(skuId) }],
    idsSalesChannel: [String(sc)],
    ...extra,
  };
}

/** A cart in the store with 2 units of the SKU, and the coupon `text` typed into it. */
async function typed(text: string): Promise<OrderForm> {
  const { orderFormId } = await cart.create({ items: [{ id: String(skuId), quantity: 2 }] }, `?sc=${sc}`);
  return (await cart.call('POST', `/api/orderform/${orderFormId}/coupons`, { text })).json();
}

beforeAll(async () => {
  shop = await createTestApp();
  cart = cartClient(shop);
  sc = await deliveringChannel(shop);
  const storeId = (await shop.database.pool.query('SELECT id FROM store WHERE sales_channel = $1', [sc]))
    .rows[0].id;
  merchandiserToken = await staffLogin(shop, SEED_MERCHANDISER.email, SEED_MERCHANDISER.password);
  operatorToken = await staffLogin(shop, `operador.${storeId}@despensa.cl`, SEED_OPERATOR_PASSWORD);
  skuId = (await sellableSkus(shop, { salesChannel: sc, weighed: false, limit: 1 }))[0]!.id;
});
afterAll(async () => {
  await shop?.close();
});

describe("a campaign's coupons", () => {
  it('lists the seeded campaigns and never a loyalty coupon; an operator and no session are refused', async () => {
    await shop.database.pool.query(
      "INSERT INTO coupon (code, promotion) SELECT 'PUNTOS-ABCDEFGH', promotion FROM coupon WHERE code = 'BIENVENIDA10'",
    );
    const listed = (await call(merchandiserToken, 'GET', '/api/admin/coupons')).json();
    const codes = listed.map((each: { couponCode: string }) => each.couponCode);
    expect(codes).toEqual(expect.arrayContaining(['BIENVENIDA10', 'LACTEOS15', 'VERANO2024']));
    expect(codes).not.toContain('PUNTOS-ABCDEFGH');
    const expired = listed.find((each: { couponCode: string }) => each.couponCode === 'VERANO2024');
    expect(expired.promotion.status).toBe('ended');
    expect(refusal(await call(operatorToken, 'GET', '/api/admin/coupons'))).toEqual([
      403,
      'staffRoleForbidden',
    ]);
    expect(refusal(await call(null, 'GET', '/api/admin/coupons'))).toEqual([401, 'notStaff']);
    expect(refusal(await call(operatorToken, 'PUT', '/api/admin/coupons/APP15', fifteenOff()))).toEqual([
      403,
      'staffRoleForbidden',
    ]);
  });

  it('creates a coupon a shopper applies at once (15 % off), pauses it (not valid) and resumes it: audited', async () => {
    const created = await call(merchandiserToken, 'PUT', '/api/admin/coupons/app15', fifteenOff());
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      couponCode: 'APP15',
      promotion: {
        idCalculatorConfiguration: 'coupon-APP15',
        status: 'live',
        percentualDiscountValue: 15,
        skus: [{ id: String(skuId) }],
      },
    });

    const applied = await typed('app15');
    expect(applied.marketingData.coupon).toBe('APP15');
    expect(applied.messages).toEqual([
      expect.objectContaining({ code: 'couponApplied', text: 'Cupón APP15 aplicado' }),
    ]);
    const couponTag = (form: OrderForm) =>
      form.items[0]!.priceTags.find((tag) => tag.identifier === 'coupon-APP15')?.value;
    expect(couponTag(applied)).toBeLessThan(0);

    const paused = await call(merchandiserToken, 'PUT', '/api/admin/coupons/APP15/active', {
      isActive: false,
    });
    expect(paused.json().promotion.status).toBe('paused');
    const refused = await typed('APP15');
    expect(refused.marketingData.coupon).toBeNull();
    expect(refused.messages[0]).toMatchObject({ code: 'couponInvalid', text: 'El cupón APP15 no es válido' });
    expect(couponTag(refused)).toBeUndefined();

    await call(merchandiserToken, 'PUT', '/api/admin/coupons/APP15/active', { isActive: true });
    expect((await typed('APP15')).marketingData.coupon).toBe('APP15');

    expect(await auditRows('coupon:APP15')).toEqual(['coupon.create', 'coupon.pause', 'coupon.resume']);
  });

  it('edits the discount, schedules a coupon for next week (not valid before its start)', async () => {
    await call(merchandiserToken, 'PUT', '/api/admin/coupons/EDITA10', fifteenOff());
    const edited = await call(
      merchandiserToken,
      'PUT',
      '/api/admin/coupons/EDITA10',
      fifteenOff({ percentualDiscountValue: 10 }),
    );
    expect(edited.json().promotion.percentualDiscountValue).toBe(10);
    expect(await auditRows('coupon:EDITA10')).toEqual(['coupon.create', 'coupon.update']);

    const nextWeek = fifteenOff({
      beginDateUtc: new Date(TEST_NOW.getTime() + 7 * DAY).toISOString(),
      endDateUtc: new Date(TEST_NOW.getTime() + 14 * DAY).toISOString(),
    });
    const scheduled = await call(merchandiserToken, 'PUT', '/api/admin/coupons/SEMANA2', nextWeek);
    expect(scheduled.json().promotion.status).toBe('scheduled');
    expect((await typed('SEMANA2')).messages[0]).toMatchObject({ code: 'couponInvalid' });
  });

  it("refuses a malformed code, a loyalty coupon's code, what the engine cannot price and an unknown coupon; keeps nothing", async () => {
    const malformed = await call(merchandiserToken, 'PUT', '/api/admin/coupons/A%20B', fifteenOff());
    expect(malformed.statusCode).toBe(400);
    expect(
      refusal(await call(merchandiserToken, 'PUT', '/api/admin/coupons/PUNTOS-ABCDEFGH', fifteenOff())),
    ).toEqual([409, 'couponCodeTaken']);
    expect(
      refusal(await call(merchandiserToken, 'PUT', '/api/admin/coupons/PUNTOS-NUEVO123', fifteenOff())),
    ).toEqual([409, 'couponCodeTaken']);
    const unpriceable = await call(
      merchandiserToken,
      'PUT',
      '/api/admin/coupons/MALO20',
      fifteenOff({ endDateUtc: new Date(TEST_NOW.getTime() - DAY).toISOString() }),
    );
    expect(refusal(unpriceable)).toEqual([400, 'promotionNotPriceable']);
    expect(unpriceable.json().field).toBe('endDateUtc');
    expect(refusal(await call(merchandiserToken, 'GET', '/api/admin/coupons/MALO20'))).toEqual([
      404,
      'couponNotFound',
    ]);
    expect(
      refusal(
        await call(merchandiserToken, 'PUT', '/api/admin/coupons/NOEXISTE/active', { isActive: false }),
      ),
    ).toEqual([404, 'couponNotFound']);
    // The loyalty coupon is left as the shopper's: not turned into a campaign.
    const { rows } = await shop.database.pool.query(
      "SELECT campaign FROM coupon WHERE code = 'PUNTOS-ABCDEFGH'",
    );
    expect(rows).toEqual([{ campaign: false }]);
  });
});

/** The audit actions on `subject`, oldest first. */
async function auditRows(subject: string): Promise<string[]> {
  const { rows } = await shop.database.pool.query(
    'SELECT action FROM audit_log WHERE subject = $1 ORDER BY id',
    [subject],
  );
  return rows.map((row) => row.action);
}
