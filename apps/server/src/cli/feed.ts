import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { CHAIN_SELLER_ID, OfferFeedFormatError } from '@despensa/domain';
import { OFFER_FEED_STAGE_LABELS, offerFeedProblemLine, offerFeedSummary } from '@despensa/contracts';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, withoutTimeouts } from '../db/open';
import { importOfferFeed, type OfferFeedStage } from '../flows/import-offer-feed';
import { StoresService } from '../modules/stores/service';
import { progressBar } from './progress';

/**
 * `npm run feed -- <file> [--seller 1] [--report report.json]`: applies a feed of offers (prices and stock,
 * CSV or JSON; see README "Bulk feeds") to the configured database, with a progress bar, and prints which
 * rows were refused and why. Running instances see the new offers once it commits.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { seller: { type: 'string', default: CHAIN_SELLER_ID }, report: { type: 'string' } },
});

try {
  const file = positionals[0];
  if (!file)
    throw new ConfigError('Uso: npm run feed -- <archivo.csv|archivo.json> [--seller 1] [--report r.json]');
  const text = fs.readFileSync(file, 'utf8');
  const config = loadConfig();
  const database = await openDatabase(config, () => {});
  try {
    let bar: ReturnType<typeof progressBar> | null = null;
    let stage: OfferFeedStage | null = null;
    const report = await withoutTimeouts(database.url, (maintenance) =>
      importOfferFeed(maintenance, new StoresService(maintenance), text, {
        sellerId: values.seller,
        onProgress: (now, done, total) => {
          if (now !== stage) {
            bar?.finish();
            stage = now;
            bar = now === 'done' ? null : progressBar(OFFER_FEED_STAGE_LABELS[now], total);
          }
          bar?.tick(done);
        },
      }),
    );
    console.log(offerFeedSummary(report));
    for (const each of report.problems.slice(0, 20)) console.log(`  ${offerFeedProblemLine(each)}`);
    if (report.refused > 20) console.log(`  … y ${report.refused - 20} más`);
    if (values.report) fs.writeFileSync(values.report, JSON.stringify(report, null, 2));
  } finally {
    await database.close();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof OfferFeedFormatError;
  console.error(known ? error.message : error);
  process.exit(1);
}
