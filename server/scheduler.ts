// Periodic jobs: expiries of the trade model and pruning of throttle counters. Each job is
// idempotent and derives its work from the database, so a restart loses nothing.
import type { FastifyInstance } from 'fastify';
import { pruneEvents } from './lib/throttle.js';

export type TJob = { name: string; everyMs: number; run: (app: FastifyInstance) => Promise<void> };

const jobs: TJob[] = [{ name: 'prune-rate-events', everyMs: 60 * 60 * 1000, run: (app) => pruneEvents(app.db) }];

export const registerJob = (job: TJob) => jobs.push(job);

export function startScheduler(app: FastifyInstance) {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    const tick = () =>
      job.run(app).catch((err) => {
        app.log.error({ err, job: job.name }, 'scheduled job failed');
      });
    void tick();
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    timers.push(timer);
  }
  return { stop: () => timers.forEach(clearInterval) };
}
