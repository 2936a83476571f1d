// @vitest-environment happy-dom
// Pricing Simulator: what a ride and an event simulation send and the quote shown, each field's message under it
// (nothing sent), the server's refusal of a field under it and its message in the result.
import type { PricingOverview } from "@meridian/shared/fleet";
import { priceRide, type Quote } from "@meridian/shared/pricing";
import { DEMO_VALET_RATES, priceValet } from "@meridian/shared/valet-pricing";
import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, renderApp, retype, serveApi, type Routes } from "@/test/render";
import { PricingSimulator } from "./pricing-simulator";

const SEDAN_ID = "7f1d7a52-4f55-4c1e-9a3e-0d6a0e2b1c01";
const SUV_ID = "7f1d7a52-4f55-4c1e-9a3e-0d6a0e2b1c02";
const vehicle = (id: string, name: string, active: boolean) => ({ id, name, baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3, active, createdAt: "2026-01-05T10:00:00.000Z" });
const OVERVIEW: PricingOverview = {
  method: "miles_minutes",
  vehicles: [
    { vehicle: vehicle(SEDAN_ID, "Executive Sedan", true), rateCard: { id: "rc1", vehicleTypeId: SEDAN_ID, perMileUsd: 3.5, perMinuteUsd: 0.75, active: true }, tiers: [] },
    { vehicle: vehicle(SUV_ID, "Luxury SUV", false), rateCard: { id: "rc2", vehicleTypeId: SUV_ID, perMileUsd: 4, perMinuteUsd: 1, active: true }, tiers: [] },
  ],
};
const rideQuote = (miles: number, minutes: number): Quote => {
  const priced = priceRide({ method: "miles_minutes", vehicle: OVERVIEW.vehicles[1]!.vehicle, rateCard: OVERVIEW.vehicles[1]!.rateCard!, tiers: [], miles, minutes });
  if (!priced.ok) throw new Error(priced.message);
  return priced.quote;
};

function open(routes: Routes = {}) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, ...routes });
  const app = renderApp(<PricingSimulator overview={OVERVIEW} />);
  const field = (label: string) => app.screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
  /** The fields typed over (in the order given), then Simulate Quote. */
  const simulate = async (typed: Record<string, string> = {}) => {
    for (const [label, value] of Object.entries(typed)) await retype(app.user, field(label), value);
    await app.user.click(app.screen.getByRole("button", { name: "Simulate Quote" }));
  };
  const posts = () => calls.filter((c) => c.method === "POST");
  return { ...app, calls, field, simulate, posts };
}

const messageUnder = (id: string, message: string) => waitFor(() => expect(document.getElementById(`${id}-error`)?.textContent).toBe(message));

describe("PricingSimulator, ride", () => {
  it("prices the chosen vehicle's trip with the method asked for, and shows the itemised quote", async () => {
    const app = open({ "POST /api/admin/pricing/simulate": (body) => ({ json: { quote: rideQuote((body as { miles: number }).miles, (body as { minutes: number }).minutes) } }) });
    expect((app.field("Vehicle") as unknown as HTMLSelectElement).value).toBe(SEDAN_ID);
    await app.user.selectOptions(app.field("Vehicle"), "Luxury SUV (inactive)");
    await retype(app.user, app.field("Miles"), "20.5");
    await retype(app.user, app.field("Minutes"), "45");
    await app.user.selectOptions(app.field("Method"), "miles_minutes");
    await app.simulate();
    expect(await app.screen.findByTestId("simulator-total")).toBeTruthy();
    expect(app.screen.getByTestId("simulator-total").textContent).toBe("$172.00"); // 45 + 20.5 × 4 + 45 × 1
    expect(app.posts()[0]?.body).toEqual({ vehicleTypeId: SUV_ID, miles: 20.5, minutes: 45, method: "miles_minutes" });
  });

  it("uses the live method unless another is chosen", async () => {
    const app = open({ "POST /api/admin/pricing/simulate": () => ({ json: { quote: rideQuote(12, 30) } }) });
    expect((app.field("Method") as unknown as HTMLSelectElement).selectedOptions[0]?.textContent).toBe("Live: Miles & Minutes");
    await app.simulate();
    await waitFor(() => expect(app.posts()[0]?.body).toEqual({ vehicleTypeId: SEDAN_ID, miles: 12, minutes: 30 }));
  });

  it("asks for the miles and refuses negative minutes, under each, sending nothing", async () => {
    const app = open();
    await app.simulate({ Miles: "", Minutes: "-3" });
    await messageUnder("sim-miles", "Miles must be a number.");
    await messageUnder("sim-minutes", "Minutes must be 0 or more.");
    expect(app.posts()).toHaveLength(0);
  });

  it("puts the server's refusal under its field and says why in the result", async () => {
    const app = open({ "POST /api/admin/pricing/simulate": apiError(400, "validation_error", "Miles must be at most 99999.99.", { miles: "Miles must be at most 99999.99." }) });
    await app.simulate({ Miles: "99999" });
    await messageUnder("sim-miles", "Miles must be at most 99999.99.");
    expect(app.screen.getByTestId("simulator-result").textContent).toContain("Miles must be at most 99999.99.");
  });

  it("shows a price the server cannot give (no tier for the distance) in the result", async () => {
    const app = open({ "POST /api/admin/pricing/simulate": apiError(422, "no_tier", "No fixed tier covers 12 miles for Executive Sedan.") });
    await app.simulate();
    expect(await app.screen.findByText("No fixed tier covers 12 miles for Executive Sedan.")).toBeTruthy();
  });
});

describe("PricingSimulator, event valet", () => {
  const switchToValet = (app: ReturnType<typeof open>) => app.user.click(app.screen.getByRole("radio", { name: "Event valet" }));

  it("prices an event with the saved draft, the vehicles left to the card's default", async () => {
    const priced = priceValet(DEMO_VALET_RATES, { eventType: "Corporate", startTime: "18:00", endTime: "23:30", expectedVehicles: null });
    const app = open({ "POST /api/admin/pricing/simulate-valet": () => ({ json: { quote: priced.ok ? priced.quote : null } }) });
    await switchToValet(app);
    await app.user.selectOptions(app.field("Event type"), "Corporate");
    await retype(app.user, app.field("Start"), "18:00");
    await retype(app.user, app.field("End"), "23:30");
    await retype(app.user, app.field("Expected vehicles"), "");
    await app.user.selectOptions(app.field("Rates"), "Saved draft");
    await app.simulate();
    expect(await app.screen.findByTestId("simulator-total")).toBeTruthy();
    expect(app.posts()[0]?.body).toEqual({ rates: "draft", eventType: "Corporate", startTime: "18:00", endTime: "23:30", expectedVehicles: null });
    expect(app.screen.getByTestId("simulator-result").textContent).toContain("60 cars");
  });

  it("refuses a fraction of a car and an emptied start time, under each", async () => {
    const app = open();
    await switchToValet(app);
    await app.simulate({ "Expected vehicles": "2.5", Start: "" });
    await messageUnder("sim-vehicles", "Expected vehicles must be a whole number of at least 1.");
    await messageUnder("sim-start", "Time is required.");
    expect(app.posts()).toHaveLength(0);
  });

  it("puts the server's refusal of the end time under End", async () => {
    const app = open({ "POST /api/admin/pricing/simulate-valet": apiError(400, "validation_error", "The event must end after it starts.", { endTime: "The event must end after it starts." }) });
    await switchToValet(app);
    await app.simulate();
    await messageUnder("sim-end", "The event must end after it starts.");
  });
});
