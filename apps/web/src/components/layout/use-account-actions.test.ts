import { describe, expect, it } from "vitest";
import { initialsOf } from "./use-account-actions";

describe("initialsOf", () => {
  it.each([
    ["Victoria Ashford", "VA"],
    ["celeste", "C"],
    ["  Jean  Paul   Sartre ", "JS"],
    ["User", "U"],
    ["", "U"],
  ])("%j -> %s", (name, initials) => expect(initialsOf(name)).toBe(initials));
});
