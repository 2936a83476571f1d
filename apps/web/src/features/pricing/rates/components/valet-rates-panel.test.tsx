// @vitest-environment happy-dom
// Valet Rates: what Save Draft sends, each field's message under it (and the Validation Error toast), the server's
// message under its field, Revert, and an unsaved edit kept by the page coming back into the form.
import { DEMO_VALET_RATES, VALET_RATES_MESSAGES, type AdminValetRates, type ValetRates } from "@meridian/shared/valet-pricing";
import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiError, renderApp, retype, serveApi, type Routes } from "@/test/render";
import { ValetRatesPanel } from "./valet-rates-panel";

const RATES: AdminValetRates = { draft: DEMO_VALET_RATES, published: DEMO_VALET_RATES, unpublished: false };
const PUT = "PUT /api/admin/pricing/valet";

function open(routes: Routes = {}, edit: ValetRates | null = null) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: null }, ...routes });
  const onEdit = vi.fn();
  const app = renderApp(<ValetRatesPanel rates={RATES} edit={edit} onEdit={onEdit} />);
  const field = (label: string) => app.screen.getByLabelText(label) as HTMLInputElement;
  const save = () => app.screen.getByRole("button", { name: "Save Draft" }) as HTMLButtonElement;
  return { ...app, calls, onEdit, field, save, puts: () => calls.filter((c) => c.method === "PUT") };
}

const messageUnder = (id: string, message: string) => waitFor(() => expect(document.getElementById(`${id}-error`)?.textContent).toBe(message));

describe("ValetRatesPanel", () => {
  it("saves the changed card as the draft", async () => {
    const app = open({ [PUT]: (body) => ({ json: { draft: body, published: DEMO_VALET_RATES, unpublished: true } }) });
    expect(app.save().disabled).toBe(true);
    await retype(app.user, app.field("Attendant hourly rate"), "48");
    await retype(app.user, app.field("Wedding"), "120.50");
    expect(app.screen.getByTestId("valet-rates-status").textContent).toBe("Unsaved changes");
    expect(app.screen.getByTestId("valet-rules").textContent).toContain("$48.00 an hour");
    await app.user.click(app.save());
    expect(await app.screen.findByText("Valet rates saved as draft")).toBeTruthy();
    expect(app.puts()[0]?.body).toEqual({ ...DEMO_VALET_RATES, attendantHourlyUsd: 48, eventTypeSurchargesUsd: { ...DEMO_VALET_RATES.eventTypeSurchargesUsd, Wedding: 120.5 } });
    await waitFor(() => expect(app.save().disabled).toBe(true));
    expect(app.onEdit).toHaveBeenLastCalledWith(null);
  });

  it("says under each field what is wrong with it, and nothing is sent", async () => {
    const app = open();
    await retype(app.user, app.field("Event base fee"), "");
    await retype(app.user, app.field("Cars per attendant"), "0");
    await retype(app.user, app.field("Minimum attendants"), "2.5");
    await retype(app.user, app.field("Minimum billable hours"), "4.1");
    await retype(app.user, app.field("Late surcharge"), "12.345");
    await retype(app.user, app.field("Expected vehicles if left empty"), "5000");
    await retype(app.user, app.field("Corporate"), "-5");
    await app.user.click(app.save());
    await messageUnder("valet-base", "Event base fee must be a number.");
    await messageUnder("valet-per-attendant", "Cars per attendant must be a whole number of at least 1.");
    await messageUnder("valet-min-attendants", "Minimum attendants must be a whole number of at least 1.");
    await messageUnder("valet-min-hours", VALET_RATES_MESSAGES.minimumHours);
    await messageUnder("valet-late", "Late-hour surcharge must be in whole cents.");
    await messageUnder("valet-default-vehicles", "Default expected vehicles must be at most 2,000.");
    await messageUnder("valet-type-corporate", "Corporate surcharge cannot be negative.");
    expect(await app.screen.findByText("Validation Error")).toBeTruthy();
    expect(app.puts()).toHaveLength(0);
  });

  it("refuses late hours that do not start on a quarter hour", async () => {
    const app = open();
    await retype(app.user, app.field("Late hours start"), "22:10");
    await app.user.click(app.save());
    await messageUnder("valet-late-after", VALET_RATES_MESSAGES.lateAfter);
    expect(app.puts()).toHaveLength(0);
  });

  it("puts the server's message under the field it names, a surcharge included", async () => {
    const app = open({ [PUT]: apiError(400, "validation_error", "Please check the rates.", { "eventTypeSurchargesUsd.Other": "Other surcharge must be at most $100,000.", attendantHourlyUsd: "Too high." }) });
    await retype(app.user, app.field("Other"), "10");
    await app.user.click(app.save());
    await messageUnder("valet-type-other", "Other surcharge must be at most $100,000.");
    await messageUnder("valet-hourly", "Too high.");
    expect(await app.screen.findByText("Error Saving Rates")).toBeTruthy();
  });

  it("Revert brings back the saved draft", async () => {
    const app = open();
    await retype(app.user, app.field("Event base fee"), "999");
    await app.user.click(app.screen.getByRole("button", { name: "Revert" }));
    expect(app.field("Event base fee").value).toBe("150");
    expect(await app.screen.findByText("Draft reverted for valet rates")).toBeTruthy();
    expect(app.save().disabled).toBe(true);
  });

  it("shows the page's unsaved edit again, with Save on", async () => {
    const app = open({}, { ...DEMO_VALET_RATES, minimumAttendants: 3 });
    await waitFor(() => expect(app.field("Minimum attendants").value).toBe("3"));
    expect(app.save().disabled).toBe(false);
    expect(app.screen.getByTestId("valet-rates-status").textContent).toBe("Unsaved changes");
  });
});
