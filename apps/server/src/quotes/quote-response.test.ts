import { describe, expect, it } from "vitest";
import type { QuoteResponse } from "@meridian/shared/booking";
import { quoteResponseJson } from "./quote.service";

const place = (id: string, name = `Place "${id}"`) => ({
  placeId: id,
  name,
  address: "1 Main St, Los Angeles, CA",
  lat: 34.05,
  lng: -118.25,
  precision: "address" as const,
  components: [{ types: ["locality", "political"], longName: "Los Angeles", shortName: "LA" }],
});

describe("quoteResponseJson", () => {
  it("is byte for byte JSON.stringify of the response, with places served from their cache on repeat", () => {
    const response: QuoteResponse = {
      quoteId: "abc.def",
      expiresAt: "2026-01-01T00:00:00.000Z",
      quote: {
        method: "miles_minutes",
        vehicleTypeId: "v1",
        vehicleName: "Sedan",
        miles: 12.3,
        minutes: 20,
        currency: "USD",
        lines: [{ kind: "base", label: "Base fee", amountUsd: 45 }],
        totalUsd: 45,
      },
      pickup: place("p1"),
      dropoff: place("p2"),
    };
    expect(quoteResponseJson(response)).toBe(JSON.stringify(response));
    expect(quoteResponseJson(response)).toBe(JSON.stringify(response));
  });

  it("is plain ASCII that parses back to the same response, accents, signs and emoji included", () => {
    const response: QuoteResponse = {
      quoteId: "abc.def",
      expiresAt: "2026-01-01T00:00:00.000Z",
      quote: {
        method: "miles_minutes",
        vehicleTypeId: "v1",
        vehicleName: "Sedan",
        miles: 13.1,
        minutes: 21,
        currency: "USD",
        lines: [{ kind: "distance", label: "13.1 mi × $3.25", amountUsd: 42.58 }],
        totalUsd: 42.58,
      },
      pickup: place("p3", "Café Pinot \u{1F377}"),
      dropoff: place("p4", "Hôtel Bel-Air"),
    };
    const json = quoteResponseJson(response);
    expect(json).toMatch(/^[\x20-\x7e]*$/);
    expect(Buffer.byteLength(json)).toBe(json.length);
    expect(JSON.parse(json)).toEqual(response);
    expect(JSON.parse(json).quote.lines[0].label).toBe("13.1 mi × $3.25");
    expect(quoteResponseJson(response)).toBe(json);
  });
});
