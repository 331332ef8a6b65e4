/**
 * Ctrl-C (SIGINT) or a kill (SIGTERM) ends a benchmark run as its end does (bench/README.md): the
 * servers close and the throwaway database is dropped, then the process exits 130 (SIGINT) or 143
 * (SIGTERM). A signal during set-up waits for the database to exist (`setCleanup`), then cleans up at
 * once. Ctrl-C reaches the process twice within milliseconds (from the terminal, and relayed by tsx),
 * so a repeat within `graceMs` is the same request; a repeat after it quits at once.
 */
export interface StopOnSignal {
  /** The signal that stopped the run, or null while it runs. */
  readonly stopping: NodeJS.Signals | null;
  /** What a stop must do; when a signal came already, it runs now. */
  setCleanup(cleanup: (signal: NodeJS.Signals) => Promise<void>): void;
  /** The run ended by itself: stop listening. */
  dispose(): void;
}

export interface StopOnSignalDeps {
  /** Where signals come from (process). */
  signals: Pick<NodeJS.EventEmitter, 'on' | 'removeListener'>;
  exit: (code: number) => void;
  say: (line: string) => void;
  now?: () => number;
  graceMs?: number;
}

export const exitCodeOf = (signal: NodeJS.Signals) => (signal === 'SIGTERM' ? 143 : 130);

export function stopOnSignal(deps: StopOnSignalDeps): StopOnSignal {
  const now = deps.now ?? (() => performance.now());
  const graceMs = deps.graceMs ?? 2000;
  let stopping: NodeJS.Signals | null = null;
  let since = 0;
  let cleanup: ((signal: NodeJS.Signals) => Promise<void>) | null = null;
  let started = false;
  const run = async (signal: NodeJS.Signals) => {
    if (started || !cleanup) return;
    started = true;
    try {
      await cleanup(signal);
    } catch (error) {
      deps.say(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    deps.exit(exitCodeOf(signal));
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (now() - since > graceMs) deps.exit(exitCodeOf(signal));
      return;
    }
    stopping = signal;
    since = now();
    deps.say(`${signal}: stopping; closing and dropping the benchmark's database (again to quit at once)`);
    void run(signal);
  };
  deps.signals.on('SIGINT', onSignal);
  deps.signals.on('SIGTERM', onSignal);
  return {
    get stopping() {
      return stopping;
    },
    setCleanup(fn) {
      cleanup = fn;
      if (stopping) void run(stopping);
    },
    dispose() {
      deps.signals.removeListener('SIGINT', onSignal);
      deps.signals.removeListener('SIGTERM', onSignal);
    },
  };
}
