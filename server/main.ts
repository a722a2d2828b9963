// Entry point: validates configuration, opens and migrates the database, seeds demo data on
// first start, serves the API and the built renderer, and shuts down gracefully.
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type TConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/lock.js';
import { ensureSeeded } from './db/seed/index.js';
import { startScheduler } from './scheduler.js';

async function main() {
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(75);
    }
    throw err;
  }
  const app = await buildApp({ config, database });
  await ensureSeeded(database.db, { demo: config.demo, products: config.SEED_PRODUCTS, log: (m) => app.log.info(m) });
  const scheduler = startScheduler(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    scheduler.stop();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const shownHost = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  console.log(`\n  ${config.SITE_NAME} 已启动: http://${shownHost}:${config.PORT}  (数据库: ${database.kind}${database.kind === 'pglite' ? ` @ ${config.dataDir}` : ''})\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
