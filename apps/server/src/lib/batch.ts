// Writes of concurrent requests made together: `add` queues an item and resolves (or rejects) when the batch
// holding it is written. The first item waits for the end of the event-loop turn (setImmediate); then one batch
// is written at a time, and items added meanwhile make the next one. So concurrent requests share one
// statement and round trip instead of one each. Used for the booking's after-commit writes (the realtime
// NOTIFY, the e-mail rows).
export type Batcher<T> = {
  add(item: T): Promise<void>;
  /** Resolves when everything added so far is written (or failed). */
  idle(): Promise<void>;
};

export function createBatcher<T>(write: (items: T[]) => Promise<void>, maxItems = 100): Batcher<T> {
  const pending: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let running: Promise<void> | null = null;

  const run = async () => {
    await new Promise((r) => setImmediate(r));
    while (pending.length) {
      const batch = pending.splice(0, maxItems);
      try {
        await write(batch.map((p) => p.item));
        for (const p of batch) p.resolve();
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
    }
    running = null;
  };

  return {
    add(item) {
      const added = new Promise<void>((resolve, reject) => pending.push({ item, resolve, reject }));
      running ??= run();
      return added;
    },
    async idle() {
      while (running) await running;
    },
  };
}
