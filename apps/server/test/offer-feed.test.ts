import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOfferFeed } from '@despensa/domain';
import { importOfferFeed } from '../src/flows/import-offer-feed';
import { StoresService } from '../src/modules/stores/service';
import { createTestApp, type TestApp } from './support/app';
import { sellableSkus } from './support/cart';
import { deliveringChannel } from './support/checkout';
import { TEST_KEY } from './support/constants';

let shop: TestApp;
let sc: number;
let skus: number[];
beforeAll(async () => {
  shop = await createTestApp();
  sc = await deliveringChannel(shop);
  skus = (await sellableSkus(shop, { salesChannel: sc, limit: 4 })).map((row) => Number(row.id));
});
afterAll(async () => {
  await shop?.close();
});

const offer = async (sku: number) =>
  (
    await shop.database.pool.query(
      "SELECT price, list_price, available_quantity FROM sku_offer WHERE sku_id = $1 AND sales_channel = $2 AND seller_id = '1'",
      [sku, sc],
    )
  ).rows[0] as { price: number; list_price: number; available_quantity: number };
const feed = (text: string) => importOfferFeed(shop.database, new StoresService(shop.database), text);

describe('a bulk feed of offers (issue 30 item 2)', () => {
  it('checks every row on its own and says in Spanish which failed and why', () => {
    const parsed = parseOfferFeed(
      [
        'skuId;salesChannel;price;listPrice;quantity',
        '1;1;129000;149000;40',
        '2;1;12,5;149000;40',
        '3;1;;149000;40',
        '4;1;150000;149000;40',
        '5;1;100;100;-3',
        '1;1;129000;149000;41',
      ].join('\n'),
    );
    expect(parsed.total).toBe(6);
    expect(parsed.rows.map((row) => row.line)).toEqual([2]);
    expect(parsed.problems.map(({ line, message }) => [line, message])).toEqual([
      [3, 'Debe ser un número entero en price (se recibió «12,5»)'],
      [4, 'Falta el valor en price'],
      [5, 'El precio no puede ser mayor que el precio de lista en price (se recibió «150000»)'],
      [6, 'No puede ser negativo en quantity (se recibió «-3»)'],
      [7, 'La misma oferta (SKU y canal de venta) ya venía en una fila anterior'],
    ]);
    expect(() => parseOfferFeed('sku,price\n1,2')).toThrow(
      'Faltan columnas en la cabecera: skuId, salesChannel, listPrice, quantity',
    );
  });

  it('applies the good rows, refuses unknown SKUs and channels and stock under what orders hold', async () => {
    const [a, b, c] = skus as [number, number, number];
    await shop.database.pool.query(
      "INSERT INTO stock_hold (holder, sku_id, sales_channel, seller_id, quantity, expires_at) VALUES ('feed-test', $1, $2, '1', 5, now() + interval '1 hour')",
      [c, sc],
    );
    const text = [
      'skuId,salesChannel,price,listPrice,quantity',
      `${a},${sc},111100,222200,30`,
      `${b},${sc},99900,99900,0`,
      `999999999,${sc},100,100,1`,
      `${a},777,100,100,1`,
      `${c},${sc},5000,6000,3`,
    ].join('\n');
    const report = await feed(text);
    expect(report).toMatchObject({ total: 5, applied: 2, changed: 2, refused: 3 });
    expect(report.problems.map(({ line, message }) => [line, message])).toEqual([
      [4, 'El SKU no existe en el catálogo en skuId'],
      [5, 'El canal de venta no existe en salesChannel (se recibió «777»)'],
      [6, 'El stock es menor que lo que ya tienen reservado pedidos abiertos (5 unidades)'],
    ]);
    expect(await offer(a)).toEqual({ price: 111100, list_price: 222200, available_quantity: 30 });
    expect(await offer(b)).toEqual({ price: 99900, list_price: 99900, available_quantity: 0 });

    // The same file again: the same report, nothing written twice.
    const again = await feed(text);
    expect(again).toEqual(report);
    // A new file with the same offers changes nothing either.
    expect(await feed(`${text}\n`)).toMatchObject({ applied: 2, changed: 0 });

    // Stock counts what open orders hold: 8 in the warehouse, 5 held, 3 for sale.
    await feed(`skuId,salesChannel,price,listPrice,quantity\n${c},${sc},5000,6000,8`);
    expect((await offer(c)).available_quantity).toBe(3);
  });

  it('reaches shoppers: the catalogue answers the new list price and stock once the feed commits', async () => {
    const [, , , d] = skus as [number, number, number, number];
    await feed(`skuId,salesChannel,price,listPrice,quantity\n${d},${sc},4321000,4321000,12`);
    await expect
      .poll(
        async () => {
          const response = await shop.app.inject({
            method: 'GET',
            url: `/api/catalog/1/products/skus?skuIds=${d}&sc=${sc}`,
            headers: TEST_KEY,
          });
          const [product] = response.json() as {
            items: {
              itemId: string;
              sellers: { commertialOffer: { ListPrice: number; AvailableQuantity: number } }[];
            }[];
          }[];
          return product?.items.find((item) => item.itemId === String(d))?.sellers[0]?.commertialOffer;
        },
        { timeout: 15_000 },
      )
      .toMatchObject({ ListPrice: 4321000, AvailableQuantity: 12 });
  });
});
