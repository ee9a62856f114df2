import { DELIVERY_METHODS, type LngLat } from '@despensa/domain';
import { generateStoresForBenchmark } from '../apps/server/src/seed/stores/generate';
import { withoutTimeouts } from '../apps/server/src/db/open';
import { seedDatabase } from '../apps/server/src/seed/seed';
import { cliOption, measureScenarios, startBenchShop, table, type Scenario } from './support';

/**
 * `npm run bench:delivery [-- --products N --seconds S]`: delivery under 10 concurrent connections with
 * 100 stores and their zones. Prints the server-side p95 of the sales-channel geolocation (goal 5 ms)
 * and of a 100-item shipping simulation (goal 30 ms). Figures, not assertions.
 */
const STORES = 100;
const products = cliOption('products', 3_000);
const seconds = cliOption('seconds', 8);

let bench = await startBenchShop(products);
const { rows } = await bench.database.pool.query<{ count: number }>(
  'SELECT count(*)::int AS count FROM store',
);
if (rows[0]!.count !== STORES) {
  // The bench shop of this size is kept between runs: reseed it once with 100 stores (and their zones),
  // then start again so the catalogue and the delivery module load them.
  console.log(`reseeding with ${STORES} stores and their zones (once)…`);
  await withoutTimeouts(bench.database.url, (maintenance) =>
    seedDatabase(maintenance, { products, stores: generateStoresForBenchmark(STORES) }),
  );
  await bench.stop();
  bench = await startBenchShop(products);
}
const { url, shop, latency, stop } = bench;
const { stores } = (await shop.services.delivery.withdrawalStores()).payload;
const served = [...new Map(stores.map((store) => [store.sc, store])).values()];
const index = shop.services.catalog.index;

/** A point about 1 km from a store, so it is covered (the zones are 7–10 km circles). */
const near = (i: number): LngLat => {
  const [lng, lat] = served[i % served.length]!.coordinates;
  return [lng + 0.01 * Math.cos(i), lat + 0.008 * Math.sin(i)];
};
const itemsFor = (sc: number) =>
  index.products
    .flatMap((product) => product.skus)
    .filter((sku) => index.offersFor(sku, sc).some((offer) => offer.availableQuantity > 0))
    .slice(0, 100)
    .map((sku) => ({ id: String(sku.id), quantity: 1 + (sku.id % 3), seller: '1' }));
const baskets = new Map(served.slice(0, 20).map((store) => [store.sc, itemsFor(store.sc)]));
const basketStores = served.filter((store) => baskets.has(store.sc));

const scenarios: Scenario[] = [
  {
    name: 'sales-channel geolocation (GET /api/sales-channel/geolocation)',
    goalMs: 5,
    next: (i) => {
      const [lng, lat] = near(i);
      return { path: `/api/sales-channel/geolocation?lat=${lat}&lng=${lng}` };
    },
  },
  {
    name: '100-item shipping simulation (POST /api/shipping/simulation)',
    goalMs: 30,
    method: 'POST',
    next: (i) => {
      const store = basketStores[i % basketStores.length]!;
      return {
        path: '/api/shipping/simulation',
        body: {
          location: { zipCode: '', country: 'CL', point: store.coordinates },
          saleschannel: store.sc,
          shippingMethod: DELIVERY_METHODS.homeDelivery.id,
          items: baskets.get(store.sc),
          isCart: false,
        },
      };
    },
  },
];

console.log(
  `${STORES} stores (${served.length} active with pickup or car), ${basketStores.length} baskets of ${baskets.values().next().value?.length} items`,
);
const results = await measureScenarios(url, latency, scenarios, seconds);
table(
  results.map((row) => ({
    ...row,
    'p95 / goal': (Number(row['server p95 ms']) / Number(row['goal p95 ms'])).toFixed(2),
  })),
);
await stop();
