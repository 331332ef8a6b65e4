import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { stopOnSignal } from './stop-on-signal.ts';

function harness() {
  const signals = new EventEmitter();
  const exits: number[] = [];
  const said: string[] = [];
  let clock = 0;
  const stopper = stopOnSignal({
    signals,
    exit: (code) => exits.push(code),
    say: (line) => said.push(line),
    now: () => clock,
  });
  const dropped: string[] = [];
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    signals,
    exits,
    said,
    stopper,
    dropped,
    settle,
    tick: (ms: number) => {
      clock += ms;
    },
    /** The bench's cleanup: drop the database (recorded here). */
    cleanup: async (signal: NodeJS.Signals) => {
      dropped.push(`bp_bench_test dropped on ${signal}`);
    },
  };
}

describe('a benchmark stopped by a signal', () => {
  it('drops its database and exits 130 on Ctrl-C', async () => {
    const h = harness();
    h.stopper.setCleanup(h.cleanup);
    h.signals.emit('SIGINT', 'SIGINT');
    await h.settle();
    expect(h.dropped).toEqual(['bp_bench_test dropped on SIGINT']);
    expect(h.exits).toEqual([130]);
    expect(h.stopper.stopping).toBe('SIGINT');
  });

  it('exits 143 on SIGTERM after cleaning up', async () => {
    const h = harness();
    h.stopper.setCleanup(h.cleanup);
    h.signals.emit('SIGTERM', 'SIGTERM');
    await h.settle();
    expect(h.dropped).toEqual(['bp_bench_test dropped on SIGTERM']);
    expect(h.exits).toEqual([143]);
  });

  it('waits for set-up when the signal comes before the database exists, then drops it', async () => {
    const h = harness();
    h.signals.emit('SIGINT', 'SIGINT');
    await h.settle();
    expect(h.exits).toEqual([]);
    h.stopper.setCleanup(h.cleanup);
    await h.settle();
    expect(h.dropped).toEqual(['bp_bench_test dropped on SIGINT']);
    expect(h.exits).toEqual([130]);
  });

  it('cleans up once when Ctrl-C arrives twice at once (terminal and tsx)', async () => {
    const h = harness();
    h.stopper.setCleanup(h.cleanup);
    h.signals.emit('SIGINT', 'SIGINT');
    h.tick(5);
    h.signals.emit('SIGINT', 'SIGINT');
    await h.settle();
    expect(h.dropped).toHaveLength(1);
    expect(h.exits).toEqual([130]);
  });

  it('quits at once on a second Ctrl-C after the grace time', async () => {
    const h = harness();
    h.stopper.setCleanup(() => new Promise<void>(() => {}));
    h.signals.emit('SIGINT', 'SIGINT');
    h.tick(2500);
    h.signals.emit('SIGINT', 'SIGINT');
    expect(h.exits).toEqual([130]);
  });

  it('still exits when the cleanup fails, saying why', async () => {
    const h = harness();
    h.stopper.setCleanup(async () => {
      throw new Error('server gone');
    });
    h.signals.emit('SIGINT', 'SIGINT');
    await h.settle();
    expect(h.exits).toEqual([130]);
    expect(h.said.at(-1)).toBe('cleanup failed: server gone');
  });

  it('stops listening once the run ends by itself', () => {
    const h = harness();
    h.stopper.dispose();
    expect(h.signals.listenerCount('SIGINT')).toBe(0);
    expect(h.signals.listenerCount('SIGTERM')).toBe(0);
  });
});
