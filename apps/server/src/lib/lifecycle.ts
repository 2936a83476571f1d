// The server process's shutdown as the app sees it: once `stop()` is called (SIGTERM), the readiness check
// answers 503 so a load balancer sends no more, and open Server-Sent Event streams end with a retry hint so
// their browsers reconnect (to another instance, or to this one once it is back). Work kept in memory (the
// quote counts) is written out by `close()`, after the server has stopped answering and before the database closes.
export type Lifecycle = {
  readonly stopping: boolean;
  stop(): void;
  /** Calls `listener` on stop (at once if already stopped); returns an unsubscribe function. */
  onStop(listener: () => void): () => void;
  /** Work to finish before the database closes (e.g. flushing counters kept in memory). */
  beforeClose(task: () => Promise<void>): void;
  /** Runs every beforeClose task (once each; failures are the tasks' own to log); call just before closing the database. */
  close(): Promise<void>;
};

export function createLifecycle(): Lifecycle {
  const listeners = new Set<() => void>();
  const closers: (() => Promise<void>)[] = [];
  let stopping = false;
  return {
    get stopping() {
      return stopping;
    },
    stop() {
      if (stopping) return;
      stopping = true;
      for (const listener of [...listeners]) listener();
      listeners.clear();
    },
    onStop(listener) {
      if (stopping) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    beforeClose(task) {
      closers.push(task);
    },
    async close() {
      const tasks = closers.splice(0);
      await Promise.allSettled(tasks.map((task) => task()));
    },
  };
}
