import {
  cliOption,
  machineLoad,
  measureScenarios,
  bareBaseline,
  percentile,
  SEARCH_TERMS,
  startBenchShop,
  type Scenario,
} from './support';

/**
 * `npm run bench:api [-- --products N --seconds S]`: search (with facets: a facet selected, and the
 * facet counts), autocomplete and product-by-id under 10 concurrent connections on a 50,000-product
 * catalogue. Prints server-side p50/p95/p99 against issue 33's goals and the throughput of each as a ratio
 * to a bare Fastify route in the same run (product by id: ≥ 0.6). Figures, not assertions.
 */
const products = cliOption('products', 50_000);
const seconds = cliOption('seconds', 8);

const { url, shop, latency, stop } = await startBenchShop(products);
const index = shop.services.catalog.index;
const productIds = index.products.map((p) => p.id);
const terms = SEARCH_TERMS;
// What shoppers type: 2- to 4-letter beginnings of the catalogue's own words, up to 300 of them, so a
// run is not one prefix repeated (autocomplete caches per term, as search suggestions do).
const prefixes = [
  ...new Set(
    index.products
      .filter((_, i) => i % 97 === 0)
      .flatMap((p) =>
        p.name
          .toLowerCase()
          .split(' ')
          .filter((w) => w.length >= 4),
      )
      .flatMap((w) => [w.slice(0, 2), w.slice(0, 3), w.slice(0, 4)]),
  ),
].slice(0, 300);

const term = (i: number) => ({ key: 'ft', value: terms[i % terms.length]! });
const scenarios: Scenario[] = [
  {
    name: 'search (POST /api/search, page 1)',
    goalMs: 3,
    method: 'POST',
    next: (i) => ({ path: '/api/search?page=1&sc=1', body: { selectedFacets: [term(i)] } }),
  },
  {
    name: 'search with a facet on (POST /api/search, ft + offer)',
    goalMs: 3,
    method: 'POST',
    next: (i) => ({
      path: '/api/search?page=1&sc=1',
      body: { selectedFacets: [term(i), { key: 'offer', value: 'true' }] },
    }),
  },
  {
    name: 'facet counts (POST /api/search/facets, ft + offer)',
    goalMs: 3,
    method: 'POST',
    next: (i) => ({
      path: '/api/search/facets?sc=1',
      body: { selectedFacets: [term(i), { key: 'offer', value: 'true' }] },
    }),
  },
  {
    name: 'autocomplete (GET /api/autocomplete)',
    goalMs: 3,
    next: (i) => ({
      path: `/api/autocomplete?productNameContains=${encodeURIComponent(prefixes[i % prefixes.length]!)}&maxRows=12`,
    }),
  },
  {
    name: 'product by id (GET /api/catalog/product/{id})',
    goalMs: 2,
    next: (i) => ({ path: `/api/catalog/product/${productIds[(i * 7919) % productIds.length]}?sc=1` }),
  },
];

// The first request for each prefix (nothing cached yet), timed in process before any HTTP traffic.
const cold = prefixes.map((prefix) => {
  const started = performance.now();
  shop.services.catalog.autocomplete(prefix);
  return performance.now() - started;
});

// Warms up the JIT and the per-channel caches, then measures.
const baseline = await bareBaseline(seconds);
const rows = await measureScenarios(url, latency, scenarios, seconds, baseline);
console.log(
  `\n${products} products, ${index.salesChannels.length} sales channels, ${seconds} s per scenario, 10 connections; ${machineLoad()}`,
);
console.log(
  `bare Fastify constant JSON: ${Math.round(baseline)} requests/s; goal for product by id: ≥ 0.6 of it`,
);
console.table(rows);
console.log(
  `autocomplete, first request per prefix (no cache, in process, ${prefixes.length} prefixes): p50 ${percentile(cold, 50).toFixed(2)} ms, p95 ${percentile(cold, 95).toFixed(2)} ms`,
);
await stop();
