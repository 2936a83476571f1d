// Reads bookings.details (ride: pickup, dropoff, passengers, luggage, time, miles, minutes, quote; valet: the
// event, address, times, vehicles, attendants, notes, quote) defensively: a partial or older booking just shows less.
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
  /** Valet bookings: the event. */
  event?: { label?: string; guest?: string; address?: Place; startTime?: string; endTime?: string; durationMinutes?: number; vehicles?: number; vehiclesEstimated: boolean; attendants?: number; notes?: string };
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
  let address = str(o.address);
  // Addresses often repeat the place's name first ("LAX, 1 World Way, ..."): show the rest only once.
  if (address?.startsWith(`${name}, `)) address = address.slice(name.length + 2);
  return { name, address: address && address !== name ? address : undefined };
}

const KNOWN = new Set(["pickup", "dropoff", "passengers", "luggage", "date", "time", "vehicleTypeId", "miles", "minutes", "quote"]);
const VALET_KNOWN = ["customerName", "eventType", "eventTypeOther", "address", "startTime", "endTime", "durationMinutes", "expectedVehicles", "attendants", "notes"];

export function readRideDetails(details: Record<string, unknown>): RideView {
  const d = obj(details.ride) ?? obj(details.valet) ?? details;
  const quote = obj(d.quote) ?? obj(details.quote);
  const lines = (Array.isArray(quote?.lines) ? quote.lines : [])
    .map(obj)
    .filter((l): l is Record<string, unknown> => Boolean(l && typeof l.label === "string" && typeof l.amountUsd === "number"))
    .map((l) => ({ label: l.label as string, amountUsd: l.amountUsd as number }));
  // Anything else stored (valet event details, notes...) is shown as plain text.
  const isValet = typeof d.eventType === "string" && typeof d.startTime === "string";
  const event = isValet
    ? {
        label: str(quote?.eventLabel) ?? str(d.eventType),
        guest: str(d.customerName),
        address: place(d.address),
        startTime: str(d.startTime),
        endTime: str(d.endTime),
        durationMinutes: num(d.durationMinutes),
        vehicles: num(d.expectedVehicles),
        vehiclesEstimated: quote?.expectedVehiclesDefaulted === true,
        attendants: num(d.attendants),
        notes: str(d.notes),
      }
    : undefined;
  const extra: [string, string][] = [];
  for (const [k, v] of Object.entries(d)) {
    if (KNOWN.has(k) || (isValet && VALET_KNOWN.includes(k)) || v == null || typeof v === "object") continue;
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
    event,
    extra,
  };
}
