import { describe, expect, it } from "vitest";
import { laneRows, MIN_BOX_HOURS } from "./lane-rows";

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < Math.max(b.end, b.start + MIN_BOX_HOURS) && b.start < Math.max(a.end, a.start + MIN_BOX_HOURS);

describe("laneRows", () => {
  it("puts three rides in one hour on three rows, none drawn over another", () => {
    const spans = [
      { start: 10, end: 11.5 },
      { start: 10.25, end: 11.75 },
      { start: 10.5, end: 12 },
    ];
    const { rows, count } = laneRows(spans);
    expect(count).toBe(3);
    expect(new Set(rows).size).toBe(3);
    for (let i = 0; i < spans.length; i++)
      for (let j = i + 1; j < spans.length; j++) if (rows[i] === rows[j]) expect(overlaps(spans[i]!, spans[j]!)).toBe(false);
  });

  it("keeps rides far apart on one row, and reuses a row once it is free", () => {
    expect(laneRows([{ start: 8, end: 9 }, { start: 14, end: 15 }])).toEqual({ rows: [0, 0], count: 1 });
    // The second starts before the first's box ends (boxes are drawn at least MIN_BOX_HOURS wide); the third after.
    expect(laneRows([{ start: 8, end: 9 }, { start: 9.5, end: 10 }, { start: 8 + MIN_BOX_HOURS, end: 12 }])).toEqual({ rows: [0, 1, 0], count: 2 });
  });

  it("an empty lane is one row high", () => {
    expect(laneRows([])).toEqual({ rows: [], count: 1 });
  });
});
