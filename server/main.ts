// Entry point: validates configuration, opens and migrates the database, seeds demo data on
// first start, serves the API and the built renderer, and shuts down gracefully. The app's module
// graph loads only after the configuration is valid, so a bad variable is reported at once.
import { ConfigError, loadConfig, type TConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';

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
  const { openDatabase } = await import('./db/client.js');
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

  // A signal during start-up (migrations, first-start seeding) waits for it to finish, so the
  // database is never cut off mid-write; a second one gives up at once.
  const running: { shutdown?: (signal: string) => Promise<void> } = {};
  let pendingSignal: string | undefined;
  const onSignal = (signal: string) => {
    if (running.shutdown) return void running.shutdown(signal);
    if (pendingSignal) process.exit(1);
    pendingSignal = signal;
    console.error(`${signal}: stopping once start-up has finished`);
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  const [{ buildApp }, { ensureSeeded }, { startScheduler }] = await Promise.all([
    import('./app.js'),
    import('./db/seed/index.js'),
    import('./scheduler.js'),
  ]);
  const app = await buildApp({ config, database });
  // What a start writes, one instance at a time: another instance starting beside this one on the
  // same empty PostgreSQL waits here while this one seeds, then finds the data and writes nothing.
  const startupWrites = database.startupWrites ?? ((run) => run());
  const { reindexStaleProducts } = await import('./lib/search/reindex.js');
  await startupWrites(
    async () => {
      await ensureSeeded(database.db, { demo: config.demo, products: config.SEED_PRODUCTS, log: (m) => app.log.info(m) });
      // Products indexed with an older search token scheme (a database from before it) are re-indexed.
      await reindexStaleProducts(database.db, (m) => app.log.info(m));
    },
    () => app.log.info('start-up: another instance is writing its start-up data; waiting for it'),
  );
  const scheduler = startScheduler(app, database);

  // Graceful stop: /api/ready turns 503, the listening socket closes (new connections go to the
  // other instances), kept-alive idle connections close, requests in flight finish, a running job
  // finishes and gives up the scheduler lead, then the pool closes. 10 s at most.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.lifecycle.shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing the requests in flight');
    const force = setTimeout(() => {
      console.error(`${signal}: requests still running after 10 s; exiting anyway`);
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // A kept-alive connection (nginx keeps some to each instance) that finishes its last request
      // while closing would hold the close open until its keep-alive timeout: close those as they idle.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
      await Promise.all([app.close(), scheduler.stop()]).finally(() => clearInterval(sweep));
      await database.close();
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  running.shutdown = shutdown;
  if (pendingSignal) return shutdown(pendingSignal);

  await app.listen({ host: config.HOST, port: config.PORT });
  // The first shop lists need the catalogue's facts: read them now rather than on the first visit.
  void (await import('./modules/catalogue/catalogue.service.js')).warmCatalogue(database.db).catch((err: unknown) => app.log.warn({ err }, 'catalogue facts not read at start: the first list reads them'));
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT; // PORT=0 picks a free port
  const shownHost = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  console.log(`\n  ${config.SITE_NAME} 已启动: http://${shownHost}:${port}  (数据库: ${database.kind}${database.kind === 'pglite' ? ` @ ${config.dataDir}` : ''})\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
