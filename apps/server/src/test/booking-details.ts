// Test-only: complete booking details (the one shape bookings.details accepts), for rows tests insert directly.
import type { BookingDetails, RideDetails, ValetDetails } from "@meridian/shared/booking-details";
import type { Place } from "@meridian/shared/places";

export const testPlace = (placeId: string, name: string, address: string): Place => ({
  placeId,
  name,
  address,
  lat: 34.05,
  lng: -118.25,
  precision: "venue",
  components: [],
});

export function rideDetails(over: Partial<RideDetails> = {}): RideDetails {
  const lines = [{ kind: "base" as const, label: "Base fee", amountUsd: 120 }];
  return {
    service: "ride",
    pickup: testPlace("p1", "LAX", "1 World Way, Los Angeles, CA"),
    dropoff: testPlace("p2", "Hotel Bel-Air", "701 Stone Canyon Rd, Los Angeles, CA"),
    passengers: 1,
    luggage: 0,
    date: "2026-06-01",
    time: "12:00",
    vehicleTypeId: "00000000-0000-4000-8000-000000000000",
    miles: 12.3,
    minutes: 30,
    quote: { method: "miles_minutes", vehicleTypeId: "00000000-0000-4000-8000-000000000000", vehicleName: "Sedan", miles: 12.3, minutes: 30, lines, totalUsd: 120, currency: "USD" },
    ...over,
  };
}

export function valetDetails(over: Partial<ValetDetails> = {}): ValetDetails {
  const lines = [{ kind: "base" as const, label: "Event base fee", amountUsd: 120 }];
  return {
    service: "valet",
    customerName: "Ava Sterling",
    eventType: "Wedding",
    eventTypeOther: "",
    address: testPlace("p3", "Hotel Bel-Air", "701 Stone Canyon Rd, Los Angeles, CA"),
    date: "2026-06-01",
    startTime: "17:00",
    endTime: "21:00",
    durationMinutes: 240,
    expectedVehicles: 60,
    attendants: 3,
    notes: "",
    quote: {
      service: "valet",
      eventType: "Wedding",
      eventLabel: "Wedding",
      durationMinutes: 240,
      billableHours: 4,
      expectedVehicles: 60,
      expectedVehiclesDefaulted: false,
      attendants: 3,
      lines,
      totalUsd: 120,
      currency: "USD",
    },
    ...over,
  };
}

/** Complete details for a service ("ride" or "valet"), dated `date` when given. */
export const detailsFor = (service: string, date?: string): BookingDetails =>
  service === "valet" ? valetDetails(date ? { date } : {}) : rideDetails(date ? { date } : {});
