import { describe, expect, it } from "vitest";
import { bookingStatusTone, formatTime, readBookingDetails, serviceName, statusLabel } from "./booking-display";

describe("booking status styling", () => {
  it.each([
    ["confirmed", "gold"],
    ["completed", "success"],
    ["cancelled", "danger"],
    // The spec: every other status is styled as pending.
    ["pending", "neutral"],
    ["in_progress", "neutral"],
    ["refunded", "neutral"],
    ["something_new", "neutral"],
  ] as const)("%s -> %s", (status, tone) => {
    expect(bookingStatusTone(status)).toBe(tone);
  });

  it("labels statuses in words", () => {
    expect(statusLabel("in_progress")).toBe("in progress");
  });

  it("names the services", () => {
    expect(serviceName("ride")).toBe("Ride");
    expect(serviceName("valet")).toBe("Valet");
    expect(serviceName("shuttle")).toBe("Shuttle");
  });
});

describe("formatTime", () => {
  it.each([
    ["00:00", "12:00 AM"],
    ["09:05", "9:05 AM"],
    ["12:00", "12:00 PM"],
    ["18:30", "6:30 PM"],
    ["23:45", "11:45 PM"],
  ])("%s -> %s", (input, output) => {
    expect(formatTime(input)).toBe(output);
  });
  it("leaves anything else alone", () => {
    expect(formatTime(undefined)).toBeUndefined();
    expect(formatTime("soon")).toBe("soon");
  });
});

describe("readBookingDetails", () => {
  const place = (placeId: string, name: string, address: string) => ({ placeId, name, address, lat: 34, lng: -118, precision: "venue" as const, components: [] });
  it("reads a ride as the booking service stores it", () => {
    const view = readBookingDetails({
      service: "ride",
      pickup: place("emb:apt:LAX", "Los Angeles International Airport (LAX)", "Los Angeles International Airport (LAX), Los Angeles, CA 90045"),
      dropoff: place("emb:city:1", "Santa Monica", "Santa Monica, CA, USA"),
      passengers: 2,
      luggage: 1,
      date: "2026-12-20",
      time: "18:30",
      vehicleTypeId: "v1",
      miles: 8.6,
      minutes: 17,
      quote: {
        method: "miles_minutes",
        vehicleTypeId: "v1",
        vehicleName: "Executive Sedan",
        miles: 8.6,
        minutes: 17,
        totalUsd: 87.4,
        currency: "USD",
        lines: [
          { kind: "base", label: "Base fee", amountUsd: 45 },
          { kind: "distance", label: "8.6 mi × $3.25", amountUsd: 27.95 },
          { kind: "time", label: "17 min × $0.85", amountUsd: 14.45 },
        ],
      },
    });
    expect(view.pickup).toEqual({ name: "Los Angeles International Airport (LAX)", address: "Los Angeles, CA 90045" });
    expect(view.dropoff).toEqual({ name: "Santa Monica", address: "CA, USA" });
    expect(view.vehicle).toBe("Executive Sedan");
    expect([view.passengers, view.luggage, view.time, view.miles, view.minutes, view.totalUsd]).toEqual([2, 1, "18:30", 8.6, 17, 87.4]);
    expect(view.lines.map((l) => l.amountUsd)).toEqual([45, 27.95, 14.45]);
  });

  it("reads valet details", () => {
    const view = readBookingDetails({
      service: "valet",
      customerName: "Ada Lovelace",
      eventType: "Wedding",
      eventTypeOther: "",
      address: place("a1", "1500 Orange Ave, Coronado, CA", "1500 Orange Ave, Coronado, CA"),
      date: "2026-12-20",
      startTime: "17:00",
      endTime: "22:00",
      durationMinutes: 300,
      expectedVehicles: 40,
      attendants: 2,
      notes: "Side entrance",
      quote: {
        service: "valet",
        eventType: "Wedding",
        eventLabel: "Wedding",
        durationMinutes: 300,
        billableHours: 5,
        expectedVehicles: 40,
        expectedVehiclesDefaulted: false,
        attendants: 2,
        lines: [{ kind: "base", label: "Event base fee", amountUsd: 100 }],
        totalUsd: 100,
        currency: "USD",
      },
    });
    expect(view).toMatchObject({
      customerName: "Ada Lovelace",
      eventType: "Wedding",
      address: { name: "1500 Orange Ave, Coronado, CA" },
      startTime: "17:00",
      endTime: "22:00",
      expectedVehicles: 40,
      notes: "Side entrance",
    });
    expect(view.pickup).toBeUndefined();
  });
});
