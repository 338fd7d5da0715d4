import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Anticipation, type PrefetchingEngine } from './anticipation.ts';

/** An engine that records prefetches and cancellations. */
function fakeEngine() {
  const log: string[] = [];
  let busy = false;
  const engine: PrefetchingEngine = {
    prefetch: (song, audition) => {
      log.push(`fetch ${audition ? 'a' : 'p'}${song.id}`);
      return true;
    },
    cancelPrefetches: (keep) => void log.push(`cancel except ${[...(keep ?? [])].join(',')}`),
    busy: () => busy,
  };
  return { engine, log, setBusy: (b: boolean) => (busy = b) };
}

/** A page whose visibility the test switches. */
function fakeDocument() {
  const listeners: (() => void)[] = [];
  const doc = {
    hidden: false,
    addEventListener: (_: string, l: () => void) => void listeners.push(l),
  } as unknown as Document & { hidden: boolean };
  return {
    doc,
    setHidden(hidden: boolean) {
      (doc as { hidden: boolean }).hidden = hidden;
      for (const l of listeners) l();
    },
  };
}

const row = (id: number, bytes = 1000, audition = false) => ({
  song: { id, auditionCode: `c${id}` },
  audition,
  bytes,
});

describe('Anticipation', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('fetches the rows wanted, likeliest first, after the pointer settles', () => {
    const { engine, log } = fakeEngine();
    const a = new Anticipation(engine, { settleMs: 40, document: fakeDocument().doc });
    a.want([row(1)]);
    vi.advanceTimersByTime(20);
    a.want([row(2), row(3, 1000, true)]); // the pointer moved on: row 1 is not wanted now
    vi.advanceTimersByTime(39);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['cancel except play:2,audition:c3', 'fetch p2', 'fetch a3']);
  });

  it('stays within its byte budget', () => {
    const { engine, log } = fakeEngine();
    const a = new Anticipation(engine, { maxBytes: 2500, document: fakeDocument().doc });
    a.want([row(1), row(2), row(3), row(4)]);
    vi.runAllTimers();
    expect(log.filter((l) => l.startsWith('fetch'))).toEqual(['fetch p1', 'fetch p2']);
  });

  it('waits while a played track loads, so it never competes with the click', () => {
    const { engine, log, setBusy } = fakeEngine();
    const a = new Anticipation(engine, { settleMs: 0, retryMs: 30, document: fakeDocument().doc });
    setBusy(true);
    a.want([row(5)]);
    vi.advanceTimersByTime(100);
    expect(log).toEqual([]);
    setBusy(false);
    vi.advanceTimersByTime(30);
    expect(log).toContain('fetch p5');
  });

  it('stops when the page is hidden and resumes when it is shown', () => {
    const { engine, log } = fakeEngine();
    const page = fakeDocument();
    const a = new Anticipation(engine, { settleMs: 0, document: page.doc });
    page.setHidden(true);
    expect(log).toEqual(['cancel except ']);
    a.want([row(7)]);
    vi.runAllTimers();
    expect(log).toEqual(['cancel except ']);
    page.setHidden(false);
    vi.runAllTimers();
    expect(log.at(-1)).toBe('fetch p7');
  });
});
