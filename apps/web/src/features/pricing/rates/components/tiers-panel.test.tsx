// @vitest-environment happy-dom
// Ride: Fixed Tiers, one vehicle: what Add Tier and an edit send, each field's message under it (and the Validation
// Error toast), an overlap with another tier under Miles To, the server's message under its field.
import { TIER_RANGE_MESSAGE, TIER_REQUIRED_MESSAGE, type AdminTier, type AdminVehicle } from "@meridian/shared/fleet";
import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, renderApp, retype, serveApi, type Routes } from "@/test/render";
import { TiersPanel } from "./tiers-panel";

const VEHICLE_ID = "7f1d7a52-4f55-4c1e-9a3e-0d6a0e2b1c01";
const SEDAN: AdminVehicle = { id: VEHICLE_ID, name: "Executive Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3, active: true, createdAt: "2026-01-05T10:00:00.000Z" };
const SHORT: AdminTier = { id: "t1", vehicleTypeId: VEHICLE_ID, milesMin: 0, milesMax: 5, priceUsd: 60, active: true };
const MEDIUM: AdminTier = { id: "t2", vehicleTypeId: VEHICLE_ID, milesMin: 5, milesMax: 10, priceUsd: 90, active: true };
const overview = (tiers: AdminTier[]) => ({ json: { method: "fixed_tiers", vehicles: [{ vehicle: SEDAN, rateCard: null, tiers }] } });
const savedTier = (body: unknown) => ({ json: { tier: { ...SHORT, id: "t9", ...(body as object) } } });

function open(tiers: AdminTier[], routes: Routes = {}) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, "GET /api/admin/pricing": overview(tiers), ...routes });
  const app = renderApp(<TiersPanel vehicle={SEDAN} tiers={tiers} />);
  const field = (label: string) => app.screen.getByLabelText(label) as HTMLInputElement;
  const saveTier = () => app.user.click(app.screen.getByRole("button", { name: "Save tier" }));
  const sent = (method: string) => calls.filter((c) => c.method === method);
  /** Add Tier, the fields typed over (in the order given), then Save tier. */
  const addTier = async (typed: Record<string, string> = {}) => {
    await app.user.click(app.screen.getByRole("button", { name: "Add Tier" }));
    for (const [label, value] of Object.entries(typed)) await retype(app.user, field(label), value);
    await saveTier();
  };
  return { ...app, calls, field, saveTier, sent, addTier };
}

const messageUnder = (id: string, message: string) => waitFor(() => expect(document.getElementById(`${id}-error`)?.textContent).toBe(message));

describe("TiersPanel", () => {
  it("adds a tier after the last one", async () => {
    const app = open([SHORT, MEDIUM], { "POST /api/admin/pricing/tiers": (body) => ({ status: 201, ...savedTier(body) }) });
    await app.addTier({ "Miles From": "10", "Miles To": "25.5", Price: "135" });
    expect(await app.screen.findByText("Tier Saved!")).toBeTruthy();
    expect(app.screen.getByText("Executive Sedan: 10 - 25.5 miles at $135.00.")).toBeTruthy();
    expect(app.sent("POST")[0]?.body).toEqual({ vehicleTypeId: VEHICLE_ID, milesMin: 10, milesMax: 25.5, priceUsd: 135, active: true });
    await waitFor(() => expect(app.screen.queryByTestId("tier-editor")).toBeNull());
  });

  it("edits a tier's price and switches it off, sending the tier without its vehicle", async () => {
    const app = open([SHORT], { "PATCH /api/admin/pricing/tiers/t1": savedTier });
    await app.user.click(app.screen.getByRole("button", { name: "Edit tier 0 - 5" }));
    expect(app.field("Price").value).toBe("60");
    await retype(app.user, app.field("Price"), "65.25");
    await app.user.click(app.screen.getByRole("switch", { name: "Tier active" }));
    await app.saveTier();
    expect(await app.screen.findByText("Tier Saved!")).toBeTruthy();
    expect(app.sent("PATCH")[0]?.body).toEqual({ milesMin: 0, milesMax: 5, priceUsd: 65.25, active: false });
  });

  it("asks for every field: an emptied mileage and price each say so under them", async () => {
    const app = open([]);
    await app.addTier({ "Miles From": "", Price: "" });
    await messageUnder("tier-min-new", TIER_REQUIRED_MESSAGE);
    await messageUnder("tier-price-new", "Price is required.");
    expect(await app.screen.findByText("Validation Error")).toBeTruthy();
    expect(app.sent("POST")).toHaveLength(0);
  });

  it("refuses Miles From not below Miles To (the new tier's 0 - 0), under Miles To", async () => {
    const app = open([]);
    await app.addTier();
    await messageUnder("tier-max-new", TIER_RANGE_MESSAGE);
    expect(app.field("Miles To").getAttribute("aria-invalid")).toBe("true");
    expect(app.sent("POST")).toHaveLength(0);
  });

  it("refuses a negative mileage and a price with fractions of a cent", async () => {
    const app = open([]);
    await app.addTier({ "Miles From": "-1", "Miles To": "4", Price: "10.005" });
    await messageUnder("tier-min-new", "Miles From must be 0 or more.");
    await messageUnder("tier-price-new", "Price can have at most 2 decimals.");
  });

  it("refuses a tier overlapping another of the vehicle's, as the tiers are now, without sending it", async () => {
    // The list shown is older than the server's: the check uses the tiers fetched fresh.
    const app = open([SHORT], { "GET /api/admin/pricing": overview([SHORT, MEDIUM]) });
    await app.addTier({ "Miles From": "8", "Miles To": "12", Price: "100" });
    await messageUnder("tier-max-new", "This tier overlaps with an existing tier (5 - 10 miles).");
    expect(await app.screen.findByText("Overlap Detected")).toBeTruthy();
    expect(app.sent("POST")).toHaveLength(0);
  });

  it("puts the server's message under its field and keeps the editor open", async () => {
    const app = open([], { "POST /api/admin/pricing/tiers": apiError(400, "validation_error", "Please check the tier.", { priceUsd: "Price must be at most 99999.99." }) });
    await app.addTier({ "Miles To": "5", Price: "90" });
    await messageUnder("tier-price-new", "Price must be at most 99999.99.");
    expect(await app.screen.findByText("Validation Error")).toBeTruthy();
    expect(app.screen.getByTestId("tier-editor")).toBeTruthy();
  });

  it("shows the server's overlap refusal under Miles To", async () => {
    const app = open([], { "POST /api/admin/pricing/tiers": apiError(409, "tier_overlap", "This tier overlaps with an existing tier (0 - 6 miles).") });
    await app.addTier({ "Miles To": "5", Price: "90" });
    await messageUnder("tier-max-new", "This tier overlaps with an existing tier (0 - 6 miles).");
    expect(await app.screen.findByText("Overlap Detected")).toBeTruthy();
  });
});
