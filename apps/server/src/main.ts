import { ConfigError, loadConfig } from './config';
import { openDatabase, type OpenDatabase } from './db/open';
import { buildApp, type App } from './app';
import { seedIfEmpty } from './seed/seed';

/**
 * config → database → seed on first start → modules → web → listen. Every way out it can see (a signal,
 * an uncaught error) stops the embedded PostgreSQL, so a crash never leaves one running without its shop.
 */
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
  let database: OpenDatabase | undefined;
  let built: App | undefined;
  let stopping = false;
  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    console.error(`${reason}: shutting down`);
    // Whatever hangs on the way out (a request that never ends), the process still leaves.
    setTimeout(() => process.exit(exitCode), 20_000).unref();
    // The shop gets 10 s to finish its requests and jobs, so the embedded PostgreSQL is always stopped in time.
    const closing = built
      ?.close()
      .catch((error: unknown) => console.error(`closing the server: ${String(error)}`));
    const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 10_000).unref());
    if ((await Promise.race([closing, late])) === 'late') console.error('the server did not close in 10 s');
    if (database?.embedded) console.error('stopping the embedded PostgreSQL');
    await database
      ?.close()
      .catch((error: unknown) => console.error(`closing the database: ${String(error)}`));
    process.exit(exitCode);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.once(signal, () => void stop(signal, 0));
  process.on('uncaughtException', (error) => {
    console.error(error);
    void stop('uncaught exception', 1);
  });
  process.on('unhandledRejection', (reason) => {
    console.error(reason);
    void stop('unhandled rejection', 1);
  });
  try {
    database = await openDatabase(config, log);
    await seedIfEmpty(database, {
      products: config.SEED_PRODUCTS,
      brandName: config.BRAND_NAME,
      helpPhone: config.HELP_PHONE,
      log,
    });
    built = await buildApp({ config, database });
    await built.app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    console.error(error);
    await stop('start failed', 1);
  }
}

await main();
