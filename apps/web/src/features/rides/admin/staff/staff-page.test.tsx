// @vitest-environment happy-dom
// The Staff page's two forms: Add Staff and New Shift (what they send, each field's message, the server's under its field).
import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StaffMember } from "@meridian/shared/rides";
import { apiError, renderApp, serveApi, type Routes } from "@/test/render";
import StaffPage from "./staff-page";

const DRIVER: StaffMember = { id: "s1", fullName: "Jonas Reed", email: "jonas@example.com", phone: null, role: "chauffeur", status: "active" };
const VALET: StaffMember = { id: "s2", fullName: "Rosa Diaz", email: "rosa@example.com", phone: null, role: "valet", status: "active" };

function setup(routes: Routes = {}) {
  const calls = serveApi({
    "GET /api/auth/get-session": { json: null },
    "GET /api/admin/staff": { json: { staff: [DRIVER, VALET] } },
    "GET /api/admin/shifts": { json: { shifts: [], timeZone: "America/Los_Angeles" } },
    ...routes,
  });
  return { ...renderApp(<StaffPage />), calls };
}

async function openAddStaff(app: ReturnType<typeof setup>) {
  await app.user.click(app.screen.getByRole("button", { name: "Add Staff" }));
  return within(await app.screen.findByRole("dialog", { name: "Add Staff" }));
}

async function openNewShift(app: ReturnType<typeof setup>) {
  await app.user.click(app.screen.getByRole("tab", { name: "Shifts" }));
  await app.screen.findByText("Rosa Diaz");
  await app.user.click(app.screen.getByRole("button", { name: "New Shift" }));
  return within(await app.screen.findByRole("dialog", { name: "New Shift" }));
}

describe("Add Staff", () => {
  it("adds a dispatcher and says the e-mail went out", async () => {
    const app = setup({ "POST /api/admin/staff": (body) => ({ status: 201, json: { created: true, staff: { ...DRIVER, id: "s9", ...(body as object) } } }) });
    const dialog = await openAddStaff(app);
    await app.user.type(dialog.getByLabelText("Full name"), "Lena Ortiz");
    await app.user.type(dialog.getByLabelText("Email"), "lena@example.com");
    await app.user.click(dialog.getByRole("combobox", { name: "Role" }));
    await app.user.click(await app.screen.findByRole("option", { name: "Dispatcher" }));
    await app.user.click(dialog.getByRole("button", { name: "Add Staff" }));
    expect(await app.screen.findByText("Staff Added")).toBeTruthy();
    expect(app.screen.getByText("We e-mailed lena@example.com a link to choose a password.")).toBeTruthy();
    expect(app.calls.find((c) => c.method === "POST")?.body).toEqual({ fullName: "Lena Ortiz", email: "lena@example.com", role: "dispatcher" });
  });

  it("asks for a full name and a real e-mail before sending", async () => {
    const app = setup();
    const dialog = await openAddStaff(app);
    await app.user.type(dialog.getByLabelText("Email"), "lena@");
    await app.user.click(dialog.getByRole("button", { name: "Add Staff" }));
    expect((await dialog.findByText("Full name must be at least 2 characters")).id).toBe("staff-fullName-error");
    expect(dialog.getByText("Invalid email address").id).toBe("staff-email-error");
    expect(app.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("puts the server's message under the e-mail", async () => {
    const app = setup({ "POST /api/admin/staff": apiError(400, "validation_error", "Please check the highlighted fields.", { email: "This address belongs to an admin." }) });
    const dialog = await openAddStaff(app);
    await app.user.type(dialog.getByLabelText("Full name"), "Lena Ortiz");
    await app.user.type(dialog.getByLabelText("Email"), "lena@example.com");
    await app.user.click(dialog.getByRole("button", { name: "Add Staff" }));
    expect((await dialog.findByText("This address belongs to an admin.")).id).toBe("staff-email-error");
    expect(await app.screen.findByText("Could not add staff")).toBeTruthy();
  });
});

describe("New Shift", () => {
  it("schedules the chosen person in their own role", async () => {
    const app = setup({
      "POST /api/admin/shifts": (body) => ({
        status: 201,
        json: { shift: { id: "sh1", staffId: "s2", staffName: "Rosa Diaz", role: "valet", location: "LAX Terminal B", startsAt: "2026-11-27T14:00:00.000Z", endsAt: "2026-11-27T22:00:00.000Z", ...(body as object) } },
      }),
    });
    const dialog = await openNewShift(app);
    await app.user.click(dialog.getByRole("combobox", { name: "Staff member" }));
    await app.user.click(await app.screen.findByRole("option", { name: "Rosa Diaz · Valet Attendant" }));
    await app.user.type(dialog.getByLabelText("Location"), "LAX Terminal B");
    await app.user.click(dialog.getByRole("button", { name: "Schedule Shift" }));
    expect(await app.screen.findByText("Shift Scheduled")).toBeTruthy();
    const body = app.calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect(body).toMatchObject({ staffId: "s2", start: "08:00", end: "16:00", role: "valet", location: "LAX Terminal B" });
    expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("asks for the location", async () => {
    const app = setup();
    const dialog = await openNewShift(app);
    await app.user.click(dialog.getByRole("button", { name: "Schedule Shift" }));
    expect((await dialog.findByText("Location is required.")).id).toBe("shift-location-error");
    expect(app.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("refuses a start that is not a time of day", async () => {
    const app = setup();
    const dialog = await openNewShift(app);
    await app.user.clear(dialog.getByLabelText("Start"));
    await app.user.type(dialog.getByLabelText("Location"), "LAX Terminal B");
    await app.user.click(dialog.getByRole("button", { name: "Schedule Shift" }));
    expect(await dialog.findByText(/^Start/, { selector: "#shift-start-error" })).toBeTruthy();
    expect(app.calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("puts the server's message under the field it names", async () => {
    const app = setup({ "POST /api/admin/shifts": apiError(400, "validation_error", "Please check the highlighted fields.", { end: "A shift lasts at most 16 hours." }) });
    const dialog = await openNewShift(app);
    await app.user.type(dialog.getByLabelText("Location"), "LAX Terminal B");
    await app.user.click(dialog.getByRole("button", { name: "Schedule Shift" }));
    expect((await dialog.findByText("A shift lasts at most 16 hours.")).id).toBe("shift-end-error");
    expect(await app.screen.findByText("Could not schedule the shift")).toBeTruthy();
  });
});
