import { describe, expect, it } from "vitest";
import { formatPhone, phoneSchema, PHONE_MESSAGE, requiredPhoneSchema, toE164 } from "./phone";

describe("phone numbers", () => {
  it.each([
    ["(310) 555-0199", "+13105550199"],
    ["310.555.0199", "+13105550199"],
    ["  +1 310 555 0199 ", "+13105550199"],
    ["1-213-555-1234", "+12135551234"],
    ["+44 20 7946 0958", "+442079460958"],
    ["+33 1 42 68 53 00", "+33142685300"],
    ["+81 3-1234-5678", "+81312345678"],
    ["+972 3-123-4567", "+97231234567"],
    ["0000000000", null],
    ["++++++++++++", null],
    ["555-CALL-NOW", null],
    ["1234567890", null],
    ["+1 555 555 5555", null],
    ["12345", null],
    ["+", null],
    ["3105550199 ext. 12", null],
    ["+1 310 555 0199 +1", null],
  ])("%j -> %s", (input, e164) => {
    expect(toE164(input)).toBe(e164);
  });

  it("the schemas answer E.164 or the field message; the optional one accepts an empty field", () => {
    expect(phoneSchema.parse("(310) 555-0199")).toBe("+13105550199");
    expect(phoneSchema.parse("  ")).toBe("");
    expect(phoneSchema.safeParse("555-CALL-NOW").error?.issues[0]?.message).toBe(PHONE_MESSAGE);
    expect(requiredPhoneSchema.safeParse("").error?.issues[0]?.message).toBe(PHONE_MESSAGE);
  });

  it("formats a US number nationally and a foreign one internationally", () => {
    expect(formatPhone("+13105550199")).toBe("(310) 555-0199");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
  });
});
