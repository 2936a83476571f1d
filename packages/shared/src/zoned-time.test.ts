import { describe, expect, it } from "vitest";
import { wallClock, zonedInstant } from "./zoned-time";

const LA = "America/Los_Angeles";

describe("wallClock", () => {
  it("reads the zone's clock across the spring-forward and fall-back changes, asked once or many times", () => {
    // 2026-03-08 02:00 PST -> 03:00 PDT; 2026-11-01 02:00 PDT -> 01:00 PST.
    const cases: [string, string, string][] = [
      ["2026-03-08T09:59:00Z", "2026-03-08", "01:59"],
      ["2026-03-08T10:00:00Z", "2026-03-08", "03:00"],
      ["2026-11-01T08:30:00Z", "2026-11-01", "01:30"],
      ["2026-11-01T09:30:00Z", "2026-11-01", "01:30"],
      ["2026-11-01T10:00:00Z", "2026-11-01", "02:00"],
      ["2026-11-27T07:59:00Z", "2026-11-26", "23:59"],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [iso, date, time] of cases) expect(wallClock(new Date(iso), LA)).toEqual({ date, time });
    }
    expect(wallClock(new Date("2026-11-27T07:59:00Z"), "Asia/Tokyo")).toEqual({ date: "2026-11-27", time: "16:59" });
  });

  it("answers instants between whole minutes too", () => {
    expect(wallClock(new Date("2026-11-27T07:59:59.999Z"), LA)).toEqual({ date: "2026-11-26", time: "23:59" });
    expect(wallClock(new Date("2026-11-27T08:00:00.001Z"), LA)).toEqual({ date: "2026-11-27", time: "00:00" });
  });

  it("gives each caller its own answer: changing one does not change the next", () => {
    const at = zonedInstant("2026-12-01", "10:15", LA);
    const first = wallClock(at, LA);
    first.time = "changed";
    expect(wallClock(at, LA)).toEqual({ date: "2026-12-01", time: "10:15" });
  });
});
