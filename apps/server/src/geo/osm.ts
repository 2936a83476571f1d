// Self-hosted OpenStreetMap services: Photon for search and reverse geocoding (GeoJSON), OSRM for driving
// routes. Place ids are "osm:<N|W|R><osm id>". Photon has no lookup by id, so every place it returns is
// handed to the service cache (memory + database): details by id are served from there.
import { BIAS_BOX, SERVICE_BOX } from "./gazetteer";
import { bandFactor, timeBand } from "./route-model";
import { arr, fetchJson, isObj, malformed, num, str, type FetchFn } from "./http";
import { GeoError, type AddressComponent, type GeoProvider, type Place, type Suggestion } from "./types";

export type OsmConfig = { photonUrl: string; osrmUrl: string; timeoutMs: number; fetch: FetchFn };

const PHOTON = "Photon";
const OSRM = "OSRM";
const trim = (u: string) => u.replace(/\/+$/, "");
const STATE_CODES: Record<string, string> = { California: "CA", Arizona: "AZ", Nevada: "NV" };

type Props = Record<string, unknown>;

function featureToPlace(f: unknown): { place: Place; suggestion: Suggestion } | null {
  if (!isObj(f) || !isObj(f.properties) || !isObj(f.geometry)) return null;
  const p: Props = f.properties;
  const [lng, lat] = arr(f.geometry.coordinates).map(num);
  const osmType = str(p.osm_type);
  const osmId = num(p.osm_id);
  if (lat === undefined || lng === undefined || !osmType || osmId === undefined) return null;
  const street = [str(p.housenumber), str(p.street)].filter(Boolean).join(" ");
  const name = str(p.name) ?? (street || str(p.city) || "");
  if (!name) return null;
  const city = str(p.city) ?? str(p.locality) ?? str(p.district);
  const state = str(p.state);
  const stateShort = state ? (STATE_CODES[state] ?? state) : undefined;
  const postcode = str(p.postcode);
  const region = [stateShort, postcode].filter(Boolean).join(" ");
  const tail = [street !== name ? street : "", city !== name ? city : "", region].filter(Boolean);
  const address = [name, ...tail].join(", ");
  const components: AddressComponent[] = [];
  const add = (types: string[], v: string | undefined, short?: string) => v && components.push({ types, longName: v, shortName: short ?? v });
  if (str(p.name) && street) add(["establishment", "point_of_interest"], str(p.name));
  add(["street_number"], str(p.housenumber));
  add(["route"], str(p.street));
  add(["neighborhood", "political"], str(p.district));
  add(["locality", "political"], city);
  add(["administrative_area_level_2", "political"], str(p.county));
  add(["administrative_area_level_1", "political"], state, stateShort);
  add(["postal_code"], postcode);
  add(["country", "political"], str(p.country), str(p.countrycode));
  const placeId = `osm:${osmType}${osmId}`;
  const place: Place = { placeId, name, address, lat, lng, precision: precisionOf(p, street), components };
  return { place, suggestion: { placeId, primary: name, secondary: [...tail, "USA"].filter(Boolean).join(", ") } };
}

function precisionOf(p: Props, street: string): Place["precision"] {
  const key = str(p.osm_key);
  const value = str(p.osm_value);
  const type = str(p.type);
  if (key === "aeroway" && value === "aerodrome") return "airport";
  if (value === "postcode") return "zip";
  if (type === "city" || type === "district" || type === "locality" || key === "place") return "city";
  if (type === "house" && str(p.name) && key !== "building") return "venue";
  if (type === "house" || type === "street" || street) return "address";
  return "venue";
}

export function osmProvider(cfg: OsmConfig): GeoProvider {
  const photon = trim(cfg.photonUrl);
  const osrm = trim(cfg.osrmUrl);

  async function features(url: string) {
    const res = await fetchJson(cfg.fetch, url, { timeoutMs: cfg.timeoutMs, provider: PHOTON, method: "GET" });
    if (!isObj(res.body) || !Array.isArray(res.body.features)) throw malformed(PHOTON, "answer");
    return res.body.features.map(featureToPlace).filter((x): x is NonNullable<typeof x> => x !== null);
  }

  return {
    name: "osm",

    async suggest(query) {
      const lat = (BIAS_BOX.south + BIAS_BOX.north) / 2;
      const lon = (BIAS_BOX.west + BIAS_BOX.east) / 2;
      const bbox = [SERVICE_BOX.west, SERVICE_BOX.south, SERVICE_BOX.east, SERVICE_BOX.north].join(",");
      const url = `${photon}/api?q=${encodeURIComponent(query)}&lat=${lat}&lon=${lon}&bbox=${bbox}&limit=6&lang=en`;
      const found = await features(url);
      return { suggestions: found.map((f) => f.suggestion), places: found.map((f) => f.place) };
    },

    // Photon cannot look a place up by id: the service answers from its cache of places seen.
    async place() {
      return null;
    },

    async reverse(lat, lng) {
      const found = await features(`${photon}/reverse?lat=${lat}&lon=${lng}&limit=1&lang=en`);
      return found[0]?.place ?? null;
    },

    async route(from, to, departure) {
      const url = `${osrm}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=false`;
      const res = await fetchJson(cfg.fetch, url, { timeoutMs: cfg.timeoutMs, provider: OSRM, method: "GET", okStatuses: [400] });
      const b = res.body;
      if (!isObj(b)) throw malformed(OSRM, "answer");
      if (b.code === "NoRoute" || b.code === "NoSegment") throw new GeoError("no_route", "Could not calculate route");
      if (b.code !== "Ok") throw new GeoError("provider_error", `${OSRM} answered ${str(b.code) ?? `HTTP ${res.status}`}`);
      const r = arr(b.routes).find(isObj);
      const metres = r && num(r.distance);
      const seconds = r && num(r.duration);
      if (metres === undefined || seconds === undefined) throw malformed(OSRM, "route");
      // OSRM knows no traffic: apply the same peak-hour factors as the embedded model.
      return { miles: metres / 1609.344, minutes: (seconds / 60) * bandFactor(timeBand(departure)) };
    },
  };
}
