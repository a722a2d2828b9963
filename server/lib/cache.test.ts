// The answer cache's own rules: one computation shared by concurrent callers, nothing kept across
// an invalidation, entries for the whole catalogue never evicted to make room.
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { cacheGenerations, cached, invalidateCache, keepSentAnswer, peekCached, peekSentAnswer } from './cache.js';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('the answer cache', () => {
  it('shares one computation between concurrent callers and keeps its answer', async () => {
    const db = {} as Db;
    let runs = 0;
    const gate = deferred<string>();
    const compute = () => ((runs += 1), gate.promise);
    const both = Promise.all([cached(db, 'x', 'k', ['catalogue'], compute), cached(db, 'x', 'k', ['catalogue'], compute)]);
    gate.resolve('answer');
    expect(await both).toEqual(['answer', 'answer']);
    expect(await cached(db, 'x', 'k', ['catalogue'], compute)).toBe('answer');
    expect(runs).toBe(1);
    expect(peekCached(db, 'x', 'k')).toBe('answer');
  });

  it('keeps no answer computed across an invalidation, and shares the next run even after the old one ends', async () => {
    const db = {} as Db;
    const gates = [deferred<string>(), deferred<string>()];
    let runs = 0;
    const compute = () => gates[runs++]!.promise;
    const old = cached(db, 'x', 'k', ['facts'], compute);
    await Promise.resolve();
    invalidateCache(db, ['facts']);
    const fresh = cached(db, 'x', 'k', ['facts'], compute);
    gates[0]!.resolve('before the write');
    expect(await old).toBe('before the write');
    expect(peekCached(db, 'x', 'k')).toBeUndefined();
    // A caller arriving now joins the run started after the write rather than starting a third.
    const joined = cached(db, 'x', 'k', ['facts'], compute);
    gates[1]!.resolve('after the write');
    expect(await fresh).toBe('after the write');
    expect(await joined).toBe('after the write');
    expect(runs).toBe(2);
  });

  it('drops only the answers tagged with what changed', async () => {
    const db = {} as Db;
    await cached(db, 'facts', '', ['facts'], async () => 'facts', undefined, true);
    await cached(db, 'list', '', ['catalogue'], async () => 'list');
    invalidateCache(db, ['catalogue']);
    expect(peekCached(db, 'list', '')).toBeUndefined();
    expect(peekCached(db, 'facts', '', true)).toBe('facts');
    invalidateCache(db, ['facts']);
    expect(peekCached(db, 'facts', '', true)).toBeUndefined();
  });

  it('never evicts a kept entry to make room for others', async () => {
    const db = {} as Db;
    await cached(db, 'facts', '', ['facts'], async () => 'facts', undefined, true);
    await cached(db, 'first', '', ['catalogue'], async () => 'first');
    for (let i = 0; i < 5_000; i++) await cached(db, 'list', String(i), ['catalogue'], async () => i);
    expect(peekCached(db, 'first', '')).toBeUndefined(); // the oldest went
    expect(peekCached(db, 'facts', '', true)).toBe('facts');
  });

  it('keeps the bytes of a sent answer until a write to its tags, and none made across such a write', () => {
    const db = {} as Db;
    const before = cacheGenerations(db, ['catalogue']);
    expect(keepSentAnswer(db, 'br\u0000/api/products', ['catalogue'], before, 'bytes', 5)).toBe(true);
    expect(peekSentAnswer(db, 'br\u0000/api/products')).toBe('bytes');
    invalidateCache(db, ['news']);
    expect(peekSentAnswer(db, 'br\u0000/api/products')).toBe('bytes');
    invalidateCache(db, ['catalogue']);
    expect(peekSentAnswer(db, 'br\u0000/api/products')).toBeUndefined();
    // Its data read before the write, its bytes kept after it: they may show the old data.
    const stale = cacheGenerations(db, ['catalogue']);
    invalidateCache(db, ['catalogue']);
    expect(keepSentAnswer(db, 'br\u0000/api/products', ['catalogue'], stale, 'old bytes', 9)).toBe(false);
    expect(peekSentAnswer(db, 'br\u0000/api/products')).toBeUndefined();
  });
});
