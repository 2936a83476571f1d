import { describe, expect, it } from "vitest";
import { withArticle } from "./words";

describe("withArticle", () => {
  it.each([
    ["Executive Sedan", "an Executive Sedan"],
    ["Luxury SUV", "a Luxury SUV"],
    ["SUV", "an SUV"],
    ["Admin", "an Admin"],
    ["Valet Attendant", "a Valet Attendant"],
    ["Chauffeur", "a Chauffeur"],
    ["Ultra Limousine", "an Ultra Limousine"],
    ["Unique Coupe", "a Unique Coupe"],
    ["hour-long ride", "an hour-long ride"],
    ["Dispatcher", "a Dispatcher"],
    ["VIP Sprinter", "a VIP Sprinter"],
    ["ride", "a ride"],
    ["Escalade", "an Escalade"],
  ])("%s -> %s", (word, expected) => {
    expect(withArticle(word)).toBe(expected);
  });
});
