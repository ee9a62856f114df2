import { startBenchShop } from './support';

/** Times the catalogue's hot paths in process, without HTTP, to see where a request's time goes. */
const { shop, stop } = await startBenchShop(50_000);
const catalog = shop.services.catalog;
const index = catalog.index;
const time = (label: string, runs: number, fn: () => unknown) => {
  fn();
  const started = performance.now();
  for (let i = 0; i < runs; i++) fn();
  console.log(`${label}: ${((performance.now() - started) / runs).toFixed(2)} ms`);
};
for (const prefix of ['l', 'le', 'lec', 'pa', 'arr', 'vin', 'ju']) {
  time(`text.search '${prefix}' (prefix)`, 20, () => index.text.search(prefix, { prefix: true }));
  time(`listing '${prefix}' (prefix, 12)`, 20, () =>
    index.listing({ salesChannel: 1, text: prefix, prefix: true, facets: [], page: 1, pageSize: 12 }),
  );
  time(`autocomplete '${prefix}'`, 20, () => catalog.autocomplete(prefix));
}
time('search leche', 50, () =>
  catalog.search(
    '',
    { selectedFacets: [{ key: 'ft', value: 'leche' }] },
    { page: 1, pageSize: 40, salesChannel: 1 },
  ),
);
time('listing all page 1', 20, () => index.listing({ salesChannel: 1, facets: [], page: 1, pageSize: 40 }));
await stop();
