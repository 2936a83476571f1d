// What the admin's booking dialog shows of bookings.details (one shape per service, typed in packages/shared).
import { placeView, type BookingDetails } from "@meridian/shared/booking-details";

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
};

export function readRideDetails(d: BookingDetails): RideView {
  const lines = d.quote.lines.map(({ label, amountUsd }) => ({ label, amountUsd }));
  if (d.service === "valet") {
    return {
      lines,
      totalUsd: d.quote.totalUsd,
      event: {
        label: d.quote.eventLabel,
        guest: d.customerName || undefined,
        address: placeView(d.address),
        startTime: d.startTime,
        endTime: d.endTime,
        durationMinutes: d.durationMinutes,
        vehicles: d.expectedVehicles,
        vehiclesEstimated: d.quote.expectedVehiclesDefaulted,
        attendants: d.attendants,
        notes: d.notes.trim() || undefined,
      },
    };
  }
  return {
    pickup: placeView(d.pickup),
    dropoff: placeView(d.dropoff),
    passengers: d.passengers,
    luggage: d.luggage,
    time: d.time,
    miles: d.quote.miles,
    minutes: d.quote.minutes,
    vehicleName: d.quote.vehicleName,
    lines,
    totalUsd: d.quote.totalUsd,
  };
}
