// The storage keeps its context across awaits like any AsyncLocalStorage, and lets Node's promise hooks go once
// its runs have been over for a quiet moment: a promise reaction then runs with no async id of its own.
import { beforeAll, describe, expect, it } from "vitest";
import { promiseHooksOffWithin, reactionId } from "../test/helpers";
import { IdleOffStorage, STORAGE_IDLE_MS } from "./idle-off-storage";

const QUIET_MS = 40;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("IdleOffStorage", () => {
  // Promise hooks are the process's: storages of an earlier test file in this worker let them go first.
  beforeAll(() => promiseHooksOffWithin(STORAGE_IDLE_MS + 5_000), 15_000);

  it("keeps each run's store across awaits, concurrent runs apart", async () => {
    const storage = new IdleOffStorage<string>(QUIET_MS);
    const seen = await Promise.all(
      ["a", "b", "c"].map((store, i) =>
        storage.run(store, async () => {
          await sleep(5 * (3 - i));
          await Promise.resolve();
          return storage.getStore();
        }),
      ),
    );
    expect(seen).toEqual(["a", "b", "c"]);
    expect(storage.getStore()).toBeUndefined();
  });

  it("switches the promise hooks off a quiet moment after its last run, and on again for the next", async () => {
    const storage = new IdleOffStorage<number>(QUIET_MS);
    await storage.run(1, async () => {
      // A run lasting longer than the quiet moment keeps the hooks on throughout.
      await sleep(QUIET_MS * 3);
      expect(storage.getStore()).toBe(1);
      expect(await reactionId()).not.toBe(0);
    });
    expect(storage.on).toBe(true);
    expect(await reactionId()).not.toBe(0);

    await sleep(QUIET_MS * 3);
    expect(storage.on).toBe(false);
    expect(await reactionId()).toBe(0);

    const again = await storage.run(2, async () => {
      await sleep(1);
      return storage.getStore();
    });
    expect(again).toBe(2);
    expect(await reactionId()).not.toBe(0);
    await sleep(QUIET_MS * 3);
    expect(await reactionId()).toBe(0);
  });

  it("stays on while any run is still in progress, and counts a run that threw as ended", async () => {
    const storage = new IdleOffStorage<string>(QUIET_MS);
    expect(() =>
      storage.run("sync", () => {
        throw new Error("refused");
      }),
    ).toThrow("refused");
    let finish = () => {};
    const long = storage.run("long", async () => {
      await new Promise<void>((r) => (finish = r));
      return storage.getStore();
    });
    await storage.run("short", async () => sleep(1));
    await expect(storage.run("rejects", async () => Promise.reject(new Error("declined")))).rejects.toThrow("declined");
    await sleep(QUIET_MS * 3);
    expect(storage.on).toBe(true);
    finish();
    expect(await long).toBe("long");
    await sleep(QUIET_MS * 3);
    expect(storage.on).toBe(false);
  });
});
