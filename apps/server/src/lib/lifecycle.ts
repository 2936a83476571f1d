// The server process's shutdown as the app sees it: once `stop()` is called (SIGTERM), the readiness check
// answers 503 so a load balancer sends no more, and open Server-Sent Event streams end with a retry hint so
// their browsers reconnect (to another instance, or to this one once it is back).
export type Lifecycle = {
  readonly stopping: boolean;
  stop(): void;
  /** Calls `listener` on stop (at once if already stopped); returns an unsubscribe function. */
  onStop(listener: () => void): () => void;
};

export function createLifecycle(): Lifecycle {
  const listeners = new Set<() => void>();
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
  };
}
