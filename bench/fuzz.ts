import { cliOption, startBenchShop } from './support';
import { fuzz } from '../apps/server/test/support/fuzz';

/**
 * `npm run fuzz [-- --requests N --seed S]`: N generated valid and malformed requests (10,000 by default)
 * over every operation of the OpenAPI document, in process on the bench shop's database. Prints the
 * answers by status and fails on any 5xx.
 */
const requests = cliOption('requests', 10_000);
const seed = cliOption('seed', 1);

const { shop, stop } = await startBenchShop(cliOption('products', 300));
const started = performance.now();
const report = await fuzz(shop.app, {
  requests,
  seed,
  headers: { 'x-api-key': 'bench-key', 'x-consumer': 'web', 'x-account': 'despensa' },
});
await stop();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${report.total} requests in ${seconds} s (seed ${seed}); answers by status:`);
console.table(report.byStatus);
const serverErrors = Object.entries(report.byStatus)
  .filter(([status]) => Number(status) >= 500)
  .reduce((sum, [, count]) => sum + count, 0);
console.log(`${serverErrors} answers 5xx`);
if (serverErrors > 0) {
  console.error(JSON.stringify(report.failures, null, 2));
  process.exitCode = 1;
}
