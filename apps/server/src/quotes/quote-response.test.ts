import { describe, expect, it } from "vitest";
import type { QuotePlaceSummary, QuoteResponse } from "@meridian/shared/booking";
import { quoteResponseJson } from "./quote.service";

const place = (id: string, name = `Place "${id}"`): QuotePlaceSummary => ({ placeId: id, name, address: "1 Main St, Los Angeles, CA" });

/** A quote answer with one line, between two places. */
const response = (line: QuoteResponse["quote"]["lines"][number], pickup: QuotePlaceSummary, dropoff: QuotePlaceSummary): QuoteResponse => ({
  quoteId: "abc.def",
  expiresAt: "2026-01-01T00:00:00.000Z",
  quote: { method: "miles_minutes", vehicleTypeId: "v1", vehicleName: "Sedan", miles: 12.3, minutes: 20, currency: "USD", lines: [line], totalUsd: line.amountUsd },
  pickup,
  dropoff,
});

describe("quoteResponseJson", () => {
  it("is byte for byte JSON.stringify of the response, with places served from their cache on repeat", () => {
    const plain = response({ kind: "base", label: "Base fee", amountUsd: 45 }, place("p1"), place("p2"));
    expect(quoteResponseJson(plain)).toBe(JSON.stringify(plain));
    expect(quoteResponseJson(plain)).toBe(JSON.stringify(plain));
  });

  it("is plain ASCII that parses back to the same response, accents, signs and emoji included", () => {
    const accented = response({ kind: "distance", label: "13.1 mi × $3.25", amountUsd: 42.58 }, place("p3", "Café Pinot \u{1F377}"), place("p4", "Hôtel Bel-Air"));
    const json = quoteResponseJson(accented);
    expect(json).toMatch(/^[\x20-\x7e]*$/);
    expect(Buffer.byteLength(json)).toBe(json.length);
    expect(JSON.parse(json)).toEqual(accented);
    expect(JSON.parse(json).quote.lines[0].label).toBe("13.1 mi × $3.25");
    expect(quoteResponseJson(accented)).toBe(json);
  });
});
