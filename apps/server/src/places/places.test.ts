// /api/places on the embedded provider (the default): suggestions, details, reverse lookup, map chip.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { expectFieldErrors } from "../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/places/suggest", () => {
  it("'LAX' suggests Los Angeles International Airport first", async () => {
    const res = await t.call("GET", "/api/places/suggest?q=LAX&session=7b0c7a52-1b1e-4a57-9c53-0f1c2f0e3a11");
    expect(res.status).toBe(200);
    expect(res.body.suggestions[0]).toEqual({
      placeId: "emb:apt:LAX",
      primary: "Los Angeles International Airport (LAX)",
      secondary: "Los Angeles, CA, USA",
    });
  });

  it("'beverly' suggests Beverly Hills, at most 6 suggestions", async () => {
    const res = await t.call("GET", "/api/places/suggest?q=beverly");
    expect(res.status).toBe(200);
    expect(res.body.suggestions.map((s: { primary: string }) => s.primary)).toContain("Beverly Hills");
    expect(res.body.suggestions.length).toBeLessThanOrEqual(6);
  });

  it("'90210' suggests the ZIP code", async () => {
    const res = await t.call("GET", "/api/places/suggest?q=%2090210%20");
    expect(res.body.suggestions[0]).toEqual({ placeId: "emb:zip:90210", primary: "90210", secondary: "Beverly Hills, CA, USA" });
  });

  it("no text answers no suggestions; an empty or blank parameter is refused as on every route", async () => {
    const none = await t.call("GET", "/api/places/suggest");
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ suggestions: [] });
    for (const path of ["/api/places/suggest?q=", "/api/places/suggest?q=%20%20"]) {
      const res = await t.call("GET", path);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toMatchObject({ code: "validation_error", fields: { q: "Leave this parameter out or give it a value." } });
    }
  });

  it("rejects text over 100 characters and unknown parameters with a 400", async () => {
    const long = await t.call("GET", `/api/places/suggest?q=${"a".repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: "validation_error", fields: { q: "Search text must be at most 100 characters." } });
    const extra = await t.call("GET", "/api/places/suggest?q=la&limit=50");
    expectFieldErrors(extra, { limit: "Unknown query parameter." });
  });

  it("is public: no sign-in needed", async () => {
    const res = await t.call("GET", "/api/places/suggest?q=santa%20monica%20pier");
    expect(res.status).toBe(200);
    expect(res.body.suggestions[0].placeId).toBe("emb:venue:santa-monica-pier");
  });
});

describe("GET /api/places/:id", () => {
  it("answers the place with address, coordinates, precision and components", async () => {
    const res = await t.call("GET", "/api/places/emb:apt:LAX");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      placeId: "emb:apt:LAX",
      name: "Los Angeles International Airport (LAX)",
      address: "Los Angeles International Airport (LAX), Los Angeles, CA 90045",
      precision: "airport",
    });
    expect(res.body.lat).toBeCloseTo(33.9425, 2);
    expect(res.body.lng).toBeCloseTo(-118.408, 2);
    expect(res.body.components).toContainEqual({ types: ["country", "political"], longName: "United States", shortName: "US" });
  });

  it("accepts a percent-encoded id", async () => {
    const res = await t.call("GET", `/api/places/${encodeURIComponent("emb:zip:90210")}`);
    expect(res.status).toBe(200);
    expect(res.body.address).toBe("Beverly Hills, CA 90210");
  });

  it("unknown id -> 404, malformed id -> 400", async () => {
    const unknown = await t.call("GET", "/api/places/emb:zip:00000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toEqual({ code: "not_found", message: "This place is unknown." });
    const other = await t.call("GET", "/api/places/g:ChIJnotconfigured");
    expect(other.status).toBe(404);
    const bad = await t.call("GET", `/api/places/${encodeURIComponent("<script>")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
  });
});

describe("GET /api/places/reverse", () => {
  it("finds Santa Monica Pier when standing on it", async () => {
    const res = await t.call("GET", "/api/places/reverse?lat=34.0093&lng=-118.4974");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ placeId: "emb:venue:santa-monica-pier", name: "Santa Monica Pier", precision: "venue" });
  });

  it("answers the spec's message when nothing is known nearby", async () => {
    const res = await t.call("GET", "/api/places/reverse?lat=40.7128&lng=-74.006");
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: "not_found", message: "Could not find address for your location." });
  });

  it("validates the coordinates", async () => {
    const cases: [string, Record<string, string>][] = [
      ["lat=abc&lng=-118.4", { lat: "Latitude must be a number." }],
      ["lat=91&lng=-118.4", { lat: "Latitude must be between -90 and 90." }],
      ["lat=34&lng=-181", { lng: "Longitude must be between -180 and 180." }],
      ["lat=&lng=-118", { lat: "Leave this parameter out or give it a value." }],
      ["lng=-118", { lat: "Latitude is required." }],
      ["lat=Infinity&lng=-118", { lat: "Latitude must be a number." }],
    ];
    for (const [qs, fields] of cases) {
      const res = await t.call("GET", `/api/places/reverse?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.fields, qs).toEqual(fields);
    }
  });
});

describe("GET /api/places/:id/map.svg", () => {
  it("draws a cacheable SVG chip with the coast/county outlines and a pin", async () => {
    const res = await t.call("GET", "/api/places/emb:venue:santa-monica-pier/map.svg");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const svg: string = res.body;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="320" height="160"/);
    expect(svg.endsWith("</svg>")).toBe(true);
    expect(svg).toContain("<title>Map: Santa Monica Pier</title>");
    expect(svg).toMatch(/<path d="M[-\d.]+ [-\d.]+L/); // land outline
    expect(svg.match(/<g transform="translate\(160 /g)).toHaveLength(1); // one pin, centred
    expect(svg).not.toContain("stroke-dasharray=\"4 3.5\""); // no route line
    expect(svg).toMatch(/<text [^>]+>[A-Z ]+<\/text>/); // nearby labels
    expect(svg.length).toBeLessThan(20_000);
  });

  it("with ?to= draws both pins and a dashed route line", async () => {
    const res = await t.call("GET", "/api/places/emb:apt:LAX/map.svg?to=emb:venue:beverly-hills-hotel");
    expect(res.status).toBe(200);
    const svg: string = res.body;
    expect(svg).toContain("<title>Map: Los Angeles International Airport (LAX) to The Beverly Hills Hotel</title>");
    expect(svg.match(/<g transform="translate\(/g)).toHaveLength(2);
    expect(svg).toMatch(/<path d="M[-\d.]+ [-\d.]+Q[^"]+" fill="none" stroke="#c9a35c"[^>]*stroke-dasharray/);
  });

  it("labels never overlap each other or the pins", async () => {
    const res = await t.call("GET", "/api/places/emb:city:5368361/map.svg"); // Los Angeles: a dense area
    const svg: string = res.body;
    const labels = [...svg.matchAll(/<text x="([-\d.]+)" y="([-\d.]+)" text-anchor="(\w+)">([^<]+)<\/text>/g)].map((m) => {
      const [x, y, w] = [Number(m[1]), Number(m[2]), m[4]!.length * 7.5 * 0.6];
      const x0 = m[3] === "start" ? x : m[3] === "end" ? x - w : x - w / 2;
      return { x0, x1: x0 + w, y0: y - 7, y1: y + 1 };
    });
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const pin = { x0: 160 - 7, x1: 160 + 7, y0: 0, y1: 0 };
    const m = /<g transform="translate\(([-\d.]+) ([-\d.]+)\)">/.exec(svg)!;
    pin.x0 = Number(m[1]) - 7;
    pin.x1 = Number(m[1]) + 7;
    pin.y0 = Number(m[2]) - 21;
    pin.y1 = Number(m[2]);
    const hit = (a: typeof pin, b: typeof pin) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;
    for (const [i, a] of labels.entries()) {
      expect(hit(a, pin)).toBe(false);
      for (const b of labels.slice(i + 1)) expect(hit(a, b)).toBe(false);
      expect(a.x0).toBeGreaterThanOrEqual(0);
      expect(a.x1).toBeLessThanOrEqual(320);
    }
  });

  it("unknown place or destination -> 404 JSON", async () => {
    const res = await t.call("GET", "/api/places/emb:venue:nowhere/map.svg");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.body.error.code).toBe("not_found");
    const to = await t.call("GET", "/api/places/emb:apt:LAX/map.svg?to=emb:apt:XXX");
    expect(to.status).toBe(404);
  });
});
