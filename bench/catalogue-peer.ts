import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { connect } from '../apps/server/src/db/client';

/**
 * The other instance of bench:catalogue's out-of-rotation rebuild: an instance on the same database
 * (DATABASE_URL), in a process of its own so that its memory is not the measured one's. Prints `serving`
 * once its index serves; stops on SIGTERM.
 */
const config = loadConfig(process.env);
const database = connect(config.DATABASE_URL!, 6);
const shop = await buildApp({ config, database, logger: false, web: false, jobs: false });
await shop.app.listen({ port: 0, host: '127.0.0.1' });
console.log('serving');
process.once('SIGTERM', () => {
  void shop
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
