// Reads bookings.details (ride: pickup, dropoff, passengers, luggage, time, miles, minutes, quote) defensively:
// a partial or older booking just shows less.
type Place = { name: string; address?: string };
export type RideView = {
  pickup?: Place;
  dropoff?: Place;
  passengers?: number;
  luggage?: number;
  time?: string;
  miles?: number;
  minutes?: number;
  vehicleName?: string;
  lines: { label: string; amountUsd: number }[];
  totalUsd?: number;
  extra: [string, string][];
};

const obj = (v: unknown) => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function place(v: unknown): Place | undefined {
  const s = str(v);
  if (s) return { name: s };
  const o = obj(v);
  const name = o && (str(o.name) ?? str(o.address));
  if (!o || !name) return undefined;
  const address = str(o.address);
  return { name, address: address && address !== name ? address : undefined };
}

const KNOWN = new Set(["pickup", "dropoff", "passengers", "luggage", "date", "time", "vehicleTypeId", "miles", "minutes", "quote"]);

export function readRideDetails(details: Record<string, unknown>): RideView {
  const d = obj(details.ride) ?? obj(details.valet) ?? details;
  const quote = obj(d.quote) ?? obj(details.quote);
  const lines = (Array.isArray(quote?.lines) ? quote.lines : [])
    .map(obj)
    .filter((l): l is Record<string, unknown> => Boolean(l && typeof l.label === "string" && typeof l.amountUsd === "number"))
    .map((l) => ({ label: l.label as string, amountUsd: l.amountUsd as number }));
  // Anything else stored (valet event details, notes...) is shown as plain text.
  const extra: [string, string][] = [];
  for (const [k, v] of Object.entries(d)) {
    if (KNOWN.has(k) || v == null || typeof v === "object") continue;
    extra.push([k.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()), String(v)]);
  }
  return {
    pickup: place(d.pickup),
    dropoff: place(d.dropoff),
    passengers: num(d.passengers),
    luggage: num(d.luggage),
    time: str(d.time),
    miles: num(quote?.miles) ?? num(d.miles),
    minutes: num(quote?.minutes) ?? num(d.minutes),
    vehicleName: str(quote?.vehicleName),
    lines,
    totalUsd: num(quote?.totalUsd),
    extra,
  };
}
