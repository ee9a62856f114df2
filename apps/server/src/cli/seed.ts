import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { openDatabase, withoutTimeouts } from '../db/open';
import { seedDatabase } from '../seed/seed';

/** `npm run seed [-- --products N]`: rebuilds the demo shop in the configured database. */
const { values } = parseArgs({ options: { products: { type: 'string' } } });
try {
  const config = loadConfig();
  const products = values.products === undefined ? config.SEED_PRODUCTS : Number(values.products);
  if (!Number.isInteger(products) || products < 1 || products > 1_000_000) {
    console.error('--products must be a whole number from 1 to 1000000');
    process.exit(1);
  }
  const database = await openDatabase(config, console.log);
  try {
    await withoutTimeouts(database.url, (maintenance) =>
      seedDatabase(maintenance, {
        products,
        brandName: config.BRAND_NAME,
        helpPhone: config.HELP_PHONE,
        log: console.log,
        progress: true,
      }),
    );
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
