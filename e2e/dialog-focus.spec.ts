// One rule for every dialog of the admin and staff screens: when it closes (Escape, its Close button, or the
// confirmation's Cancel), focus goes back to the control that opened it, so a keyboard or screen-reader user
// carries on where they were. One case per dialog: the admin's (desktop), the dispatcher's, the chauffeur's (390 px).
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { E2E_BASE_URL } from "../playwright.config";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, PHONE, bookRideThroughDialog, chauffeurShift, createVerifiedUser, expect, laDaysAhead, signInThroughModal, staffMember, test } from "./fixtures";

type Close = "Escape" | "Close" | "Cancel" | "Not yet";
type Who = "admin" | "dispatcher" | "chauffeur";
type Case = {
  name: string;
  who: Who;
  url: (d: Data) => string;
  /** Makes the opener available (a search, a tab, a draft change), then returns it. */
  opener: (page: Page, d: Data) => Promise<Locator>;
  dialog: { role: "dialog" | "alertdialog"; name: string | RegExp | ((d: Data) => string) };
  close: Close;
};
type Data = { vehicle: string; vehicleId: string; tier: string; coupon: string; customer: string; customerEmail: string; ticketCode: string };

const uniq = Date.now().toString(36).slice(-5).toUpperCase();
const creds: Partial<Record<Who, { email: string; password: string }>> = {};
let data: Data;

/**
 * Searches a list and waits until the table shows the search's answer. The unfiltered list is on screen first; an
 * opener found in it can move when the answer replaces it, between the click's aim and the press (CI once clicked the
 * View button and no dialog opened).
 */
async function search(page: Page, label: string, text: string) {
  const answered = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).searchParams.get("q") === text);
  await page.getByLabel(label).fill(text);
  const answer = await answered;
  expect(answer.status()).toBe(200);
  const rows = Object.values((await answer.json()) as Record<string, unknown>).find(Array.isArray)!;
  await expect(page.locator("tbody tr")).toHaveCount(rows.length);
}

/** The bookings page's two dialogs, which the admin and the dispatcher both open (their cases close them different ways). */
type Dialog = Omit<Case, "name" | "who" | "close">;
const NEW_BOOKING: Dialog = { url: () => "/admin/bookings", opener: async (p) => p.getByRole("button", { name: "New Booking" }), dialog: { role: "dialog", name: "New Booking" } };
const BOOKING_DETAILS: Dialog = {
  url: () => "/admin/bookings",
  opener: async (p, d) => {
    await search(p, "Search bookings", d.ticketCode);
    return p.getByRole("button", { name: `View booking for ${d.customer}` });
  },
  dialog: { role: "dialog", name: "Booking Details" },
};

const CASES: Case[] = [
  { name: "Users: New User", who: "admin", url: () => "/admin/users", opener: async (p) => p.getByRole("button", { name: "New User" }), dialog: { role: "dialog", name: "New User" }, close: "Escape" },
  {
    name: "Users: Edit User",
    who: "admin",
    url: () => "/admin/users",
    opener: async (p, d) => {
      await search(p, "Search users", d.customerEmail);
      return p.getByRole("button", { name: `Edit ${d.customer}` });
    },
    dialog: { role: "dialog", name: "Edit User" },
    close: "Close",
  },
  { name: "Staff: Add Staff", who: "admin", url: () => "/admin/staff", opener: async (p) => p.getByRole("button", { name: "Add Staff" }), dialog: { role: "dialog", name: "Add Staff" }, close: "Escape" },
  {
    name: "Staff: New Shift",
    who: "admin",
    url: () => "/admin/staff",
    opener: async (p) => {
      await p.getByRole("tab", { name: "Shifts" }).click();
      return p.getByRole("button", { name: "New Shift" });
    },
    dialog: { role: "dialog", name: "New Shift" },
    close: "Escape",
  },
  { name: "Coupons: New Coupon", who: "admin", url: () => "/admin/coupons", opener: async (p) => p.getByRole("button", { name: "New Coupon" }), dialog: { role: "dialog", name: "New Coupon" }, close: "Escape" },
  { name: "Coupons: Edit Coupon", who: "admin", url: () => "/admin/coupons", opener: async (p, d) => p.getByRole("button", { name: `Edit ${d.coupon}` }), dialog: { role: "dialog", name: "Edit Coupon" }, close: "Close" },
  {
    name: "Coupons: Deactivate (confirmation)",
    who: "admin",
    url: () => "/admin/coupons",
    opener: async (p, d) => p.getByRole("button", { name: `Deactivate ${d.coupon}` }),
    dialog: { role: "alertdialog", name: (d) => `Deactivate ${d.coupon}?` },
    close: "Cancel",
  },
  { name: "Bookings: New Booking", who: "admin", ...NEW_BOOKING, close: "Escape" },
  { name: "Bookings: Booking Details", who: "admin", ...BOOKING_DETAILS, close: "Close" },
  {
    name: "Tickets: Ticket details",
    who: "admin",
    url: () => "/admin/tickets",
    opener: async (p, d) => {
      await search(p, "Search tickets", d.ticketCode);
      return p.getByRole("button", { name: `View details of ticket ${d.ticketCode}` });
    },
    dialog: { role: "dialog", name: (d) => `Ticket ${d.ticketCode}` },
    close: "Escape",
  },
  { name: "Fleet: Add Car", who: "admin", url: () => "/admin/fleet", opener: async (p) => p.getByRole("button", { name: "Add Car" }).first(), dialog: { role: "dialog", name: "Add Car" }, close: "Escape" },
  { name: "Vehicles: Add Vehicle", who: "admin", url: () => "/admin/vehicles", opener: async (p) => p.getByRole("button", { name: "Add Vehicle" }).first(), dialog: { role: "dialog", name: "Add Vehicle" }, close: "Escape" },
  { name: "Vehicles: Edit Vehicle", who: "admin", url: () => "/admin/vehicles", opener: async (p, d) => p.getByRole("button", { name: `Edit ${d.vehicle}` }), dialog: { role: "dialog", name: "Edit Vehicle" }, close: "Close" },
  {
    name: "Vehicles: Delete (confirmation)",
    who: "admin",
    url: () => "/admin/vehicles",
    opener: async (p, d) => p.getByRole("button", { name: `Delete ${d.vehicle}` }),
    dialog: { role: "dialog", name: (d) => `Delete ${d.vehicle}?` },
    close: "Cancel",
  },
  {
    name: "Pricing: Publish Changes (confirmation)",
    who: "admin",
    url: () => "/admin/pricing?tab=methods",
    opener: async (p) => {
      // A draft (not published: the case closes the question with Cancel, and leaving the page drops the draft).
      const other = p.getByRole("radio", { name: "Fixed Tiers" });
      if (await other.isChecked()) await p.getByRole("radio", { name: "Miles & Minutes" }).click();
      else await other.click();
      return p.getByRole("button", { name: "Publish Changes" });
    },
    dialog: { role: "alertdialog", name: "Publish pricing changes?" },
    close: "Cancel",
  },
  {
    name: "Pricing: Delete tier (confirmation)",
    who: "admin",
    url: () => "/admin/pricing?tab=fixed_tiers",
    opener: async (p, d) => p.getByRole("region", { name: d.vehicle }).getByRole("button", { name: `Delete tier ${d.tier}` }),
    dialog: { role: "alertdialog", name: (d) => `Delete the ${d.tier} mile tier?` },
    close: "Escape",
  },
  { name: "Dispatcher: New Booking", who: "dispatcher", ...NEW_BOOKING, close: "Close" },
  { name: "Dispatcher: Booking Details", who: "dispatcher", ...BOOKING_DETAILS, close: "Escape" },
  {
    name: "Chauffeur (390 px): Complete Ride (confirmation)",
    who: "chauffeur",
    url: () => "/staff/rides",
    opener: async (p, d) => p.getByTestId("staff-ride").filter({ hasText: d.customer }).getByRole("button", { name: "Complete Ride" }),
    dialog: { role: "alertdialog", name: "Complete this ride?" },
    close: "Not yet",
  },
];

test.describe("focus returns to the control that opened each dialog", () => {
  test.beforeAll(async ({ browser, playwright }) => {
    test.setTimeout(240_000);
    // A fresh API client per account (a verified sign-up leaves a session cookie behind).
    const clients: APIRequestContext[] = [];
    const fresh = async () => {
      const client = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
      clients.push(client);
      return client;
    };
    try {
      data = await setUp(browser, fresh);
    } finally {
      await Promise.all(clients.map((c) => c.dispose()));
    }
  });

  for (const c of CASES) {
    test(c.name, async ({ browser }) => {
      const context = await browser.newContext(c.who === "chauffeur" ? PHONE : { viewport: { width: 1280, height: 800 } });
      try {
        const page = await context.newPage();
        const who = c.who === "admin" ? ADMIN : creds[c.who]!;
        expect((await context.request.post("/api/auth/sign-in/email", { data: who })).status()).toBe(200);
        await page.goto(c.url(data));
        // Marked, so it can be found while the modal hides the rest of the page from the accessibility tree.
        const found = await c.opener(page, data);
        await found.evaluate((el) => el.setAttribute("data-test-opener", ""));
        const opener = page.locator("[data-test-opener]");
        await opener.click();
        const name = typeof c.dialog.name === "function" ? c.dialog.name(data) : c.dialog.name;
        const dialog = page.getByRole(c.dialog.role, { name });
        await expect(dialog).toBeVisible();
        await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest("[role=dialog], [role=alertdialog]"))), { message: "focus moved into the dialog" }).toBe(true);
        if (c.close === "Escape") await page.keyboard.press("Escape");
        else await dialog.getByRole("button", { name: c.close, exact: true }).last().click();
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
        // Closing changed nothing: the opener is still there to use again.
        await expect(opener).toBeEnabled();
      } finally {
        await context.close();
      }
    });
  }

  test("deleting a tier asks first, naming what changes; Cancel keeps the tier, Delete Tier removes it", async ({ page }) => {
    const d = data;
    await signInAs(page, ADMIN);
    await page.goto("/admin/pricing?tab=fixed_tiers");
    const row = page.getByRole("region", { name: d.vehicle }).getByTestId("tier-row").filter({ has: page.getByRole("button", { name: `Delete tier ${d.tier}` }) });
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: `Delete tier ${d.tier}` }).click();
    const ask = page.getByRole("alertdialog", { name: `Delete the ${d.tier} mile tier?` });
    await expect(ask).toContainText(`${d.vehicle} stops offering $123.00 for ${d.tier} miles in new quotes at once. This cannot be undone.`);
    await expect(ask.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoA11yViolations(page, { include: ask, label: "delete tier confirmation" });
    await page.screenshot({ path: "test-results/delete-tier-confirmation.png" });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(row).toHaveCount(1);
    const tiersOf = async () => {
      const { vehicles } = (await (await page.request.get("/api/admin/pricing")).json()) as { vehicles: { vehicle: { id: string }; tiers: { milesMin: number }[] }[] };
      return vehicles.find((v) => v.vehicle.id === d.vehicleId)!.tiers.map((t) => t.milesMin);
    };
    expect(await tiersOf()).toEqual([500]);

    await row.getByRole("button", { name: `Delete tier ${d.tier}` }).click();
    await ask.getByRole("button", { name: "Delete Tier" }).click();
    await expect(page.getByText("Tier Deleted")).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(await tiersOf()).toEqual([]);
  });
});

async function signInAs(page: Page, who: { email: string; password: string }) {
  expect((await page.request.post("/api/auth/sign-in/email", { data: who })).status()).toBe(200);
}

/** Everything the dialogs open on: a vehicle with a tier, a coupon, a customer's ride assigned to a chauffeur (on board), a dispatcher. */
async function setUp(browser: Browser, fresh: () => Promise<APIRequestContext>): Promise<Data> {
  const customerContext = await browser.newContext();
  try {
    const customer = await createVerifiedUser(await fresh(), `Fay Focus ${uniq}`);
    const driver = await staffMember(await fresh(), "chauffeur", `Cal Chauffeur ${uniq}`);
    creds.chauffeur = { email: driver.email, password: driver.password };
    const dispatcher = await staffMember(await fresh(), "dispatcher", `Dee Dispatch ${uniq}`);
    creds.dispatcher = { email: dispatcher.email, password: dispatcher.password };
    const request = await fresh();
    expect((await request.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);

    const vehicleName = `Focus Coupe ${uniq}`;
    const v = await request.post("/api/admin/vehicles", { data: { name: vehicleName, baseFeeUsd: 10, passengerCapacity: 2, luggageCapacity: 1, active: false } });
    expect(v.status(), await v.text()).toBe(201);
    const { vehicle } = (await v.json()) as { vehicle: { id: string } };
    const tier = await request.post("/api/admin/pricing/tiers", { data: { vehicleTypeId: vehicle.id, milesMin: 500, milesMax: 510, priceUsd: 123, active: true } });
    expect(tier.status(), await tier.text()).toBe(201);
    const code = `FOCUS${uniq}`;
    const coupon = await request.post("/api/admin/coupons", { data: { code, kind: "percent", value: 10 } });
    expect(coupon.status(), await coupon.text()).toBe(201);

    // The customer's ride, assigned to the chauffeur and moved on board (their phone's next step is Complete Ride).
    const day = laDaysAhead(5);
    const driverId = await chauffeurShift(request, driver.email, day);
    const customerPage = await customerContext.newPage();
    await signInThroughModal(customerPage, customer.email, customer.password);
    await bookRideThroughDialog(customerPage, day);
    const found = (await (await request.get(`/api/admin/bookings?q=${encodeURIComponent(customer.email)}`)).json()) as { bookings: { id: string; ticketCode: string | null }[] };
    const booking = found.bookings[0]!;
    const assign = await request.put(`/api/admin/bookings/${booking.id}/assignment`, { data: { chauffeurId: driverId } });
    expect(assign.status(), await assign.text()).toBe(200);
    const phone = await browser.newContext();
    try {
      expect((await phone.request.post("/api/auth/sign-in/email", { data: creds.chauffeur })).status()).toBe(200);
      for (const status of ["en_route", "on_location", "on_board"]) {
        const step = await phone.request.post(`/api/staff/rides/${booking.id}/status`, { data: { status } });
        expect(step.status(), await step.text()).toBe(200);
      }
    } finally {
      await phone.close();
    }
    return { vehicle: vehicleName, vehicleId: vehicle.id, tier: "500 - 510", coupon: code, customer: customer.fullName, customerEmail: customer.email, ticketCode: booking.ticketCode! };
  } finally {
    await customerContext.close();
  }
}
