import { product as productSchema, searchResponse } from '@despensa/contracts';
import { startBenchShop } from './support';

/** Times the catalogue's hot paths in process, without HTTP, to see where a search's time goes. */
const { shop, stop } = await startBenchShop(50_000);
const catalog = shop.services.catalog;
const time = (label: string, runs: number, fn: () => unknown) => {
  fn();
  const started = performance.now();
  for (let i = 0; i < runs; i++) fn();
  console.log(`${label}: ${((performance.now() - started) / runs).toFixed(2)} ms`);
};
const index = catalog.index;
time('text.search leche', 50, () => index.text.search('leche'));
time('text.search l (prefix)', 20, () => index.text.search('l', { prefix: true }));
time('listing leche page 1', 50, () =>
  index.listing({ salesChannel: 1, text: 'leche', facets: [], page: 1, pageSize: 40 }),
);
time('listing all page 1', 20, () => index.listing({ salesChannel: 1, facets: [], page: 1, pageSize: 40 }));
const result = catalog.search(
  '',
  { selectedFacets: [{ key: 'ft', value: 'leche' }] },
  { page: 1, pageSize: 40, salesChannel: 1 },
);
time('service.search leche', 50, () =>
  catalog.search(
    '',
    { selectedFacets: [{ key: 'ft', value: 'leche' }] },
    { page: 1, pageSize: 40, salesChannel: 1 },
  ),
);
time('zod encode searchResponse', 50, () => searchResponse.encode(result));
time('zod encode 1 product', 200, () => productSchema.encode(result.products[0]!));
time('JSON.stringify searchResponse', 50, () => JSON.stringify(result));
time('autocomplete l', 20, () => catalog.autocomplete('l'));
time('autocomplete lec', 20, () => catalog.autocomplete('lec'));
time('suggestions lec', 20, () => catalog.suggestions('lec' + Math.random(), 1));
await stop();
