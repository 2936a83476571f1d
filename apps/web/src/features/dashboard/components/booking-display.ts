// Reading a booking for display: service names, status tones, and the ride/valet details stored in
// the booking's `details` JSON (read defensively: older or partial bookings just show less).
import type { QuoteLine } from "@meridian/shared/pricing";

export const serviceName = (service: string) =>
  service === "ride" ? "Ride" : service === "valet" ? "Valet" : service.charAt(0).toUpperCase() + service.slice(1);

export const serviceTagline = (service: string) =>
  service === "ride" ? "Executive chauffeur" : service === "valet" ? "Valet parking" : "Meridian service";

/** The dashboard colours confirmed, completed and cancelled (no-show too), a ride under way in blue; every other status looks like pending. */
export function bookingStatusTone(status: string): "gold" | "success" | "danger" | "neutral" | "info" {
  if (status === "confirmed") return "gold";
  if (status === "completed") return "success";
  if (status === "cancelled" || status === "no_show" || status === "expired") return "danger";
  if (status === "en_route" || status === "on_location" || status === "on_board") return "info";
  return "neutral";
}

export function ticketStatusTone(status: string): "gold" | "neutral" | "danger" {
  if (status === "active") return "gold";
  if (status === "void") return "danger";
  return "neutral";
}

export const statusLabel = (status: string) => status.replace(/_/g, " ");

export type PlaceLike = { name: string; address?: string };
export type BookingView = {
  pickup?: PlaceLike;
  dropoff?: PlaceLike;
  address?: PlaceLike;
  vehicle?: string;
  passengers?: number;
  luggage?: number;
  time?: string;
  miles?: number;
  minutes?: number;
  lines: { label: string; amountUsd: number }[];
  totalUsd?: number;
  eventType?: string;
  customerName?: string;
  startTime?: string;
  endTime?: string;
  expectedVehicles?: number;
  notes?: string;
};

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function place(v: unknown): PlaceLike | undefined {
  const s = str(v);
  if (s) return { name: s };
  const o = obj(v);
  if (!o) return undefined;
  const name = str(o.name) ?? str(o.primary) ?? str(o.address);
  if (!name) return undefined;
  let address = str(o.address) ?? str(o.secondary);
  // Addresses often repeat the place's name first ("LAX, 1 World Way, ..."): show the rest only once.
  if (address?.startsWith(`${name}, `)) address = address.slice(name.length + 2);
  return { name, address: address && address !== name ? address : undefined };
}

export function readBookingDetails(details: Record<string, unknown> | null | undefined): BookingView {
  const d = obj(details) ?? {};
  const ride = obj(d.ride) ?? obj(d.rideDetails) ?? d;
  const valet = obj(d.valet) ?? obj(d.valetDetails) ?? d;
  const quote = obj(d.quote) ?? obj(ride.quote);
  const rawLines = Array.isArray(quote?.lines) ? (quote.lines as Partial<QuoteLine>[]) : [];
  const lines = rawLines
    .filter((l) => typeof l?.label === "string" && typeof l?.amountUsd === "number")
    .map((l) => ({ label: l.label as string, amountUsd: l.amountUsd as number }));
  const vehicle = obj(ride.vehicle);
  return {
    pickup: place(ride.pickup) ?? place(ride.pickupPlace),
    dropoff: place(ride.dropoff) ?? place(ride.dropoffPlace),
    address: place(valet.address),
    vehicle: str(ride.vehicleName) ?? str(vehicle?.name) ?? str(quote?.vehicleName),
    passengers: num(ride.passengers),
    luggage: num(ride.luggage),
    time: str(ride.time) ?? str(valet.startTime),
    miles: num(quote?.miles) ?? num(ride.miles),
    minutes: num(quote?.minutes) ?? num(ride.minutes),
    lines,
    totalUsd: num(quote?.totalUsd) ?? num(quote?.total),
    eventType: str(quote?.eventLabel) ?? str(valet.eventType),
    customerName: str(valet.customerName),
    startTime: str(valet.startTime),
    endTime: str(valet.endTime),
    expectedVehicles: num(valet.expectedVehicles),
    notes: str(valet.notes) ?? str(valet.specialInstructions),
  };
}

/** "14:30" -> "2:30 PM". */
export function formatTime(hhmm: string | undefined) {
  const m = hhmm?.match(/^(\d{1,2}):(\d{2})/);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${((h + 11) % 12) + 1}:${m[2]} ${h < 12 ? "AM" : "PM"}`;
}
