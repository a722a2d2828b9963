// The server's clock for the trade rules (deadlines, validity, the scheduler's "now"). It reads the
// contracts' tradeClock so request validation (报价截止日期不能早于今天) and the services agree on
// what "now" is; tests move it forward to pass deadlines without waiting.
import { tradeClock } from '../../contracts/time.js';

export const clock = {
  /** Milliseconds since the epoch. */
  now: (): number => tradeClock.now(),
  date: (): Date => new Date(tradeClock.now()),
};

let offsetMs = 0;

/** Tests only: moves the clock `ms` forward (cumulative). */
export function advanceClock(ms: number) {
  offsetMs += ms;
  tradeClock.now = () => Date.now() + offsetMs;
}

/** Tests only: back to the wall clock. */
export function resetClock() {
  offsetMs = 0;
  tradeClock.now = () => Date.now();
}
