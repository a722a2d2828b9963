// Periodic jobs: expiries of the trade model, pruning of throttle counters and, on the embedded
// database, vacuuming the tables views are counted in. Each job is
// idempotent and derives its work from the database, so a restart loses nothing.
//
// With several instances on one PostgreSQL only one runs the jobs: the leader, the process that
// holds a session-level advisory lock on a connection of its own. Every tick the others try to take
// it, so when the leader stops (or its connection dies) another one leads within a tick. PGlite
// has one process per data folder, which is always the leader.
import type { FastifyInstance } from 'fastify';
import type { TDatabase } from './db/client.js';
import { SCHEDULER_LOCK_KEY } from './db/lock.js';
import { pruneEvents } from './lib/throttle.js';
import { vacuumIfDue } from './lib/view-counts.js';

export type TJob = { name: string; everyMs: number; run: (app: FastifyInstance) => Promise<void> };

const jobs: TJob[] = [
  { name: 'prune-rate-events', everyMs: 60 * 60 * 1000, run: (app) => pruneEvents(app.db) },
  // PGlite runs no autovacuum: the tables views are counted in are vacuumed here once due (the first
  // check, at start, finds nothing rewritten yet; the next, 10 minutes on, vacuums if views were counted).
  { name: 'vacuum-embedded-database', everyMs: 10 * 60 * 1000, run: async (app) => void (app.dbKind === 'pglite' && (await vacuumIfDue(app.db))) },
];

export const registerJob = (job: TJob) => jobs.push(job);

/** How often a follower checks whether it can lead, and the leader whether a job is due. */
const TICK_MS = 5_000;

export function startScheduler(app: FastifyInstance, database: Pick<TDatabase, 'leaderLock'>, opts: { tickMs?: number } = {}) {
  const leader = database.leaderLock?.(SCHEDULER_LOCK_KEY);
  const lastRun = new Map<string, number>();
  let leading = !leader;
  let stopped = false;
  let running: Promise<void> | undefined;

  const tick = async () => {
    if (leader) {
      const now = await leader.acquire();
      if (now !== leading) app.log.info(now ? 'scheduler: this instance now runs the scheduled jobs' : 'scheduler: lost the lead of the scheduled jobs');
      leading = now;
      if (!now) return;
    }
    for (const job of jobs) {
      if (stopped) return;
      const last = lastRun.get(job.name);
      if (last !== undefined && Date.now() - last < job.everyMs) continue;
      lastRun.set(job.name, Date.now());
      app.metrics?.jobRuns.inc({ job: job.name });
      try {
        await job.run(app);
      } catch (err) {
        app.metrics?.jobFailures.inc({ job: job.name });
        app.log.error({ err, job: job.name }, 'scheduled job failed');
      }
    }
  };
  const schedule = () => {
    if (stopped || running) return;
    running = tick()
      .catch((err: unknown) => app.log.error({ err }, 'scheduler tick failed'))
      .finally(() => (running = undefined));
  };
  schedule();
  const timer = setInterval(schedule, opts.tickMs ?? TICK_MS);
  timer.unref();
  return {
    /** Stops ticking, waits for a job in progress and gives up the lead. */
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      await leader?.release();
    },
  };
}
