// The static packages are the spec's (section 9): names, prices, periods and bullet points.
import { describe, expect, it } from "vitest";
import { PRICING_PACKAGES, SERVICES, TESTIMONIALS, HERO_PROMISES } from "./content";

describe("marketing content", () => {
  it("has the three packages with the spec's prices and periods, only Premium marked Most Popular", () => {
    expect(PRICING_PACKAGES.map((p) => [p.name, p.priceUsd, p.period, Boolean(p.mostPopular)])).toEqual([
      ["Event Valet", 299, "per event", false],
      ["Premium Package", 599, "per event", true],
      ["Executive Transport", 899, "per month", false],
    ]);
  });

  it.each([
    ["Event Valet", ["50 vehicles", "4-hour window", "basic insurance"]],
    ["Premium Package", ["150 vehicles", "8-hour window", "comprehensive insurance", "dedicated manager", "real-time tracking"]],
    ["Executive Transport", ["unlimited rides", "24/7", "chauffeur", "airport transfers", "corporate billing"]],
  ])("%s lists each of the spec's points", (name, points) => {
    const features = PRICING_PACKAGES.find((p) => p.name === name)!.features.map((f) => f.toLowerCase());
    expect(features).toHaveLength(points.length);
    points.forEach((point, i) => expect(features[i]).toContain(point));
  });

  it("shows four testimonials, four services and the hero's three promises", () => {
    expect(TESTIMONIALS).toHaveLength(4);
    expect(new Set(TESTIMONIALS.map((t) => t.name)).size).toBe(4);
    expect(SERVICES.map((s) => s.title)).toEqual(["Valet Parking", "Executive Transport", "Event Services", "Airport Transfers"]);
    expect(HERO_PROMISES.map((p) => p.title)).toEqual(["Instant smart pricing", "Secure checkout", "Impeccable service"]);
  });
});
