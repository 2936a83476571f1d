// Natural batching (batched.ts): a quiet moment's call is served at once and alone; calls that arrive meanwhile are
// served together, in order, each with its own answer or error.
import { describe, expect, it } from "vitest";
import { batched } from "./batched";

describe("batched", () => {
  it("serves the first call alone, then the calls that waited together, in arrival order, each its own answer", async () => {
    const batches: number[][] = [];
    const double = batched(async (items: number[]) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      return items.map((n) => (n === 4 ? { error: new Error("four") } : { value: n * 2 }));
    }, 3);
    const calls = [1, 2, 3, 4, 5, 6].map((n) => double(n));
    const settled = await Promise.allSettled(calls);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([2, 4, 6, "four", 10, 12]);
    // Quiet again: the next call is served at once.
    expect(await double(7)).toBe(14);
    expect(batches.at(-1)).toEqual([7]);
  });

  it("fails every call of a batch that throws, and serves the next batch", async () => {
    let fail = true;
    const echo = batched(async (items: string[]) => {
      await Promise.resolve();
      if (fail) throw new Error("database down");
      return items.map((value) => ({ value }));
    });
    const first = await Promise.allSettled([echo("a"), echo("b"), echo("c")]);
    expect(first.map((s) => s.status)).toEqual(["rejected", "rejected", "rejected"]);
    fail = false;
    expect(await Promise.all([echo("d"), echo("e")])).toEqual(["d", "e"]);
  });

  it("fails the calls of a batch answered with fewer answers than calls, and says so", async () => {
    const short = batched(async (items: number[]) => items.slice(1).map((value) => ({ value })));
    const settled = await Promise.allSettled([short(1), short(2), short(3)]);
    expect(settled.map((s) => (s.status === "rejected" ? (s.reason as Error).message : "fulfilled"))).toEqual([
      "batched: 0 answers for 1 calls",
      "batched: 1 answers for 2 calls",
      "batched: 1 answers for 2 calls",
    ]);
  });
});
