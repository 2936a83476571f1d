// The map chip: a 320x160 SVG drawn on the server from coordinates. Web Mercator fitted to the pins with
// padding; land and county borders from US Census outlines (data/counties.json, built by
// scripts/build-gazetteer.mjs); a gold pin per place; a dashed gold line between two places; a few
// nearby town labels placed so they overlap neither each other, the pins nor the route.
import outlines from "./data/counties.json";
import type { Gazetteer } from "./gazetteer";
import type { Place } from "./types";

export const MAP_WIDTH = 320;
export const MAP_HEIGHT = 160;

const C = {
  sea: "#08080a",
  land: "#18181c",
  coast: "#5a4d33",
  border: "#3a362d",
  label: "#8f897b",
  dot: "#6b665a",
  gold: "#c9a35c",
  goldBright: "#e0bf7a",
  goldDim: "#8c7441",
};
const FONT = "Inter, 'Helvetica Neue', Arial, sans-serif";
/** Smallest view: about 14 miles across, so a lone pin still shows its surroundings. */
const MIN_SPAN_LNG = 0.26;

type Pt = [number, number];
type Rect = { x0: number; y0: number; x1: number; y1: number };

const rad = (d: number) => (d * Math.PI) / 180;
const mercX = (lng: number) => rad(lng);
const mercY = (lat: number) => -Math.log(Math.tan(Math.PI / 4 + rad(lat) / 2));
const invY = (y: number) => (2 * Math.atan(Math.exp(-y)) - Math.PI / 2) * (180 / Math.PI);
const invX = (x: number) => x * (180 / Math.PI);

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const f1 = (n: number) => (Math.round(n * 10) / 10).toString();
const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && a.x1 > b.x0 && a.y0 < b.y1 && a.y1 > b.y0;

/** Fits Mercator to the places: pins need room above their point (the pin head) and beside it (labels). */
function fit(places: Place[]) {
  const xs = places.map((p) => mercX(p.lng));
  const ys = places.map((p) => mercY(p.lat));
  let [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = { l: 36, r: 36, t: 34, b: 18 };
  const innerW = MAP_WIDTH - pad.l - pad.r;
  const innerH = MAP_HEIGHT - pad.t - pad.b;
  const minSpan = rad(MIN_SPAN_LNG);
  const kMax = MAP_WIDTH / minSpan;
  const k = Math.min(kMax, x1 - x0 > 0 ? innerW / (x1 - x0) : kMax, y1 - y0 > 0 ? innerH / (y1 - y0) : kMax);
  // Centre the content box inside the padded area.
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  const ox = pad.l + innerW / 2;
  const oy = pad.t + innerH / 2;
  const project = (lng: number, lat: number): Pt => [ox + (mercX(lng) - cx) * k, oy + (mercY(lat) - cy) * k];
  x0 = cx - ox / k;
  x1 = cx + (MAP_WIDTH - ox) / k;
  y0 = cy - oy / k;
  y1 = cy + (MAP_HEIGHT - oy) / k;
  const view = { west: invX(x0), east: invX(x1), north: invY(y0), south: invY(y1) };
  return { project, view };
}

function pathOf(line: number[][], project: (lng: number, lat: number) => Pt, close: boolean): string {
  let d = "";
  let last: Pt | undefined;
  for (const c of line) {
    const p = project(c[0]!, c[1]!);
    if (last && Math.abs(p[0] - last[0]) < 0.6 && Math.abs(p[1] - last[1]) < 0.6) continue;
    d += `${last ? "L" : "M"}${f1(p[0])} ${f1(p[1])}`;
    last = p;
  }
  return d && close ? d + "Z" : d;
}

function touchesView(line: number[][], view: { west: number; east: number; north: number; south: number }) {
  const m = 0.2;
  let [w, e, s, n] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const c of line) {
    w = Math.min(w, c[0]!);
    e = Math.max(e, c[0]!);
    s = Math.min(s, c[1]!);
    n = Math.max(n, c[1]!);
  }
  return !(e < view.west - m || w > view.east + m || n < view.south - m || s > view.north + m);
}

function pinSvg([x, y]: Pt, filled: boolean): string {
  const body = "M0 0C-1.6-4.8-7-8.4-7-13.6A7 7 0 1 1 7-13.6C7-8.4 1.6-4.8 0 0Z";
  return (
    `<g transform="translate(${f1(x)} ${f1(y)})">` +
    `<ellipse cx="0" cy="0.6" rx="4.2" ry="1.4" fill="#000" opacity="0.55"/>` +
    `<path d="${body}" fill="${filled ? "url(#pin)" : C.sea}" stroke="${filled ? C.goldDim : C.gold}" stroke-width="${filled ? 0.8 : 1.6}"/>` +
    `<circle cx="0" cy="-13.6" r="2.5" fill="${filled ? C.sea : C.gold}"/>` +
    `</g>`
  );
}

const inside = (p: Pt, r: Rect) => p[0] > r.x0 && p[0] < r.x1 && p[1] > r.y0 && p[1] < r.y1;

/** Points every ~2 px along the quadratic curve a -> b (control c), to keep labels off the route. */
function sampleCurve(a: Pt, c: Pt, b: Pt): Pt[] {
  const steps = Math.max(8, Math.ceil((Math.hypot(c[0] - a[0], c[1] - a[1]) + Math.hypot(b[0] - c[0], b[1] - c[1])) / 2));
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

/** Faint meridians and parallels at a round step, 3-8 lines across the chip. */
function graticule(view: { west: number; east: number; north: number; south: number }, project: (lng: number, lat: number) => Pt): string {
  const span = view.east - view.west;
  const step = [0.02, 0.05, 0.1, 0.25, 0.5, 1].find((s) => span / s <= 8) ?? 1;
  let d = "";
  for (let lng = Math.ceil(view.west / step) * step; lng < view.east; lng += step) {
    const [x] = project(lng, view.north);
    d += `M${f1(x)} 0V${MAP_HEIGHT}`;
  }
  for (let lat = Math.ceil(view.south / step) * step; lat < view.north; lat += step) {
    const [, y] = project(view.west, lat);
    d += `M0 ${f1(y)}H${MAP_WIDTH}`;
  }
  return d;
}

export function renderMapSvg(gaz: Gazetteer, from: Place, to?: Place | null): string {
  const places = to ? [from, to] : [from];
  const { project, view } = fit(places);
  const pins = places.map((p) => project(p.lng, p.lat));

  const land = outlines.land
    .filter((r) => touchesView(r, view))
    .map((r) => pathOf(r, project, true))
    .join("");
  const borders = outlines.borders
    .filter((l) => touchesView(l, view))
    .map((l) => pathOf(l, project, false))
    .join("");

  // Route: a gentle arc between the pins (the chip shows the trip, not the road taken).
  let route = "";
  let routePts: Pt[] = [];
  if (to) {
    const [a, b] = [pins[0]!, pins[1]!];
    const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const bend = Math.min(18, len * 0.12);
    const ctrl: Pt = len ? [mx + ((b[1] - a[1]) / len) * bend, my - ((b[0] - a[0]) / len) * bend] : [mx, my];
    route = `<path d="M${f1(a[0])} ${f1(a[1])}Q${f1(ctrl[0])} ${f1(ctrl[1])} ${f1(b[0])} ${f1(b[1])}" fill="none" stroke="${C.gold}" stroke-width="1.6" stroke-dasharray="4 3.5" stroke-linecap="round" opacity="0.95"/>`;
    routePts = sampleCurve(a, ctrl, b);
  }

  // Labels: the most populous towns in view, each tried right, left, above and below its dot.
  const taken: Rect[] = pins.map(([x, y]) => ({ x0: x - 9, y0: y - 24, x1: x + 9, y1: y + 3 }));
  const bounds: Rect = { x0: 4, y0: 4, x1: MAP_WIDTH - 4, y1: MAP_HEIGHT - 4 };
  const labels: string[] = [];
  const fs = 7.5;
  for (const e of gaz.citiesIn(view)) {
    if (labels.length >= (to ? 4 : 5)) break;
    const [x, y] = project(e.place.lng, e.place.lat);
    if (x < bounds.x0 + 2 || x > bounds.x1 - 2 || y < bounds.y0 + 2 || y > bounds.y1 - 2) continue;
    const dot: Rect = { x0: x - 3, y0: y - 3, x1: x + 3, y1: y + 3 };
    if (taken.some((r) => overlaps(r, dot))) continue;
    const text = e.place.name.toUpperCase();
    const w = text.length * fs * 0.68 + 2;
    const h = fs + 2;
    const options: { r: Rect; tx: number; ty: number; anchor: string }[] = [
      { r: { x0: x + 4, y0: y - h / 2, x1: x + 4 + w, y1: y + h / 2 }, tx: x + 5, ty: y + fs * 0.36, anchor: "start" },
      { r: { x0: x - 4 - w, y0: y - h / 2, x1: x - 4, y1: y + h / 2 }, tx: x - 5, ty: y + fs * 0.36, anchor: "end" },
      { r: { x0: x - w / 2, y0: y - 4 - h, x1: x + w / 2, y1: y - 4 }, tx: x, ty: y - 5.5, anchor: "middle" },
      { r: { x0: x - w / 2, y0: y + 4, x1: x + w / 2, y1: y + 4 + h }, tx: x, ty: y + 4 + fs, anchor: "middle" },
    ];
    const ok = options.find(
      (o) =>
        o.r.x0 >= bounds.x0 &&
        o.r.x1 <= bounds.x1 &&
        o.r.y0 >= bounds.y0 &&
        o.r.y1 <= bounds.y1 &&
        !taken.some((t) => overlaps(t, o.r)) &&
        !routePts.some((p) => inside(p, o.r) || inside(p, dot)),
    );
    if (!ok) continue;
    taken.push(dot, ok.r);
    labels.push(
      `<circle cx="${f1(x)}" cy="${f1(y)}" r="1.5" fill="${C.dot}"/>` +
        `<text x="${f1(ok.tx)}" y="${f1(ok.ty)}" text-anchor="${ok.anchor}">${esc(text)}</text>`,
    );
  }

  const title = to ? `Map: ${from.name} to ${to.name}` : `Map: ${from.name}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MAP_WIDTH}" height="${MAP_HEIGHT}" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" role="img" aria-label="${esc(title)}">` +
    `<title>${esc(title)}</title>` +
    `<defs>` +
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0d0d10"/><stop offset="1" stop-color="${C.sea}"/></linearGradient>` +
    `<radialGradient id="land" cx="50%" cy="40%" r="80%"><stop offset="0" stop-color="#1f1d19"/><stop offset="1" stop-color="${C.land}"/></radialGradient>` +
    `<linearGradient id="pin" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.goldBright}"/><stop offset="1" stop-color="${C.gold}"/></linearGradient>` +
    `<clipPath id="frame"><rect width="${MAP_WIDTH}" height="${MAP_HEIGHT}"/></clipPath>` +
    `</defs>` +
    `<rect width="${MAP_WIDTH}" height="${MAP_HEIGHT}" fill="${C.sea}"/>` +
    `<g clip-path="url(#frame)">` +
    `<rect width="${MAP_WIDTH}" height="${MAP_HEIGHT}" fill="url(#sea)"/>` +
    (land ? `<path d="${land}" fill="url(#land)" stroke="${C.coast}" stroke-width="0.8" stroke-linejoin="round" stroke-opacity="0.8"/>` : "") +
    `<path d="${graticule(view, project)}" stroke="#ece7dc" stroke-opacity="0.045" stroke-width="0.5"/>` +
    (borders ? `<path d="${borders}" fill="none" stroke="${C.border}" stroke-width="0.6" stroke-dasharray="3 2"/>` : "") +
    `<g font-family="${FONT}" font-size="${fs}" letter-spacing="0.6" fill="${C.label}">${labels.join("")}</g>` +
    route +
    pins.map((p, i) => pinSvg(p, i === 0)).join("") +
    `</g>` +
    `<rect x="0.5" y="0.5" width="${MAP_WIDTH - 1}" height="${MAP_HEIGHT - 1}" fill="none" stroke="${C.goldDim}" stroke-opacity="0.35"/>` +
    `</svg>`
  );
}
