// The embedded provider: gazetteer search and reverse lookup, and the route model.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gazetteer } from "./gazetteer";
import { estimateRoute, greatCircleMiles, timeBand } from "./route-model";

const g = gazetteer();
const place = (id: string) => {
  const p = g.get(id);
  if (!p) throw new Error(`missing ${id}`);
  return p;
};
// Tuesday 24 Nov 2026 (PST, UTC-8) and Saturday 28 Nov 2026.
const at = (isoLocal: string) => new Date(`${isoLocal}-08:00`);
const TUE_NOON = at("2026-11-24T12:00:00");
const TUE_8AM = at("2026-11-24T08:00:00");
const TUE_5PM = at("2026-11-24T17:00:00");
const SAT_8AM = at("2026-11-28T08:00:00");

describe("route model", () => {
  const lax = place("emb:apt:LAX");
  const beverlyHills = place("emb:zip:90210");

  it("LAX to Beverly Hills is about 9-14 miles and 15-40 minutes off-peak", () => {
    const r = estimateRoute(lax, beverlyHills, TUE_NOON);
    expect(r.miles).toBeGreaterThanOrEqual(9);
    expect(r.miles).toBeLessThanOrEqual(14);
    expect(r.minutes).toBeGreaterThan(15);
    expect(r.minutes).toBeLessThan(40);
  });

  it("weekday peaks are slower (x1.3 morning, x1.5 afternoon); weekends are not", () => {
    const off = estimateRoute(lax, beverlyHills, TUE_NOON);
    const am = estimateRoute(lax, beverlyHills, TUE_8AM);
    const pm = estimateRoute(lax, beverlyHills, TUE_5PM);
    const sat = estimateRoute(lax, beverlyHills, SAT_8AM);
    expect(am.miles).toBe(off.miles);
    expect(am.minutes).toBeCloseTo(off.minutes * 1.3, 0);
    expect(pm.minutes).toBeCloseTo(off.minutes * 1.5, 0);
    expect(sat.minutes).toBe(off.minutes);
  });

  it("time bands follow Los Angeles time, daylight saving included", () => {
    expect(timeBand(TUE_8AM)).toBe("am_peak");
    expect(timeBand(TUE_5PM)).toBe("pm_peak");
    expect(timeBand(at("2026-11-24T19:00:00"))).toBe("offpeak");
    expect(timeBand(at("2026-11-24T05:59:00"))).toBe("offpeak");
    expect(timeBand(SAT_8AM)).toBe("weekend");
    // 8:00 PDT on Tuesday 14 July 2026 is 15:00 UTC.
    expect(timeBand(new Date("2026-07-14T15:00:00Z"))).toBe("am_peak");
  });

  it("is symmetric, never below half a mile, and grows with distance", () => {
    const coord = fc.record({ lat: fc.double({ min: 32.5, max: 35, noNaN: true }), lng: fc.double({ min: -119.5, max: -114.5, noNaN: true }) });
    fc.assert(
      fc.property(coord, coord, (a, b) => {
        const ab = estimateRoute(a, b, TUE_NOON);
        const ba = estimateRoute(b, a, TUE_NOON);
        expect(ab).toEqual(ba);
        expect(ab.miles).toBeGreaterThanOrEqual(0.5);
        expect(ab.miles).toBeGreaterThanOrEqual(greatCircleMiles(a, b) * 1.19);
        const further = estimateRoute(a, { lat: b.lat + (b.lat - a.lat) * 0.5, lng: b.lng + (b.lng - a.lng) * 0.5 }, TUE_NOON);
        expect(further.miles).toBeGreaterThanOrEqual(ab.miles);
        expect(further.minutes).toBeGreaterThanOrEqual(ab.minutes);
      }),
    );
  });

  it("the same place twice is the 0.5 mile minimum (the quote layer refuses pickup = dropoff)", () => {
    const r = estimateRoute(lax, lax, TUE_NOON);
    expect(r.miles).toBe(0.5);
    expect(r.minutes).toBeGreaterThan(2);
  });

  it("LAX to San Diego airport is a long freeway run: 110-140 miles, about 2 hours off-peak", () => {
    const r = estimateRoute(lax, place("emb:apt:SAN"), TUE_NOON);
    expect(r.miles).toBeGreaterThan(110);
    expect(r.miles).toBeLessThan(140);
    expect(r.minutes).toBeGreaterThan(110);
    expect(r.minutes).toBeLessThan(150);
  });
});

describe("gazetteer search", () => {
  const primaries = (q: string) => g.suggest(q).map((s) => s.primary);

  it("an airport code finds the airport first", () => {
    for (const code of ["LAX", "lax", "SNA", "BUR", "LGB", "ONT", "SAN", "PSP"]) {
      expect(g.suggest(code)[0]?.placeId, code).toBe(`emb:apt:${code.toUpperCase()}`);
    }
  });

  it("matches names by prefix and by word, ignoring case and accents", () => {
    expect(primaries("beverly")[0]).toBe("Beverly Hills");
    expect(primaries("BEVERLY HILLS HOTEL")[0]).toBe("The Beverly Hills Hotel");
    expect(primaries("hôtel del")[0]).toBe("Hotel del Coronado");
    expect(primaries("monica pier")[0]).toBe("Santa Monica Pier");
    expect(primaries("staples")[0]).toBe("Crypto.com Arena");
    expect(primaries("crypto.com")[0]).toBe("Crypto.com Arena");
    expect(primaries("la")[0]).toBe("Los Angeles");
    expect(primaries("getty")).toContain("The Getty Center");
  });

  it("ZIP codes match exactly and by prefix", () => {
    expect(g.suggest("90210")[0]).toEqual({ placeId: "emb:zip:90210", primary: "90210", secondary: "Beverly Hills, CA, USA" });
    const prefix = g.suggest("9021");
    expect(prefix.map((s) => s.primary)).toEqual(["90210", "90211", "90212"]);
  });

  it("ranks places inside the spec's bias box before equal matches outside it", () => {
    // Palmdale (pop. ~157k) and Santa Clarita (~176k) lie north/west of the box; Pasadena (~141k) and
    // Santa Fe Springs (~17k) inside it.
    const pa = primaries("pa");
    expect(pa).toContain("Palmdale");
    expect(pa.indexOf("Pasadena")).toBeLessThan(pa.indexOf("Palmdale"));
    const santa = primaries("santa");
    expect(santa).toContain("Santa Clarita");
    expect(santa.indexOf("Santa Fe Springs")).toBeLessThan(santa.indexOf("Santa Clarita"));
  });

  it("answers at most 6 suggestions, nothing for nonsense, and fast", () => {
    expect(g.suggest("s").length).toBe(6);
    expect(g.suggest("zzzzqq")).toEqual([]);
    expect(g.suggest("   ")).toEqual([]);
    const queries = ["l", "la", "bev", "beverly hills hotel", "9", "santa monica pier", "hilton anaheim", "the"];
    for (let i = 0; i < 200; i++) for (const q of queries) g.suggest(q); // warm up
    const times: number[] = [];
    for (let i = 0; i < 400; i++) {
      const t = performance.now();
      g.suggest(queries[i % queries.length]!);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    expect(times[times.length >> 1]!).toBeLessThan(2); // median well under 2 ms (typically ~0.1 ms)
  });

  it("place details carry an address, precision and typed components", () => {
    const zip = place("emb:zip:90210");
    expect(zip).toMatchObject({ address: "Beverly Hills, CA 90210", precision: "zip" });
    expect(zip.components).toContainEqual({ types: ["postal_code"], longName: "90210", shortName: "90210" });
    const lax = place("emb:apt:LAX");
    expect(lax.address).toBe("Los Angeles International Airport (LAX), Los Angeles, CA 90045");
    expect(lax.precision).toBe("airport");
    expect(lax.components.find((c) => c.types.includes("airport"))?.shortName).toBe("LAX");
    expect(lax.components.find((c) => c.types.includes("administrative_area_level_1"))?.shortName).toBe("CA");
    expect(lax.components.find((c) => c.types.includes("administrative_area_level_2"))?.longName).toBe("Los Angeles County");
    const hotel = place("emb:venue:beverly-hills-hotel");
    expect(hotel.address).toBe("The Beverly Hills Hotel, 9641 Sunset Blvd, Beverly Hills, CA 90210");
    const hollywood = g.suggest("hollywood").find((s) => s.primary === "Hollywood")!;
    expect(place(hollywood.placeId).address).toBe("Hollywood, Los Angeles, CA, USA");
  });

  it("every id in the data is unique and every place lies in the embedded area", () => {
    const ids = g.entries.map((e) => e.place.placeId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of g.entries) {
      expect(e.place.lat).toBeGreaterThanOrEqual(32.5);
      expect(e.place.lat).toBeLessThanOrEqual(35);
      expect(e.place.lng).toBeGreaterThanOrEqual(-119.5);
      expect(e.place.lng).toBeLessThanOrEqual(-114.5);
    }
    expect(g.entries.filter((e) => e.kind === "zip").length).toBeGreaterThan(500);
  });
});

describe("reverse lookup", () => {
  it("prefers a venue a few steps away, then the town, then the ZIP", () => {
    expect(g.reverse(34.0094, -118.4973)?.placeId).toBe("emb:venue:santa-monica-pier");
    expect(g.reverse(33.9436, -118.4085)?.placeId).toBe("emb:apt:LAX");
    const inTown = g.reverse(34.0195, -118.4912); // Santa Monica's centre
    expect(inTown?.precision).toBe("city");
    expect(inTown?.name).toBe("Santa Monica");
    const hills = g.reverse(34.09, -118.65); // Santa Monica Mountains, no town centre near
    expect(hills).toMatchObject({ placeId: "emb:zip:90290", precision: "zip", address: "Topanga, CA 90290" });
  });

  it("knows nothing far from Southern California", () => {
    expect(g.reverse(40.7128, -74.006)).toBeNull();
    expect(g.reverse(31.5, -119.5)).toBeNull(); // open ocean
  });
});
