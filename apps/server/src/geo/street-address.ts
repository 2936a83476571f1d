// Typed street addresses in the embedded gazetteer ("123 Main St, Los Angeles", "1 World Way",
// "350 S Grand Ave, Los Angeles 90071"). The gazetteer knows no streets, so such an address is placed at the
// best point it does know: the venue or airport at that very address, else the ZIP typed, else the city's
// centre; the Place keeps the text as typed and says it is approximate.
//
// The place id carries only the typed text ("emb:addr:<base64url>"): the server parses it again and finds the
// same point every time, so a client can name any text but never choose the coordinates (quotes stay
// computed from ids on the server).
import type { Entry } from "./gazetteer";
import { normalise } from "./text";
import type { Place, Suggestion } from "./types";

export const ADDRESS_ID_PREFIX = "emb:addr:";
const MAX_TYPED = 120;

/** Street types (USPS suffixes people type, long and short); the street name must end with one. */
const SUFFIXES: Record<string, string> = {
  street: "st", st: "st", avenue: "ave", ave: "ave", av: "ave", boulevard: "blvd", blvd: "blvd", road: "rd", rd: "rd",
  drive: "dr", dr: "dr", way: "way", lane: "ln", ln: "ln", place: "pl", pl: "pl", court: "ct", ct: "ct",
  parkway: "pkwy", pkwy: "pkwy", highway: "hwy", hwy: "hwy", terrace: "ter", ter: "ter", circle: "cir", cir: "cir",
  square: "sq", sq: "sq", trail: "trl", trl: "trl", walk: "walk", row: "row", plaza: "plz", plz: "plz", loop: "loop",
  alley: "aly", aly: "aly", crescent: "cres", cres: "cres", expressway: "expy", expy: "expy", freeway: "fwy", fwy: "fwy",
  canyon: "cyn", cyn: "cyn", pier: "pier", mall: "mall", promenade: "prom", point: "pt", pt: "pt", path: "path",
  run: "run", pass: "pass", glen: "gln", crest: "crst", ridge: "rdg", vista: "vis", view: "vw", heights: "hts",
};
/** Street names with no suffix ("800 Broadway", "200 Via Rodeo", "100 Avenue of the Stars"). */
const NO_SUFFIX_NAMES = new Set(["broadway", "the strand", "the promenade", "ocean front walk"]);
const SPANISH_PREFIXES = new Set(["via", "camino", "calle", "paseo", "avenida", "avenue", "rue", "vista", "corte", "calle"]);
const DIRECTIONS: Record<string, string> = { n: "n", north: "n", s: "s", south: "s", e: "e", east: "e", w: "w", west: "w", ne: "ne", nw: "nw", se: "se", sw: "sw" };
const UNIT = /^(apt|apartment|suite|ste|unit|fl|floor|rm|room|bldg)$/;

export type StreetAddress = {
  /** The text as typed (whitespace tidied): what the confirmation and the chauffeur read. */
  typed: string;
  number: string;
  /** Normalised street for matching ("s grand ave"). */
  street: string;
  /** The street part as typed ("350 S Grand Ave"). */
  streetTyped: string;
  /** Normalised words after the street (city, state, ZIP, country). */
  locality: string;
  zip?: string;
};

/** Normalised street words with the suffix and directions in their short forms ("South Grand Avenue" -> "s grand ave"). */
function canonicalStreet(ws: string[]): string {
  return ws.map((w, i) => (i === ws.length - 1 || i === ws.length - 2 ? (SUFFIXES[w] ?? DIRECTIONS[w] ?? w) : i === 0 ? (DIRECTIONS[w] ?? w) : w)).join(" ");
}

/**
 * A typed street address: a house number, a street name ending in a street type (or a known suffix-less
 * name), then optionally a city, "CA" and a ZIP. null for anything else.
 */
export function parseStreetAddress(text: string): StreetAddress | null {
  const typed = text.replace(/\s+/g, " ").trim().replace(/^[,\s]+|[,\s]+$/g, "");
  if (typed.length < 5 || typed.length > MAX_TYPED) return null;
  const m = /^(\d{1,6})(?:-?[a-z])?(?:\s+1\/2)?\s+(.*)$/i.exec(typed);
  if (!m || Number(m[1]) === 0) return null;
  const n = normalise(m[2]!);
  if (!n) return null;
  const ws = n.split(" ");
  // The street ends at the last street type before the first comma (or anywhere when there is none).
  const firstSegmentWords = normalise(m[2]!.split(",")[0]!).split(" ").length;
  const hasComma = m[2]!.includes(",");
  let end = -1;
  for (let i = 0; i < (hasComma ? firstSegmentWords : ws.length); i++) {
    if (SUFFIXES[ws[i]!] && i > 0) end = i;
  }
  if (end < 0) {
    const name = hasComma ? ws.slice(0, firstSegmentWords).join(" ") : "";
    if (hasComma && (NO_SUFFIX_NAMES.has(name) || (SPANISH_PREFIXES.has(ws[0]!) && firstSegmentWords >= 2))) end = firstSegmentWords - 1;
    else if (!hasComma && NO_SUFFIX_NAMES.has(ws[0]!)) end = 0;
    else return null;
  }
  // A direction after the suffix belongs to the street ("Pelican Hill Rd S"); so does a unit ("Suite 200").
  if (DIRECTIONS[ws[end + 1] ?? ""] && (hasComma ? end + 2 === firstSegmentWords : end + 2 === ws.length)) end++;
  const streetWords = ws.slice(0, end + 1);
  // A name before the street type ("123 St" and "123 N Ave" are not addresses).
  if (streetWords.length === 1 ? !NO_SUFFIX_NAMES.has(streetWords[0]!) : !streetWords.slice(0, end).some((w) => !DIRECTIONS[w])) return null;
  if (streetWords.some((w) => !/^([a-z]+|\d+(st|nd|rd|th)?)$/.test(w))) return null;
  let rest = ws.slice(end + 1);
  while (rest.length && (UNIT.test(rest[0]!) || /^\d+[a-z]?$/.test(rest[0]!) && rest[0]!.length < 5)) rest = rest.slice(1);
  const zip = /(?:^|\s)(\d{5})(?:\s\d{4})?(?:\s(usa|us|united states))?$/.exec(rest.join(" "))?.[1];
  const locality = rest
    .join(" ")
    .replace(/\b\d{5}(\s\d{4})?\b/g, " ")
    .replace(/\b(ca|california|usa|us|united states)\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (/\d/.test(locality)) return null;
  // The street as typed: the first comma-separated part, or (no comma) the words up to the street type.
  const tokens = m[2]!.split(/[\s,]+/).filter(Boolean);
  const byWords = !hasComma && tokens.map(normalise).join(" ") === n ? tokens.slice(0, end + 1).join(" ") : m[2]!.split(",")[0]!.trim();
  const streetTyped = `${typed.slice(0, typed.length - m[2]!.length).trim()} ${byWords}`;
  return {
    typed,
    number: m[1]!,
    street: canonicalStreet(streetWords),
    streetTyped,
    locality,
    ...(zip ? { zip } : {}),
  };
}

/** "9500 Wilshire Blvd" of a venue or airport, parsed the same way as a typed address. */
const venueStreetCache = new WeakMap<Entry, StreetAddress | null>();
function venueStreet(e: Entry): StreetAddress | null {
  let s = venueStreetCache.get(e);
  if (s === undefined) {
    const street = e.place.components.find((c) => c.types.includes("route"));
    const number = e.place.components.find((c) => c.types.includes("street_number"));
    s = street && number ? parseStreetAddress(`${number.longName} ${street.longName}`) : null;
    venueStreetCache.set(e, s);
  }
  return s;
}

const localityOf = (e: Entry) => normalise(e.place.components.find((c) => c.types.includes("locality"))?.longName ?? "");
const zipOf = (e: Entry) => e.place.components.find((c) => c.types.includes("postal_code"))?.longName;

/** Where a typed address is placed: the venue at that address, the ZIP typed, or the city typed; null when none is known. */
export function anchorFor(addr: StreetAddress, entries: readonly Entry[]): Entry | null {
  const cityMatches = (e: Entry) => !addr.locality || localityOf(e) === addr.locality || e.contextWords.join(" ").includes(addr.locality);
  for (const e of entries) {
    if (e.kind !== "venue" && e.kind !== "airport") continue;
    const s = venueStreet(e);
    if (!s || s.number !== addr.number || s.street !== addr.street) continue;
    if (addr.zip && zipOf(e) !== addr.zip) continue;
    if (cityMatches(e)) return e;
  }
  if (addr.zip) return entries.find((e) => e.kind === "zip" && e.code === addr.zip) ?? null; // a ZIP outside the area is not guessed away
  if (!addr.locality) return null;
  const city = entries.find((e) => e.kind === "city" && e.names[0] === addr.locality) ?? entries.find((e) => e.kind === "city" && e.names.includes(addr.locality));
  if (city) return city;
  // A postal city the gazetteer knows only by its ZIPs ("Palos Verdes Peninsula").
  return entries.find((e) => e.kind === "zip" && normalise(e.place.name.replace(/, CA \d{5}$/, "")) === addr.locality) ?? null;
}

const toBase64Url = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const fromBase64Url = (s: string) => (/^[A-Za-z0-9_-]+$/.test(s) ? Buffer.from(s, "base64url").toString("utf8") : "");

export const addressPlaceId = (typed: string) => `${ADDRESS_ID_PREFIX}${toBase64Url(typed)}`;

/** The anchor's description for the suggestion ("near Beverly Wilshire, ...", "ZIP 90071", "Los Angeles centre"). */
function anchorNote(anchor: Entry): string {
  if (anchor.kind === "venue" || anchor.kind === "airport") return `at ${anchor.place.name}`;
  if (anchor.kind === "zip") return `within ZIP ${anchor.code}`;
  return `near the centre of ${anchor.place.name}`;
}

export type AddressPlace = { place: Place; suggestion: Suggestion };

/** The approximate place and its suggestion for a typed address, or null (not an address, or nowhere known). */
export function resolveStreetAddress(text: string, entries: readonly Entry[]): AddressPlace | null {
  const addr = parseStreetAddress(text);
  if (!addr) return null;
  const anchor = anchorFor(addr, entries);
  if (!anchor) return null;
  const placeId = addressPlaceId(addr.typed);
  const a = anchor.place;
  const keep = a.components.filter((c) => !c.types.includes("establishment") && !c.types.includes("airport") && !c.types.includes("street_number") && !c.types.includes("route"));
  const place: Place = {
    placeId,
    name: addr.streetTyped,
    address: addr.typed,
    lat: a.lat,
    lng: a.lng,
    precision: a.precision,
    components: [{ types: ["street_number"], longName: addr.number, shortName: addr.number }, { types: ["route"], longName: addr.streetTyped.slice(addr.number.length + 1), shortName: addr.street }, ...keep],
    approximate: true,
  };
  const where = anchor.kind === "zip" || anchor.kind === "city" ? anchor.suggestion.secondary : `${localityOf(anchor) ? a.components.find((c) => c.types.includes("locality"))!.longName : ""}, CA, USA`;
  const rest = addr.typed.length > addr.streetTyped.length ? addr.typed.slice(addr.streetTyped.length).replace(/^[,\s]+/, "") : where.replace(/^, /, "");
  return { place, suggestion: { placeId, primary: addr.streetTyped, secondary: `${rest} · approximate, placed ${anchorNote(anchor)}`, approximate: true } };
}

/** The typed text inside an address place id, or null when the id is not one. */
export function typedFromPlaceId(placeId: string): string | null {
  if (!placeId.startsWith(ADDRESS_ID_PREFIX)) return null;
  const typed = fromBase64Url(placeId.slice(ADDRESS_ID_PREFIX.length));
  return typed && typed.length <= MAX_TYPED ? typed : null;
}
