import { loadConfigOrExit } from './config';
import { openDatabase, type OpenDatabase } from './db/open';
import { buildApp, type App } from './app';
import { seedConfiguredShop } from './seed/seed';
import { serverClock } from './clock';

/**
 * config → database → seed on first start → modules → web → listen. Every way out it can see (a signal,
 * an uncaught error) stops the embedded PostgreSQL, so a crash never leaves one running without its shop.
 * SIGTERM drains first: not ready for DRAIN_NOTICE_MS, then the requests in flight finish (10 s at most)
 * and open event streams are sent to reconnect elsewhere, then PostgreSQL stops; at most DRAIN_NOTICE_MS +
 * 20 s in all.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const log = (message: string) => console.log(message);
  let database: OpenDatabase | undefined;
  let built: App | undefined;
  let stopping = false;
  const stop = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    console.error(`${reason}: shutting down`);
    // Whatever hangs on the way out (a request that never ends), the process still leaves.
    const notice = reason === 'SIGTERM' && built ? config.DRAIN_NOTICE_MS : 0;
    setTimeout(() => process.exit(exitCode), notice + 20_000).unref();
    // A deploy's stop (SIGTERM; Ctrl-C stops at once) drains: /api/ready turns 503 at once, and new
    // requests keep being answered until the load balancer has noticed and sends them elsewhere.
    if (notice > 0) {
      built?.drain();
      await new Promise((resolve) => setTimeout(resolve, notice));
    }
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
  // A signal often comes twice (npm start forwards it and a supervisor signals the whole group): with no
  // listener left, the second would end the process at once, leaving an adopted PostgreSQL — which is not
  // in this process group, so nothing else stops it — running. Repeats are ignored; stop() has its deadline.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void stop(signal, 0));
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
    await seedConfiguredShop(database.url, config, log);
    built = await buildApp({ config, database, clock: serverClock(config.CLOCK_OFFSET_FILE, log) });
    await built.app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    console.error(error);
    await stop('start failed', 1);
  }
}

await main();
