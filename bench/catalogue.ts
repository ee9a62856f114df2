import fs from 'node:fs';
import os from 'node:os';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/open';
import { IntegrationService } from '../apps/server/src/modules/integration/service';
import { catalogueEnv, seedOnce, startPeer } from './catalogue-setup';
import { BENCH_KEY, cliOption, percentile, recordServerLatency, SEARCH_TERMS, table } from './support';

/**
 * `npm run bench:catalogue [-- --products 500000 --searches 600 --rebuild alongside]` (issue 33 goal 5): a national chain's
 * catalogue. Seeds it once (catalogue-setup.ts) into BENCH_DATABASE_URL, or an embedded PostgreSQL under
 * .bench/catalogue-N, and keeps it; then starts an instance in this process and prints, each beside its goal and with the load average:
 * time to serving, RSS after start, after the search run, settled (a minute left alone) and at its peak,
 * search and autocomplete p95 (server-side,
 * one request at a time, so the figures are the request's and not a queue's), one ERP price change from
 * its PUT's answer to the index and one promotion from its POST's answer to the index, with the first
 * search after it (neither rebuilds), RSS once every sales channel's card columns are worked out (every
 * store visited), one product's description, then its name, then its aisle from the PUT's answer to the
 * product as served (all patched, no rebuild), and one SKU added to it (a rebuild) with the RSS peak while
 * it runs: out of rotation (CATALOG_REBUILD), another instance started in a process of its own serving
 * meanwhile, or with `--rebuild alongside` beside the index serving.
 * Figures, not assertions.
 */
const products = cliOption('products', 500_000);
/** `--rebuild alongside`: the SKU's rebuild beside the index serving, as a lone instance does. */
const rebuildMode = process.argv.includes('alongside') ? 'alongside' : 'out-of-rotation';
const searches = cliOption('searches', 600);
const { env, config } = catalogueEnv(products, rebuildMode);
const load = () => os.loadavg()[0]!.toFixed(1);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
await seedOnce(env, config, products);

// Time to serving: the database opened (migrations checked), the index built, the port listening and a
// search answered, as a new instance behind a load balancer starts.
const loadAtStart = load();
// What the largest RSS sampled was made of: the JavaScript heap, or memory outside it (array buffers).
let largest = process.memoryUsage();
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  if (now.rss > largest.rss) largest = now;
}, 50);
const started = performance.now();
const database = await openDatabase(config, () => {});
const shop = await buildApp({ config, database, logger: false, web: false });
const latency = recordServerLatency(shop);
const url = await shop.app.listen({ port: 0, host: '127.0.0.1' });
const post = (target: string, body: unknown) =>
  fetch(`${url}${target}`, {
    method: 'POST',
    headers: { ...BENCH_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: await response.text() }));
const searchBody = (term: string) => ({ selectedFacets: [{ key: 'ft', value: term }] });
await post('/api/search?page=1&sc=1', searchBody('leche'));
const startMs = performance.now() - started;
const rssAfterStart = process.memoryUsage().rss;
const heapAfterStart = process.memoryUsage().heapUsed;
// Read afresh each time: held here, the index built at start could not be collected once replaced.
const index = () => shop.services.catalog.index;
const startIndex = new WeakRef(index());
const replaced = () => !shop.services.catalog.serving || index() !== startIndex.deref();

/** Sequential requests, the server's own time of each (Fastify's elapsed time). */
async function serverTimes(requests: (() => Promise<{ status: number }>)[]): Promise<number[]> {
  latency.take();
  let failed = 0;
  for (const request of requests) if ((await request()).status !== 200) failed++;
  if (failed > 0) console.log(`${failed} of ${requests.length} requests failed`);
  return latency.take();
}

// Searches: the benches' terms, each on its first pages, cycled (the index caches nothing per term).
const loadAtSearch = load();
const searchTimes = await serverTimes(
  Array.from(
    { length: searches },
    (_, i) => () =>
      post(
        `/api/search?page=${1 + (Math.floor(i / SEARCH_TERMS.length) % 3)}&sc=1`,
        searchBody(SEARCH_TERMS[i % SEARCH_TERMS.length]!),
      ),
  ),
);
// What shoppers type: 2- to 4-letter beginnings of the catalogue's own words; the first request of each
// prefix (autocomplete caches per term) and then the same prefixes again.
const prefixes = [
  ...new Set(
    index()
      .products.filter((_, i) => i % 997 === 0)
      .flatMap((product) =>
        product.name
          .toLowerCase()
          .split(' ')
          .filter((word) => word.length >= 4),
      )
      .flatMap((word) => [word.slice(0, 2), word.slice(0, 3), word.slice(0, 4)]),
  ),
].slice(0, 300);
const autocomplete = (prefix: string) => () =>
  fetch(`${url}/api/autocomplete?productNameContains=${encodeURIComponent(prefix)}&maxRows=12`, {
    headers: BENCH_KEY,
  }).then(async (response) => ({ status: response.status, body: await response.text() }));
const coldTimes = await serverTimes(prefixes.map(autocomplete));
const warmTimes = await serverTimes([...prefixes, ...prefixes].map(autocomplete));
const rssAfterSearch = process.memoryUsage().rss;

// One ERP price change, through the Pricing API, followed into this instance's index.
const { key, appToken } = await database.db.transaction((tx) =>
  new IntegrationService(database).create(tx, {
    label: 'bench:catalogue',
    scopes: ['prices', 'promotions', 'catalog'],
    ratePerSecond: 100,
    burst: 100,
    createdBy: 'bench',
  }),
);
const skuId = index().products[Math.floor(index().products.length / 2)]!.skus[0]!.id;
const productId = index().skusById.get(skuId)!.product.id;
const chainListPrice = () => index().sellerOffer(index().skusById.get(skuId)!.sku, 1, '1')?.listPrice;
const pesos = Math.round((chainListPrice() ?? 100_000) / 100) + 10;
const loadAtChange = load();
const response = await fetch(`${url}/api/pricing/prices/${skuId}`, {
  method: 'PUT',
  headers: {
    'x-vtex-api-appkey': key.appKey,
    'x-vtex-api-apptoken': appToken,
    'content-type': 'application/json',
  },
  body: JSON.stringify({ basePrice: pesos, listPrice: pesos }),
});
const answered = performance.now();
await response.arrayBuffer();
while (chainListPrice() !== pesos * 100 && performance.now() - answered < 10_000)
  await new Promise((resolve) => setImmediate(resolve));
const changeMs = performance.now() - answered;

// One promotion (20 % off the same SKU) through the Promotions API: the index re-reads the promotions in
// place and works out again only the cards the changed promotion reaches; the first search after it shows
// what a shopper waits for then.
const DAY = 86_400_000;
const promotionResponse = await fetch(`${url}/api/rnb/pvt/calculatorconfiguration`, {
  method: 'POST',
  headers: {
    'x-vtex-api-appkey': key.appKey,
    'x-vtex-api-apptoken': appToken,
    'content-type': 'application/json',
  },
  body: JSON.stringify({
    name: 'bench:catalogue 20 %',
    beginDateUtc: new Date(Date.now() - DAY).toISOString(),
    endDateUtc: new Date(Date.now() + 7 * DAY).toISOString(),
    isActive: true,
    type: 'regular',
    percentualDiscountValue: 20,
    cumulative: true,
    skus: [{ id: String(skuId), name: 'sku' }],
    skusAreInclusive: true,
    idsSalesChannel: ['1'],
  }),
});
const promotionAnswered = performance.now();
const { idCalculatorConfiguration } = (await promotionResponse.json()) as {
  idCalculatorConfiguration: string;
};
const indexHasIt = () => index().promotions.some((each) => each.id === idCalculatorConfiguration);
while (!indexHasIt() && performance.now() - promotionAnswered < 10_000)
  await new Promise((resolve) => setImmediate(resolve));
const promotionMs = performance.now() - promotionAnswered;
const [searchAfterPromotion] = await serverTimes([
  () => post('/api/search?page=1&sc=1', searchBody('leche')),
]);
// A rebuild would have replaced the index: it is still the one built at start.
const rebuilt = replaced();

// Memory once the instance is left alone: V8 gives the index build's garbage back some 20-30 s after it
// stops allocating (its memory reducer), so RSS is read every 5 s for a minute and the lowest is kept.
let rssSettled = process.memoryUsage().rss;
for (let waited = 0; waited < 60_000; waited += 5000) {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  rssSettled = Math.min(rssSettled, process.memoryUsage().rss);
}

/** The most this process has held since it started or since the mark was reset (Linux's VmHWM); NaN elsewhere. */
const rssHighWater = () =>
  Number(
    /VmHWM:\s+(\d+) kB/.exec(
      fs.existsSync('/proc/self/status') ? fs.readFileSync('/proc/self/status', 'utf8') : '',
    )?.[1] ?? NaN,
  ) * 1024;
// What start, searches and changes reached, not one reading.
const rssPeak = rssHighWater();

clearInterval(sampler);

// A national chain's shoppers choose a store, each a sales channel with its own prices and stock: every
// channel's card columns worked out, as a day of traffic across the country leaves them.
const channelsStarted = performance.now();
for (const salesChannel of index().salesChannels) await index().warm(salesChannel);
const channelsMs = performance.now() - channelsStarted;
const rssAllChannels = process.memoryUsage().rss;

// One product's page text edited through the Catalog API, as an ERP does: every instance patches it in
// place, from the PUT's answer to the product as served.
const erpHeaders = {
  'x-vtex-api-appkey': key.appKey,
  'x-vtex-api-apptoken': appToken,
  'content-type': 'application/json',
};
const productUrl = `${url}/api/catalog/pvt/product/${productId}`;
const stored = (await (await fetch(productUrl, { headers: erpHeaders })).json()) as Record<string, unknown>;
const served = () => shop.services.catalog.productById(String(productId), 1);
/** One edit of the product through the Catalog API, from its PUT's answer until `done` holds of the index. */
async function edit(change: Record<string, unknown>, done: () => boolean, waitMs: number) {
  // Each edit keeps the ones before it (the ERP sends the whole product).
  Object.assign(stored, change);
  const put = await fetch(productUrl, { method: 'PUT', headers: erpHeaders, body: JSON.stringify(stored) });
  const answered = performance.now();
  await put.arrayBuffer();
  // Patches are timed to the turn of the event loop; a rebuild's minute is not spun through.
  const poll = waitMs > 10_000 ? (next: () => void) => setTimeout(next, 100) : setImmediate;
  while (!done() && performance.now() - answered < waitMs)
    await new Promise<void>((resolve) => poll(resolve));
  return { status: put.status, ms: performance.now() - answered };
}
const description = `bench:catalogue ${Date.now()}`;
const described = await edit(
  { Description: description },
  () => served().description === description,
  10_000,
);
// Renamed: the search text and the name order take the new name in place. It goes back and forth between runs.
// Past the description's batch first (an instance gathers an ERP's writes for 100 ms after a patch).
await new Promise((resolve) => setTimeout(resolve, 250));
const name = String(stored.Name);
const newName = name.endsWith(' (bench)') ? name.slice(0, -' (bench)'.length) : `${name} (bench)`;
const renamed = await edit({ Name: newName }, () => served().productName === newName, 10_000);
// Moved to another aisle (and back on the next run): its aisles' lists, facets and search text in place.
await new Promise((resolve) => setTimeout(resolve, 250));
const home = index().products[0]!.categoryId;
const away = index().products.find((each) => each.categoryId !== home)!.categoryId;
const aisle = stored.CategoryId === home ? away : home;
const moved = await edit({ CategoryId: aisle }, () => served().categoryId === String(aisle), 10_000);
const rebuiltForText = replaced();

// A SKU added to the product: its offer slot shapes the index, so every instance builds a new one from the
// database. Out of rotation (the default here), another instance serves meanwhile (a process of its own)
// and this one drops its index before building the new one; alongside, it holds both until the new one
// replaces the old. Linux's high-water mark starts again from here.
let skuAddedMs = NaN;
let skuAddedStatus = 0;
let rssRebuildPeak = NaN;
const peer = rebuildMode === 'out-of-rotation' ? await startPeer(env, database.url) : null;
if (fs.existsSync('/proc/self/clear_refs')) {
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const added = await fetch(`${url}/api/catalog/pvt/stockkeepingunit`, {
    method: 'POST',
    headers: erpHeaders,
    body: JSON.stringify({
      ProductId: productId,
      Name: `${newName} ${Date.now()}`,
      MeasurementUnit: 'un',
    }),
  });
  const answered = performance.now();
  await added.arrayBuffer();
  const served = () => shop.services.catalog.serving && index() !== startIndex.deref();
  while (!served() && performance.now() - answered < 600_000)
    await new Promise((resolve) => setTimeout(resolve, 100));
  skuAddedMs = performance.now() - answered;
  skuAddedStatus = added.status;
  rssRebuildPeak = rssHighWater();
}
// Its own rebuild, after this one's, is not measured.
peer?.kill('SIGKILL');

const twoPlaces = (ms: number) => ms.toFixed(2);
console.log(
  `\n${index().products.length} products, ${index().skusById.size} skus, ${index().salesChannels.length} sales channels; ` +
    `${os.cpus().length} cores, load average (1 min) at start ${loadAtStart}, searches ${loadAtSearch}, change ${loadAtChange}`,
);
table([
  {
    figure: 'time to serving (open, index, listen, first search)',
    value: `${(startMs / 1000).toFixed(1)} s`,
    goal: '≤ 60 s',
  },
  { figure: 'RSS after start', value: mb(rssAfterStart), goal: '≤ 1024 MB' },
  { figure: 'JavaScript heap used after start', value: mb(heapAfterStart), goal: '' },
  {
    figure: `RSS after ${searches + prefixes.length * 3} searches and autocompletes`,
    value: mb(rssAfterSearch),
    goal: '≤ 1024 MB',
  },
  { figure: 'RSS settled (lowest in the minute after)', value: mb(rssSettled), goal: '≤ 1024 MB' },
  {
    figure: 'RSS at its peak (high-water mark, from start to here)',
    value: Number.isNaN(rssPeak) ? 'n/a' : mb(rssPeak),
    goal: '≤ 1024 MB',
  },
  {
    figure: '  the largest RSS sampled (every 50 ms): its JavaScript heap, used of reserved; outside it',
    value: `${mb(largest.heapUsed)} of ${mb(largest.heapTotal)}; ${mb(largest.external)}`,
    goal: '',
  },
  {
    figure: `RSS with every channel's cards worked out (${index().salesChannels.length}, in ${(channelsMs / 1000).toFixed(1)} s)`,
    value: mb(rssAllChannels),
    goal: '≤ 1024 MB',
  },
  {
    figure: `search p95 (POST /api/search, ${searchTimes.length}, p50 ${twoPlaces(percentile(searchTimes, 50))})`,
    value: `${twoPlaces(percentile(searchTimes, 95))} ms`,
    goal: '≤ 10 ms',
  },
  {
    figure: `autocomplete p95, first request per prefix (${coldTimes.length})`,
    value: `${twoPlaces(percentile(coldTimes, 95))} ms`,
    goal: '≤ 1 ms',
  },
  {
    figure: `autocomplete p95, prefixes asked before (${warmTimes.length})`,
    value: `${twoPlaces(percentile(warmTimes, 95))} ms`,
    goal: '≤ 1 ms',
  },
  {
    figure: `one price change, PUT answered → index (PUT ${response.status})`,
    value: `${twoPlaces(changeMs)} ms`,
    goal: '≤ 50 ms',
  },
  {
    figure: `one promotion, POST answered → index (POST ${promotionResponse.status})`,
    value: `${twoPlaces(promotionMs)} ms`,
    goal: '≤ 50 ms',
  },
  {
    figure: 'first search after it (the cards it reaches worked out again)',
    value: `${twoPlaces(searchAfterPromotion ?? NaN)} ms`,
    goal: '',
  },
  { figure: 'index rebuilt for either', value: rebuilt ? 'yes' : 'no', goal: 'no' },
  {
    figure: `one product's description (Catalog API PUT ${described.status}) → served`,
    value: `${twoPlaces(described.ms)} ms`,
    goal: '',
  },
  {
    figure: `one product renamed (Catalog API PUT ${renamed.status}) → served`,
    value: `${twoPlaces(renamed.ms)} ms`,
    goal: '',
  },
  {
    figure: `one product moved to another aisle (Catalog API PUT ${moved.status}) → served`,
    value: `${twoPlaces(moved.ms)} ms`,
    goal: '',
  },
  {
    figure: 'index rebuilt for the description, the name or the aisle',
    value: rebuiltForText ? 'yes' : 'no',
    goal: 'no',
  },
  {
    figure: `one SKU added (Catalog API POST ${skuAddedStatus}) → the new index serving (a rebuild, ${rebuildMode})`,
    value: `${(skuAddedMs / 1000).toFixed(1)} s`,
    goal: '',
  },
  {
    figure: `  RSS at its peak meanwhile (${rebuildMode === 'alongside' ? 'serving from the old index' : 'the other instance serving'})`,
    value: mb(rssRebuildPeak),
    goal: '≤ 1024 MB',
  },
]);
await shop.close();
await database.close();
