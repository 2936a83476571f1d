// The embedded Southern California gazetteer (built by scripts/build-gazetteer.mjs): ZIP centroids, cities
// and neighbourhoods, airports and a curated list of venues. Knows no street addresses: each Place says
// how exact it is (`precision`). Everything is indexed once at start-up; a suggest is a scan of ~1,200
// pre-normalised entries (tens of microseconds).
import data from "./data/gazetteer.json";
import type { AddressComponent, Place, Suggestion } from "./types";
import { greatCircleMiles } from "./route-model";
import { ADDRESS_ID_PREFIX, resolveStreetAddress, typedFromPlaceId } from "./street-address";
import { normalise, words } from "./text";

/** The spec's autocomplete bias box: results inside it rank first (not a restriction). */
export const BIAS_BOX = { south: 32.5, north: 34.5, west: -118.5, east: -116.5 } as const;
/** The area the gazetteer covers. */
export const SERVICE_BOX = data.box;

const inBox = (box: { south: number; north: number; west: number; east: number }, lat: number, lng: number) =>
  lat >= box.south && lat <= box.north && lng >= box.west && lng <= box.east;

export type Entry = {
  place: Place;
  suggestion: Suggestion;
  kind: "zip" | "city" | "airport" | "venue";
  /** Normalised searchable names: the name first, then aliases. */
  names: string[];
  nameWords: string[][];
  /** Every word of the name and aliases, de-duplicated. */
  allWords: string[];
  /** Words of the secondary text (city, county), matched with a lower score. */
  contextWords: string[];
  code?: string; // IATA code or ZIP
  importance: number; // 0..25
  inBias: boolean;
  population: number;
};

const STATE: AddressComponent = { types: ["administrative_area_level_1", "political"], longName: "California", shortName: "CA" };
const COUNTRY: AddressComponent = { types: ["country", "political"], longName: "United States", shortName: "US" };
const comp = (types: string[], name: string, short = name): AddressComponent => ({ types, longName: name, shortName: short });
const countyComp = (county: string | undefined) => (county ? [comp(["administrative_area_level_2", "political"], county)] : []);

/** The place's region, after its street and town: its county (when known), the state, its ZIP (when given), the country. */
const region = (county: string | undefined, zip?: string) => [...countyComp(county), STATE, ...(zip ? [comp(["postal_code"], zip)] : []), COUNTRY];

/**
 * One entry: its Place (as exact as its kind: precision is the kind) and its Suggestion under one id, at the
 * record's coordinates, with the names and context a search matches.
 */
function makeEntry(
  kind: Entry["kind"],
  placeId: string,
  at: { lat: number; lng: number },
  place: Pick<Place, "name" | "address" | "components">,
  suggestion: Pick<Suggestion, "primary" | "secondary">,
  opts: { aliases?: string[]; context: string[]; code?: string; importance: number; population?: number },
): Entry {
  const names = [place.name, ...(opts.aliases ?? [])].map(normalise);
  if (place.name.startsWith("The ")) names.push(normalise(place.name.slice(4)));
  return {
    place: { placeId, name: place.name, address: place.address, lat: at.lat, lng: at.lng, precision: kind, components: place.components },
    suggestion: { placeId, ...suggestion },
    kind,
    names,
    nameWords: names.map(words),
    allWords: [],
    contextWords: opts.context.flatMap((c) => words(normalise(c))),
    code: opts.code,
    importance: opts.importance,
    inBias: inBox(BIAS_BOX, at.lat, at.lng),
    population: opts.population ?? 0,
  };
}

/** Names people type for a few places that GeoNames spells out. */
const CITY_ALIASES: Record<string, string[]> = { "Los Angeles": ["LA", "L.A."], "Rancho Palos Verdes": ["RPV"], "West Hollywood": ["WeHo"] };

function splitStreet(street: string): AddressComponent[] {
  const m = /^(\d+)\s+(.+)$/.exec(street);
  return m ? [comp(["street_number"], m[1]!), comp(["route"], m[2]!)] : [comp(["route"], street)];
}

function buildEntries(): Entry[] {
  const entries: Entry[] = [];
  for (const a of data.airports) {
    const name = `${a.name} (${a.code})`;
    const components = [comp(["airport", "establishment"], a.name, a.code), ...(a.street ? splitStreet(a.street) : []), comp(["locality", "political"], a.city), ...region(a.county, a.zip)];
    entries.push(
      makeEntry("airport", `emb:apt:${a.code}`, a, { name, address: `${name}, ${a.city}, CA ${a.zip}`, components }, { primary: name, secondary: `${a.city}, CA, USA` }, {
        aliases: [a.name.replace(/ Airport$/, ""), ...a.aliases],
        context: [a.city, "airport"],
        code: a.code.toLowerCase(),
        importance: a.major ? 24 : 10,
      }),
    );
  }
  for (const v of data.venues) {
    const components = [comp(["establishment", "point_of_interest", v.category], v.name), ...splitStreet(v.street), comp(["locality", "political"], v.city), ...region(v.county, v.zip)];
    entries.push(
      makeEntry("venue", `emb:venue:${v.slug}`, v, { name: v.name, address: `${v.name}, ${v.street}, ${v.city}, CA ${v.zip}`, components }, { primary: v.name, secondary: `${v.street}, ${v.city}, CA` }, {
        aliases: v.aliases,
        context: [v.city, v.category],
        importance: 14,
      }),
    );
  }
  for (const c of data.cities) {
    const parent = "parent" in c && typeof c.parent === "string" ? c.parent : undefined;
    const where = parent ? `${parent}, CA, USA` : "CA, USA";
    const town = parent ? [comp(["neighborhood", "political"], c.name), comp(["locality", "political"], parent)] : [comp(["locality", "political"], c.name)];
    entries.push(
      makeEntry("city", `emb:city:${c.id}`, c, { name: c.name, address: `${c.name}, ${where}`, components: [...town, ...region(c.county)] }, { primary: c.name, secondary: where }, {
        context: [parent ?? "", c.county ?? ""],
        aliases: CITY_ALIASES[c.name],
        importance: Math.min(22, Math.log10(Math.max(1000, c.population)) * 3.6),
        population: c.population,
      }),
    );
  }
  for (const z of data.zips) {
    const name = `${z.city}, CA ${z.zip}`;
    const components = [comp(["postal_code"], z.zip), comp(["locality", "political"], z.city), ...countyComp(z.county), STATE, COUNTRY];
    const entry = makeEntry("zip", `emb:zip:${z.zip}`, z, { name, address: name, components }, { primary: z.zip, secondary: `${z.city}, CA, USA` }, { context: [z.city], code: z.zip, importance: 4 });
    // A ZIP is searched by its digits, not by its city's name (the city itself is its own entry).
    entries.push({ ...entry, names: [], nameWords: [] });
  }
  return entries;
}

/** Match quality of a normalised query against one entry, 0 = no match. */
function matchScore(e: Entry, q: string, qWords: string[]): number {
  if (e.code) {
    if (q === e.code) return 100;
    if (e.kind === "zip" && /^\d{2,5}$/.test(q) && e.code.startsWith(q)) return 60 + q.length;
  }
  let best = 0;
  for (let i = 0; i < e.names.length; i++) {
    const name = e.names[i]!;
    const penalty = i === 0 ? 0 : 4; // aliases rank a little under the real name
    let s = 0;
    if (name === q) s = 90;
    else if (name.startsWith(q)) s = 70;
    else if (qWords.every((w) => e.nameWords[i]!.some((nw) => nw.startsWith(w)))) s = 50;
    if (s && s - penalty > best) best = s - penalty;
  }
  if (best) return best;
  // Some words match the name and the rest match the city/category ("hilton anaheim", "airport burbank").
  if (qWords.length > 1) {
    let nameHits = 0;
    for (const w of qWords) {
      if (e.allWords.some((nw) => nw.startsWith(w))) nameHits++;
      else if (!e.contextWords.some((cw) => cw.startsWith(w))) return 0;
    }
    if (nameHits > 0) return 35;
  }
  return 0;
}

export class Gazetteer {
  readonly entries: Entry[];
  private readonly byId = new Map<string, Entry>();

  constructor() {
    this.entries = buildEntries();
    for (const e of this.entries) {
      e.allWords = [...new Set(e.nameWords.flat())];
      this.byId.set(e.place.placeId, e);
    }
  }

  /** Typed street addresses resolved lately (the same Place object for the same id, as the caches give). */
  private readonly addresses = new Map<string, Place | null>();

  get(placeId: string): Place | null {
    if (placeId.startsWith(ADDRESS_ID_PREFIX)) return this.address(placeId);
    return this.byId.get(placeId)?.place ?? null;
  }

  /** A typed street address's approximate place, from the text inside its id (never from anything else). */
  private address(placeId: string): Place | null {
    const known = this.addresses.get(placeId);
    if (known !== undefined) return known;
    const typed = typedFromPlaceId(placeId);
    const found = typed ? resolveStreetAddress(typed, this.entries) : null;
    // Only the canonical id of a text resolves (no second id for the same address).
    const place = found && found.place.placeId === placeId ? found.place : null;
    if (this.addresses.size >= 2000) this.addresses.clear();
    this.addresses.set(placeId, place);
    return place;
  }

  /** Up to `limit` suggestions, best first: match quality, then inside the bias box, then importance. */
  suggest(query: string, limit = 6): Suggestion[] {
    const q = normalise(query);
    if (!q) return [];
    const qWords = words(q);
    // A typed street address comes first, placed approximately (the gazetteer has no streets).
    const typed = resolveStreetAddress(query, this.entries);
    if (typed) return [typed.suggestion, ...this.suggest(query.replace(/^\s*\d+\s+/, "").split(",")[0]!, limit - 1)].slice(0, limit);
    const hits: { e: Entry; score: number }[] = [];
    for (const e of this.entries) {
      const m = matchScore(e, q, qWords);
      if (m) hits.push({ e, score: m + e.importance + (e.inBias ? 12 : 0) });
    }
    hits.sort((a, b) => b.score - a.score || b.e.population - a.e.population || a.e.suggestion.primary.localeCompare(b.e.suggestion.primary));
    const out: Suggestion[] = [];
    const seen = new Set<string>();
    for (const { e } of hits) {
      // A neighbourhood and a city of the same name and place (GeoNames has a few) show once.
      const key = `${e.suggestion.primary}|${e.suggestion.secondary}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(e.suggestion);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * The nearest known place: a venue within 0.4 mi, an airport within 1.5 mi, a city or neighbourhood
   * centre within 1 mi, else the nearest ZIP centroid within 10 mi, else the nearest city within 20 mi.
   */
  reverse(lat: number, lng: number): Place | null {
    const here = { lat, lng };
    const nearestOf = (kind: Entry["kind"], maxMiles: number) => {
      let best: Entry | undefined;
      let bestD = maxMiles;
      for (const e of this.entries) {
        if (e.kind !== kind) continue;
        if (Math.abs(e.place.lat - lat) > maxMiles / 60 || Math.abs(e.place.lng - lng) > maxMiles / 45) continue;
        const d = greatCircleMiles(here, e.place);
        if (d <= bestD) {
          bestD = d;
          best = e;
        }
      }
      return best?.place ?? null;
    };
    return (
      nearestOf("venue", 0.4) ?? nearestOf("airport", 1.5) ?? nearestOf("city", 1) ?? nearestOf("zip", 10) ?? nearestOf("city", 20)
    );
  }

  /** Cities and neighbourhoods inside a lat/lng box, most populous first (labels for the map chip). */
  citiesIn(box: { south: number; north: number; west: number; east: number }): Entry[] {
    return this.entries.filter((e) => e.kind === "city" && inBox(box, e.place.lat, e.place.lng)).sort((a, b) => b.population - a.population);
  }
}

let shared: Gazetteer | undefined;
/** The process-wide gazetteer (built once, ~10 ms). */
export function gazetteer(): Gazetteer {
  shared ??= new Gazetteer();
  return shared;
}
