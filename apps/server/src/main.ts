import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { buildApp } from './app';
import { seedIfEmpty } from './seed/seed';

/** config → database → seed on first start → modules → web → listen; SIGINT/SIGTERM stop everything cleanly. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = (message: string) => console.log(message);
  const database = await openDatabase(config, log);
  let stopping = false;
  const stopDatabase = async () => {
    await database.close().catch((error: unknown) => console.error(`closing the database: ${String(error)}`));
  };
  try {
    await seedIfEmpty(database, {
      products: config.SEED_PRODUCTS,
      brandName: config.BRAND_NAME,
      helpPhone: config.HELP_PHONE,
      log,
    });
    const { app, close } = await buildApp({ config, database });
    const shutdown = async (signal: string) => {
      if (stopping) return;
      stopping = true;
      app.log.info(`${signal}: shutting down`);
      await close();
      await stopDatabase();
      process.exit(0);
    };
    process.once('SIGINT', () => void shutdown('SIGINT'));
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGHUP', () => void shutdown('SIGHUP'));
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    console.error(error);
    await stopDatabase();
    process.exit(1);
  }
}

await main();
