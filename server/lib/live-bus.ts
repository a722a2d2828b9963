// The live-notification bus of a server process: the NOTIFYs of migrations 0012 and 0020 (channel
// yct_live, received on the process's one database listener, server/lib/db-listener.ts) turned into
// events for the open notification streams. On PGlite the same NOTIFYs arrive in-process.
import { LIVE_ENTITIES, type TLiveEntity } from '../../contracts/live.js';
import type { TChannelHandler } from './db-listener.js';

export const LIVE_CHANNEL = 'yct_live';

export type TLiveEvent =
  /** A new notice for the member (memberId null: an announcement to every member). */
  | { type: 'notice'; memberId: number | null }
  /** The member's unread count changed. */
  | { type: 'count'; memberId: number }
  /** The session was revoked: its streams end. */
  | { type: 'revoked'; sessionId: number }
  /** A write changed what the member's (or every admin's) open pages show (migration 0020). */
  | { type: 'change'; target: number | 'admin'; entity: TLiveEntity; id: number }
  /** Events may have been missed: every stream looks again. */
  | { type: 'gap' };

const CHANGE = /^x:(admin|\d{1,12}):([a-z]{1,16}):(\d{1,12})$/;

export function parseLivePayload(payload: string | undefined): TLiveEvent | null {
  const x = CHANGE.exec(payload ?? '');
  if (x) {
    const entity = x[2] as TLiveEntity;
    if (!LIVE_ENTITIES.includes(entity)) return null;
    return { type: 'change', target: x[1] === 'admin' ? 'admin' : Number(x[1]), entity, id: Number(x[3]) };
  }
  const m = /^([ncs]):(\*|\d{1,12})$/.exec(payload ?? '');
  if (!m) return null;
  const id = m[2] === '*' ? null : Number(m[2]);
  if (m[1] === 'n') return { type: 'notice', memberId: id };
  if (id === null) return null;
  return m[1] === 'c' ? { type: 'count', memberId: id } : { type: 'revoked', sessionId: id };
}

export class LiveBus {
  private listeners = new Set<(e: TLiveEvent) => void>();

  subscribe(listener: (e: TLiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  publish(e: TLiveEvent) {
    for (const l of this.listeners) l(e);
  }

  /** This bus's side of the process's database listener. */
  handler(): TChannelHandler {
    return {
      channel: LIVE_CHANNEL,
      onMessage: (payload) => {
        const e = parseLivePayload(payload);
        if (e) this.publish(e);
      },
      onGap: () => this.publish({ type: 'gap' }),
    };
  }
}
