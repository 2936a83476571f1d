// On Node 20 an AsyncLocalStorage, once it has run anything, keeps Node's promise hooks on for the life of the
// process: every promise made afterwards, in every request, pays for the context bookkeeping (a loop of awaited
// promises runs 2-2.5 times slower with it on). better-auth keeps its request context in three of them, so a single
// sign-in switched the hooks on for every booking and valet move after it. This storage switches them off again once
// none of its runs has been in progress for a quiet moment (decision 024); its next run switches them on again.
import { AsyncLocalStorage } from "node:async_hooks";

/** How long after its last run ended an IdleOffStorage lets Node's promise hooks go (unless another storage is on). */
export const STORAGE_IDLE_MS = 2_000;

export class IdleOffStorage<T> extends AsyncLocalStorage<T> {
  #running = 0;
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = STORAGE_IDLE_MS) {
    super();
  }

  /** Whether the storage holds Node's promise hooks on (a run in progress, or one ended within the quiet moment). */
  get on(): boolean {
    return this.#running > 0 || this.#timer !== null;
  }

  override run<R>(store: T, callback: () => R): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R;
  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    this.#running++;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    let result: R;
    try {
      result = super.run(store, callback, ...args);
    } catch (err) {
      this.#ended();
      throw err;
    }
    // An async callback's run lasts until its promise settles (the promise handed back rejects as the callback's did).
    if (result instanceof Promise) return result.finally(this.#ended) as R;
    this.#ended();
    return result;
  }

  #ended = () => {
    if (--this.#running > 0) return;
    // A run started meanwhile clears this timer: when it fires, no run is in progress.
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.disable();
    }, this.idleMs);
    this.#timer.unref();
  };
}
