import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  failureCodeOf,
  OFFER_FEED_INTERRUPTED,
  OFFER_FEED_MAX_BYTES,
  type OfferFeedJob,
} from '@despensa/contracts';
import { SEED_MERCHANDISER } from '../src/modules/operations/service';
import { createTestApp, type TestApp } from './support/app';
import { TEST_NOW } from './support/constants';
import { CART_HEADERS, sellableSkus } from './support/cart';
import { deliveringChannel } from './support/checkout';
import { erpCall, staffLogin } from './support/integration';

const ADMIN = { email: 'cargas-admin@despensa.cl', password: 'cargas-admin-despensa' };

let shop: TestApp;
let sc: number;
let skus: number[];
let merchandiser: string;
let operator: string;
let admin: string;
let erpKey: { appKey: string; appToken: string };
let stockOnly: { appKey: string; appToken: string };

beforeAll(async () => {
  shop = await createTestApp();
  sc = await deliveringChannel(shop);
  const storeId = (await shop.database.pool.query('SELECT id FROM store WHERE sales_channel = $1', [sc]))
    .rows[0].id;
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 4 })).map((row) => Number(row.id));
  await shop.services.operations.addStaff({ ...ADMIN, name: 'Administradora', storeId, role: 'admin' });
  admin = await staffLogin(shop, ADMIN.email, ADMIN.password);
  merchandiser = await staffLogin(shop, SEED_MERCHANDISER.email, SEED_MERCHANDISER.password);
  operator = await staffLogin(shop, `operador.${storeId}@despensa.cl`, 'operador-despensa');
  const key = async (scopes: string[]) =>
    (
      await shop.app.inject({
        method: 'POST',
        url: '/api/admin/app-keys',
        headers: { ...CART_HEADERS, 'x-staff-token': admin },
        payload: { label: 'ERP', scopes },
      })
    ).json();
  erpKey = await key(['prices', 'stock']);
  stockOnly = await key(['stock']);
});
afterAll(async () => {
  await shop?.close();
});

const upload = (token: string | null, body: string, type = 'text/csv') =>
  shop.app.inject({
    method: 'POST',
    url: '/api/admin/offer-feeds',
    headers: { ...CART_HEADERS, 'content-type': type, ...(token ? { 'x-staff-token': token } : {}) },
    payload: body,
  });
const progress = (token: string, id: string) =>
  shop.app.inject({
    method: 'GET',
    url: `/api/admin/offer-feeds/${id}`,
    headers: { ...CART_HEADERS, 'x-staff-token': token },
  });
const refused = (answer: { statusCode: number; json(): unknown }) => [
  answer.statusCode,
  failureCodeOf(answer.json()),
];

/** Polls a job until it is done (or failed); every percent it read, in order. */
async function finished(read: () => Promise<OfferFeedJob>): Promise<{ job: OfferFeedJob; seen: number[] }> {
  const seen: number[] = [];
  for (let tries = 0; tries < 200; tries++) {
    const job = await read();
    seen.push(job.percent);
    if (job.stage === 'done' || job.stage === 'failed') return { job, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the feed never finished');
}

const feedOf = (rows: string[]) => ['skuId,salesChannel,price,listPrice,quantity', ...rows].join('\n');

describe('a feed uploaded to the back office (issue 30 §2)', () => {
  const a = () => skus[0]!;
  const b = () => skus[1]!;
  const text = () =>
    feedOf([`${a()},${sc},99000,129000,70`, `${b()},${sc},150000,140000,5`, `99999999,${sc},100,100,1`]);

  it('answers the job at once (202), reports progress to 100 % and the Spanish row report', async () => {
    const answer = await upload(merchandiser, text());
    expect(answer.statusCode, answer.body).toBe(202);
    const started = answer.json() as OfferFeedJob;
    expect(started.id).toMatch(/^[0-9a-f]{64}$/);
    const { job, seen } = await finished(async () => (await progress(merchandiser, started.id)).json());
    expect(job).toMatchObject({ stage: 'done', percent: 100, label: 'Listo', failure: null });
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(job.report).toMatchObject({ total: 3, applied: 1, changed: 1, refused: 2 });
    expect(job.report!.problems.map(({ line, message }) => [line, message])).toEqual([
      [3, 'El precio no puede ser mayor que el precio de lista en price (se recibió «150000»)'],
      [4, 'El SKU no existe en el catálogo en skuId'],
    ]);
    const { rows } = await shop.database.pool.query(
      "SELECT price, list_price FROM sku_offer WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
      [a(), sc],
    );
    expect(rows[0]).toEqual({ price: 99000, list_price: 129000 });
    const audit = await shop.database.pool.query('SELECT action, after FROM audit_log WHERE subject = $1', [
      `offerFeed:${started.id}`,
    ]);
    expect(audit.rows).toEqual([
      { action: 'offerFeed.import', after: { total: 3, applied: 1, changed: 1, refused: 2 } },
    ]);
  });

  it('is idempotent: the same file again is the same job and report, and changes nothing', async () => {
    const first = (await upload(merchandiser, text())).json() as OfferFeedJob;
    const again = await upload(admin, text());
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ id: first.id, stage: 'done', percent: 100 });
    expect((again.json() as OfferFeedJob).report).toEqual(first.report);
    const audit = await shop.database.pool.query(
      'SELECT count(*)::int AS n FROM audit_log WHERE subject = $1',
      [`offerFeed:${first.id}`],
    );
    expect(audit.rows[0].n).toBe(1);
  });

  it('a job whose server died mid-feed reads as interrupted, and the same file sent again runs it anew', async () => {
    const body = feedOf([`${a()},${sc},98000,129000,60`]);
    const id = createHash('sha256').update(body).digest('hex');
    // What a server killed while staging leaves: a job at 40 % that nothing moves any more.
    await shop.database.pool.query(
      `INSERT INTO offer_feed_job (owner, id, stage, percent, updated_at)
         VALUES ('staff', $1, 'staging', 40, $2)`,
      [id, new Date(TEST_NOW.getTime() - 10 * 60_000)],
    );
    const read = (await progress(merchandiser, id)).json() as OfferFeedJob;
    expect(read).toMatchObject({
      stage: 'failed',
      label: 'No se pudo aplicar',
      failure: OFFER_FEED_INTERRUPTED,
    });
    const again = await upload(merchandiser, body);
    expect(again.statusCode).toBe(202);
    const { job } = await finished(async () => (await progress(merchandiser, id)).json());
    expect(job).toMatchObject({ stage: 'done', failure: null });
    expect(job.report).toMatchObject({ total: 1, applied: 1 });
  });

  it('takes JSON too', async () => {
    const json = JSON.stringify([
      { skuId: b(), salesChannel: sc, price: 120000, listPrice: 140000, quantity: 9 },
    ]);
    const started = (await upload(merchandiser, json, 'application/json')).json() as OfferFeedJob;
    const { job } = await finished(async () => (await progress(merchandiser, started.id)).json());
    expect(job.report).toMatchObject({ total: 1, applied: 1, changed: 1, refused: 0 });
  });

  it('refuses a file that is not a feed (400), one too big (413) and a type it does not read (415)', async () => {
    const noColumns = await upload(merchandiser, 'sku,precio\n1,2');
    expect(refused(noColumns)).toEqual([400, 'feedInvalid']);
    expect(noColumns.json().message).toBe(
      'El archivo no es una carga de ofertas válida. Faltan columnas en la cabecera: skuId, salesChannel, price, listPrice, quantity.',
    );
    expect(refused(await upload(merchandiser, '{"skuId": 1}', 'application/json'))).toEqual([
      400,
      'feedInvalid',
    ]);
    expect(refused(await upload(merchandiser, feedOf([])))).toEqual([400, 'feedInvalid']);
    const rows = Array.from({ length: 100_001 }, (_, index) => `${index + 1},1,100,100,1`);
    expect(refused(await upload(merchandiser, feedOf(rows)))).toEqual([413, 'feedTooManyRows']);
    const huge = 'x'.repeat(OFFER_FEED_MAX_BYTES + 1);
    expect(refused(await upload(merchandiser, huge))).toEqual([413, 'payloadTooLarge']);
    expect((await upload(merchandiser, text(), 'image/png')).statusCode).toBe(415);
    // Sent as a stream that does not say its length: refused once it passes the limit, not read whole.
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const streamed = await shop.app.inject({
      method: 'POST',
      url: '/api/admin/offer-feeds',
      headers: { ...CART_HEADERS, 'content-type': 'text/csv', 'x-staff-token': merchandiser },
      payload: Readable.from(Array.from({ length: OFFER_FEED_MAX_BYTES / chunk.length + 2 }, () => chunk)),
    });
    expect(refused(streamed)).toEqual([413, 'payloadTooLarge']);
  });

  it('refuses an operator (staffRoleForbidden), no session (notStaff) and a job of another sender', async () => {
    expect(refused(await upload(operator, text()))).toEqual([403, 'staffRoleForbidden']);
    expect(refused(await upload(null, text()))).toEqual([401, 'notStaff']);
    const staffJob = (await upload(merchandiser, text())).json() as OfferFeedJob;
    const erpRead = await erpCall(shop.app, erpKey, 'GET', `/api/pricing/offer-feeds/${staffJob.id}`);
    expect(refused(erpRead)).toEqual([404, 'feedJobNotFound']);
    expect(refused(await progress(merchandiser, 'f'.repeat(64)))).toEqual([404, 'feedJobNotFound']);
  });
});

describe('the same feed through the integration API (app key with prices and stock)', () => {
  const send = (key: { appKey: string; appToken: string }, body: string) =>
    shop.app.inject({
      method: 'POST',
      url: '/api/pricing/offer-feeds',
      headers: {
        'x-vtex-api-appkey': key.appKey,
        'x-vtex-api-apptoken': key.appToken,
        'content-type': 'text/csv',
      },
      payload: body,
    });

  it('runs the job for the key, which alone reads it; a key without prices is refused', async () => {
    const body = feedOf([`${skus[2]},${sc},88000,90000,12`]);
    const answer = await send(erpKey, body);
    expect(answer.statusCode, answer.body).toBe(202);
    const id = (answer.json() as OfferFeedJob).id;
    const { job } = await finished(async () =>
      (await erpCall(shop.app, erpKey, 'GET', `/api/pricing/offer-feeds/${id}`)).json(),
    );
    expect(job.report).toMatchObject({ total: 1, applied: 1, refused: 0 });
    expect(refused(await progress(merchandiser, id))).toEqual([404, 'feedJobNotFound']);
    expect(refused(await send(stockOnly, body))).toEqual([403, 'appKeyScopeForbidden']);
    const audit = await shop.database.pool.query(
      "SELECT actor_kind, actor_id FROM audit_log WHERE subject = $1 AND action = 'offerFeed.import'",
      [`offerFeed:${id}`],
    );
    expect(audit.rows).toEqual([{ actor_kind: 'appKey', actor_id: erpKey.appKey }]);
  });
});
