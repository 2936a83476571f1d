// The service area's preview (Settings → Maps): a 480x340 SVG of Southern California from the bundled outlines
// (data/counties.json, US Census), drawn on the server. Counties mode: the towns of each served county as gold
// dots and its name in gold (the others muted); radius mode: the circle of that many miles around the base, and
// the base's pin. Plain Mercator, fitted to the outlines.
import { countyName, type ServiceArea } from "@meridian/shared/service-area";
import outlines from "./data/counties.json";
import data from "./data/gazetteer.json";

export const PREVIEW_WIDTH = 480;
export const PREVIEW_HEIGHT = 340;
const C = { sea: "#08080a", land: "#18181c", coast: "#5a4d33", border: "#3a362d", muted: "#8f897b", gold: "#c9a35c", goldBright: "#e0bf7a", goldDim: "#8c7441" };
const FONT = "Inter, 'Helvetica Neue', Arial, sans-serif";

type Pt = [number, number];
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
const mercY = (lat: number) => -Math.log(Math.tan(Math.PI / 4 + rad(lat) / 2));
const f1 = (n: number) => (Math.round(n * 10) / 10).toString();
const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

type City = { name: string; lat: number; lng: number; population: number; county?: string };
const cities = (data as { cities: City[] }).cities;

function projection() {
  let [w, e, s, n] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const ring of outlines.land)
    for (const [lng, lat] of ring as number[][]) {
      w = Math.min(w, lng!);
      e = Math.max(e, lng!);
      s = Math.min(s, lat!);
      n = Math.max(n, lat!);
    }
  const pad = 14;
  const k = Math.min((PREVIEW_WIDTH - 2 * pad) / rad(e - w), (PREVIEW_HEIGHT - 2 * pad) / (mercY(s) - mercY(n)));
  const ox = (PREVIEW_WIDTH - rad(e - w) * k) / 2;
  const oy = (PREVIEW_HEIGHT - (mercY(s) - mercY(n)) * k) / 2;
  return (lng: number, lat: number): Pt => [ox + rad(lng - w) * k, oy + (mercY(lat) - mercY(n)) * k];
}

const path = (line: number[][], project: (lng: number, lat: number) => Pt, close: boolean) =>
  line.map(([lng, lat], i) => `${i ? "L" : "M"}${project(lng!, lat!).map(f1).join(" ")}`).join("") + (close ? "Z" : "");

/** The point `miles` from (lat, lng) on `bearing` degrees (great circle). */
function destination(lat: number, lng: number, miles: number, bearing: number): [number, number] {
  const d = miles / 3958.8;
  const b = rad(bearing);
  const la = Math.asin(Math.sin(rad(lat)) * Math.cos(d) + Math.cos(rad(lat)) * Math.sin(d) * Math.cos(b));
  const lo = rad(lng) + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(rad(lat)), Math.cos(d) - Math.sin(rad(lat)) * Math.sin(la));
  return [deg(lo), deg(la)];
}

/** Each county's label point: the population-weighted middle of its towns. */
function countyCentres(): Map<string, { lat: number; lng: number }> {
  const sums = new Map<string, { lat: number; lng: number; w: number }>();
  for (const c of cities) {
    if (!c.county) continue;
    const key = countyName(c.county);
    const s = sums.get(key) ?? { lat: 0, lng: 0, w: 0 };
    const w = Math.sqrt(c.population || 1);
    s.lat += c.lat * w;
    s.lng += c.lng * w;
    s.w += w;
    sums.set(key, s);
  }
  return new Map([...sums].map(([k, s]) => [k, { lat: s.lat / s.w, lng: s.lng / s.w }]));
}

export function renderServiceAreaSvg(area: ServiceArea): string {
  const project = projection();
  const land = outlines.land.map((r) => path(r as number[][], project, true)).join("");
  const borders = outlines.borders.map((l) => path(l as number[][], project, false)).join("");
  let overlay: string;
  let title: string;
  if (area.kind === "radius") {
    const ring = Array.from({ length: 97 }, (_, i) => destination(area.base.lat, area.base.lng, area.radiusMiles, (i * 360) / 96));
    const [x, y] = project(area.base.lng, area.base.lat);
    overlay =
      `<path d="${path(ring, project, true)}" fill="${C.gold}" fill-opacity="0.12" stroke="${C.gold}" stroke-width="1.4" stroke-dasharray="5 4"/>` +
      `<circle cx="${f1(x)}" cy="${f1(y)}" r="4.5" fill="${C.goldBright}" stroke="${C.sea}" stroke-width="1.5"/>` +
      `<text x="${f1(x + 8)}" y="${f1(y - 7)}" fill="${C.goldBright}" font-size="12" font-weight="600">${esc(area.base.label)}</text>`;
    title = `Service area: ${area.radiusMiles} miles around ${area.base.label}`;
  } else {
    const served = new Set(area.counties.map((c) => countyName(c).toLowerCase()));
    const dots = cities
      .filter((c) => c.county && served.has(countyName(c.county).toLowerCase()))
      .map((c) => project(c.lng, c.lat))
      .map(([x, y]) => `<circle cx="${f1(x)}" cy="${f1(y)}" r="1.6"/>`)
      .join("");
    const labels = [...countyCentres()]
      .map(([name, p]) => {
        const [x, y] = project(p.lng, p.lat);
        const on = served.has(name.toLowerCase());
        return `<text x="${f1(x)}" y="${f1(y)}" text-anchor="middle" fill="${on ? C.goldBright : C.muted}" font-size="${on ? 11.5 : 10.5}" font-weight="${on ? 600 : 400}" stroke="${C.sea}" stroke-width="3" paint-order="stroke">${esc(name)}</text>`;
      })
      .join("");
    overlay = `<g fill="${C.gold}" fill-opacity="0.8">${dots}</g>${labels}`;
    title = `Service area: ${area.counties.map(countyName).join(", ")}`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" role="img" font-family="${FONT}">` +
    `<title>${esc(title)}</title>` +
    `<rect width="100%" height="100%" fill="${C.sea}"/>` +
    `<path d="${land}" fill="${C.land}" stroke="${C.coast}" stroke-width="0.8"/>` +
    `<path d="${borders}" fill="none" stroke="${C.border}" stroke-width="0.7"/>` +
    overlay +
    `</svg>`
  );
}
