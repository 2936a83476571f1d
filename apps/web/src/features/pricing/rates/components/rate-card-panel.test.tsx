// @vitest-environment happy-dom
// Ride: Miles/Mins, one vehicle's rate card: what Save sends, each rate's message (and the Validation Error toast),
// the server's message under its field, Revert, and a draft kept across a remount (a tab switch).
import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { apiError, renderApp, retype, serveApi, type Routes } from "@/test/render";
import { RateCardPanel, type RateCardDraft } from "./rate-card-panel";

const SEDAN: AdminVehicle = { id: "v1", name: "Executive Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3, active: true, createdAt: "2026-01-05T10:00:00.000Z" };
const CARD = { id: "rc1", vehicleTypeId: "v1", perMileUsd: 3.5, perMinuteUsd: 0.75, active: true };
const PUT = "PUT /api/admin/pricing/rate-cards/v1";
const saved = (body: unknown) => ({ json: { rateCard: { ...CARD, ...(body as object) } } });

function open(routes: Routes = {}, drafts = new Map<string, RateCardDraft>()) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, ...routes });
  const app = renderApp(<RateCardPanel vehicle={SEDAN} rateCard={CARD} drafts={drafts} />);
  const { screen } = app;
  return {
    ...app,
    calls,
    perMile: () => screen.getByLabelText("Per Mile") as HTMLInputElement,
    perMinute: () => screen.getByLabelText("Per Minute") as HTMLInputElement,
    save: () => screen.getByRole("button", { name: "Save & Apply" }),
    revert: () => screen.getByRole("button", { name: "Revert" }),
  };
}

/** The message shown under a field (its id: the field's, "-error"); the toast may say it too. */
const messageUnder = (id: string, message: string) => waitFor(() => expect(document.getElementById(id)?.textContent).toBe(message));

describe("RateCardPanel", () => {
  it("starts from the saved card with Save and Revert off, and sends the changed card", async () => {
    const { user, screen, calls, perMile, perMinute, save } = open({ [PUT]: saved });
    expect(perMile().value).toBe("3.5");
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    await retype(user, perMile(), "4.25");
    await retype(user, perMinute(), "1");
    await user.click(screen.getByRole("switch", { name: "Rate card active: Executive Sedan" }));
    // 12 miles, 30 minutes: 45 + 12 × 4.25 + 30 × 1
    expect(screen.getByTestId("rate-preview").textContent).toContain("$126.00");
    await user.click(save());
    expect(await screen.findByText("Rates live for Executive Sedan")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ perMileUsd: 4.25, perMinuteUsd: 1, active: false });
    expect((save() as HTMLButtonElement).disabled).toBe(true);
  });

  it("asks for an emptied per-mile rate, under the field and in a Validation Error toast", async () => {
    const { user, screen, calls, perMile, save } = open();
    await retype(user, perMile(), "");
    await user.click(save());
    await messageUnder("rate-mile-v1-error", "Rate per mile is required.");
    expect(await screen.findByText("Validation Error")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("refuses a per-minute rate with fractions of a cent", async () => {
    const { user, calls, perMinute, save } = open();
    await retype(user, perMinute(), "0.755");
    await user.click(save());
    await messageUnder("rate-minute-v1-error", "Rate per minute can have at most 2 decimals.");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("puts the server's message under the per-mile rate", async () => {
    const { user, screen, perMile, save } = open({ [PUT]: apiError(400, "validation_error", "Invalid rate card.", { perMileUsd: "Rate per mile must be at most 10000." }) });
    await retype(user, perMile(), "9");
    await user.click(save());
    await messageUnder("rate-mile-v1-error", "Rate per mile must be at most 10000.");
    expect(await screen.findByText("Error Saving Rates")).toBeTruthy();
  });

  it("Revert puts the saved rates back", async () => {
    const { user, screen, perMile, revert, save } = open();
    await retype(user, perMile(), "9");
    await user.click(revert());
    expect(perMile().value).toBe("3.5");
    expect(await screen.findByText("Changes discarded for Executive Sedan")).toBeTruthy();
    expect((save() as HTMLButtonElement).disabled).toBe(true);
  });

  it("keeps an unsaved draft when the panel is shown again", async () => {
    const drafts = new Map<string, RateCardDraft>();
    const first = open({}, drafts);
    await retype(first.user, first.perMile(), "5");
    first.unmount();
    const again = open({}, drafts);
    expect(again.perMile().value).toBe("5");
    expect((again.save() as HTMLButtonElement).disabled).toBe(false);
  });
});
