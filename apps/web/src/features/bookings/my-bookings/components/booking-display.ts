// Reading a booking for display: service names, status tones, and the ride/valet details stored with the
// booking (one shape per service, typed in packages/shared).
import { rideFlightView, type RideFlightView } from "@meridian/shared/flights";
import { SERVICE_TIME_ZONE } from "@meridian/shared/booking";
import { wallClock } from "@meridian/shared/zoned-time";
import { placeView, type BookingDetails } from "@meridian/shared/booking-details";

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
  /** An airport pickup's flight (times on the service area's clock). */
  flight?: RideFlightView;
};

export function readBookingDetails(d: BookingDetails): BookingView {
  const lines = d.quote.lines.map(({ label, amountUsd }) => ({ label, amountUsd }));
  if (d.service === "ride") {
    return {
      pickup: placeView(d.pickup),
      dropoff: placeView(d.dropoff),
      vehicle: d.quote.vehicleName,
      passengers: d.passengers,
      luggage: d.luggage,
      time: d.time,
      miles: d.quote.miles,
      minutes: d.quote.minutes,
      lines,
      totalUsd: d.quote.totalUsd,
      ...(d.flight ? { flight: rideFlightView(d.flight, (at) => wallClock(at, SERVICE_TIME_ZONE).time) } : {}),
    };
  }
  return {
    address: placeView(d.address),
    time: d.startTime,
    lines,
    totalUsd: d.quote.totalUsd,
    eventType: d.quote.eventLabel,
    customerName: d.customerName || undefined,
    startTime: d.startTime,
    endTime: d.endTime,
    expectedVehicles: d.expectedVehicles,
    notes: d.notes.trim() || undefined,
  };
}

/** "14:30" -> "2:30 PM". */
export function formatTime(hhmm: string | undefined) {
  const m = hhmm?.match(/^(\d{1,2}):(\d{2})/);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${((h + 11) % 12) + 1}:${m[2]} ${h < 12 ? "AM" : "PM"}`;
}
