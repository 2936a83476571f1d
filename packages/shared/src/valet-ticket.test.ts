import { describe, expect, it } from "vitest";
import {
  checkValetTransition,
  nextValetStatuses,
  normalizeKeyTag,
  normalizePlate,
  sniffImageType,
  valetCheckInSchema,
  valetStatuses,
} from "./valet-ticket";
import { toE164 } from "./phone";

describe("the valet ticket's state table", () => {
  it("is the issue's lifecycle: checked in -> parked -> requested -> retrieving -> ready -> delivered, plus cancelled and re-park", () => {
    expect(Object.fromEntries(valetStatuses.map((s) => [s, nextValetStatuses(s)]))).toEqual({
      checked_in: ["parked", "requested", "cancelled"],
      parked: ["requested", "cancelled"],
      requested: ["retrieving", "parked"],
      retrieving: ["ready", "parked"],
      ready: ["delivered", "parked"],
      delivered: [],
      cancelled: [],
    });
  });

  it.each([
    ["parked", "requested", true],
    ["checked_in", "requested", true],
    ["requested", "parked", true],
    ["requested", "requested", false],
    ["retrieving", "parked", false],
    ["ready", "delivered", false],
    ["parked", "retrieving", false],
  ] as const)("a guest moving %s -> %s: allowed %s", (from, to, ok) => {
    expect(checkValetTransition(from, to, "guest").ok).toBe(ok);
  });

  it("explains a refused move", () => {
    expect(checkValetTransition("delivered", "parked")).toEqual({ ok: false, message: "A ticket cannot move from Delivered to Parked. Delivered is a final status." });
    expect(checkValetTransition("parked", "ready")).toEqual({ ok: false, message: "A ticket cannot move from Parked to Ready. From Parked it can only move to Requested or Cancelled." });
    expect(checkValetTransition("requested", "requested", "guest")).toEqual({ ok: false, message: "You have already requested your car." });
  });
});

describe("check-in input", () => {
  it.each([
    ["(310) 555-0199", "+13105550199"],
    ["310.555.0199", "+13105550199"],
    ["1 310 555 0199", "+13105550199"],
    ["+44 20 7946 0958", "+442079460958"],
    ["555-0199", null],
    ["call me", null],
    ["+1", null],
  ])("phone %s -> %s", (input, out) => expect(toE164(input)).toBe(out));

  it.each([
    ["7abc 123", "7ABC123"],
    ["ab-12", "AB12"],
    ["A", null],
    ["TOOLONGPLATE1", null],
    ["7AB!", null],
  ])("plate %s -> %s", (input, out) => expect(normalizePlate(input)).toBe(out));

  it.each([
    ["k-042", "K-042"],
    ["12", "12"],
    ["-K1", null],
    ["K 0 4 2 ###", null],
  ])("key tag %s -> %s", (input, out) => expect(normalizeKeyTag(input)).toBe(out));

  it("needs a phone or an e-mail", () => {
    const base = { plate: "7ABC123", make: "Audi", model: "A8", colour: "Grey", keyTag: "K1", stand: "Main" };
    expect(valetCheckInSchema.safeParse(base).success).toBe(false);
    expect(valetCheckInSchema.safeParse({ ...base, guestEmail: "a@b.co" }).success).toBe(true);
  });
});

describe("image types from the bytes", () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
  it.each([
    [bytes(0xff, 0xd8, 0xff, 0xe0), "image/jpeg"],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), "image/png"],
    [bytes(...ascii("RIFF"), 0, 0, 0, 0, ...ascii("WEBP")), "image/webp"],
    [bytes(0, 0, 0, 24, ...ascii("ftypheic")), "image/heic"],
    [bytes(...ascii("GIF89a")), null],
    [bytes(...ascii("<?php")), null],
  ])("%#", (b, type) => expect(sniffImageType(b)).toBe(type));
});
