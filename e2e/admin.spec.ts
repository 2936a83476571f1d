// The admin back office: the shell, bookings (search, status filter, date range, status change, CSV export of
// exactly the filtered rows) and users (role change that shows up in the Audit Logs).
import fs from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, apiSignIn, createVerifiedUser, expect, linkFromLatestEmail, test, uniqueEmail } from "./fixtures";

/** A date `days` from now as YYYY-MM-DD (UTC is never behind Los Angeles, so it is never in the past there). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Books a ride through the public API as a signed-in customer: quote, then booking with an idempotency key. */
async function bookRide(request: APIRequestContext, date: string) {
  const { vehicles } = (await (await request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const quote = await request.post("/api/quotes", {
    data: { pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:venue:santa-monica-pier", vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date, time: "12:00" },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const { quoteId } = (await quote.json()) as { quoteId: string };
  const res = await request.post("/api/bookings", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { service: "ride", paymentMethod: "pm_card_visa", quoteId } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { booking: { id: string; price: number }; ticket: { ticketCode: string } };
}

async function signInAsAdmin(page: Page) {
  await apiSignIn(page, ADMIN.email, ADMIN.password);
}

test("the admin shell: sidebar labels, collapse to 80 px, welcome line, overview cards", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin");
  await expect(page.getByText(/^Welcome, /)).toBeVisible();
  const sidebar = page.getByTestId("admin-sidebar");
  const labels = ["Overview", "Users & Roles", "Dispatch Board", "Bookings", "Ticket Center", "Pricing Rules", "Vehicles", "Fleet", "Staff", "Coupons", "Reports", "Incidents", "Settings", "Audit Logs"];
  await expect(sidebar.getByRole("link")).toHaveText(labels);
  expect((await sidebar.boundingBox())?.width).toBe(280);
  await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(80);
  await expect(sidebar.getByRole("link", { name: "Bookings" })).toBeVisible(); // icon with an accessible name
  await sidebar.getByRole("button", { name: "Expand sidebar" }).click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(280);

  await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent activity" }).getByText(/joined Meridian/).first()).toBeVisible();
  await expectNoA11yViolations(page, { label: "admin overview" });
  await page.getByRole("button", { name: /Analytics/ }).click();
  await expect(page.getByRole("heading", { name: "Analytics", level: 2 })).toBeFocused();
  await page.getByRole("button", { name: /Users & Roles/ }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { name: "Users & Roles", level: 1 })).toBeVisible();

  await sidebar.getByRole("link", { name: "Pricing Rules" }).click();
  await expect(page).toHaveURL(/\/admin\/pricing$/);
  await sidebar.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("region", { name: "Booking Funnel" })).toBeVisible();
  await expectNoA11yViolations(page, { label: "admin reports" });
});

test("bookings: search, status filter, date range, status change, and a CSV export of exactly the filtered rows", async ({ page, request }) => {
  const customer = await createVerifiedUser(request, `Octavia Quill ${Date.now().toString(36)}`);
  const signIn = await request.post("/api/auth/sign-in/email", { data: { email: customer.email, password: customer.password } });
  expect(signIn.status()).toBe(200);
  // Both inside the demo chauffeurs' shifts (the seed keeps them three weeks ahead): a ride is sold only then.
  const soon = await bookRide(request, daysAhead(10));
  const later = await bookRide(request, daysAhead(18));

  await signInAsAdmin(page);
  await page.goto("/admin/bookings");
  const table = page.getByRole("table", { name: "Bookings" });
  const rows = table.locator("tbody tr");
  await page.getByLabel("Search bookings").fill(customer.fullName);
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(customer.email);
  await expect(rows.first()).toContainText("$");

  // Ticket code search finds the one booking.
  await page.getByLabel("Search bookings").fill(soon.ticket.ticketCode);
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole("button", { name: /View booking/ }).click();
  const dialog = page.getByRole("dialog", { name: "Booking Details" });
  await expect(dialog.getByText(soon.ticket.ticketCode)).toBeVisible();
  await expect(dialog.getByText("Los Angeles International Airport (LAX)", { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "admin booking details" });
  // A ride is confirmed by dispatch; the admin can cancel it, with a reason, which the timeline records.
  await dialog.getByRole("button", { name: "Cancel Booking" }).click();
  await dialog.getByLabel("Reason for cancelling").fill("Customer called to cancel");
  await dialog.getByRole("button", { name: "Confirm Cancellation" }).click();
  // (No toast check: another spec's booking may raise the desk's "New Booking Received!" in its place.)
  // Refunded is not a status to pick: a refund (amount and reason) is made from the payment section.
  await expect(dialog.getByText("Cancelled is a final status.")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
  await expect(dialog.getByRole("list", { name: "Timeline" })).toContainText("Customer called to cancel");
  await dialog.getByRole("button", { name: "Close" }).click();

  // Status filter + name search: only the cancelled booking.
  await page.getByLabel("Search bookings").fill(customer.fullName);
  await expect(rows).toHaveCount(2);
  await page.getByRole("combobox", { name: "Status filter" }).click();
  await page.getByRole("option", { name: "Cancelled" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Cancelled");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^meridian-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await fs.readFile((await download.path())!, "utf8");
  expect(file.charCodeAt(0)).toBe(0xfeff); // byte-order mark, so spreadsheets read UTF-8
  const csv = file.slice(1);
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("Booking ID,Created At,Booking Date,Customer,Email,Phone,Service,Event,Location,Time,Status,Price (USD),Ticket Code");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(soon.booking.id);
  expect(lines[1]).toContain(`,${customer.email},`);
  expect(lines[1]).toContain(",cancelled,");
  expect(lines[1]).toContain(soon.ticket.ticketCode);
  expect(csv).not.toContain(later.booking.id);

  // Date range: all statuses, from the later booking's date on.
  await page.getByRole("combobox", { name: "Status filter" }).click();
  await page.getByRole("option", { name: "All statuses" }).click();
  await expect(rows).toHaveCount(2);
  await page.getByLabel("From", { exact: true }).fill(daysAhead(15));
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Pending");
  await page.getByLabel("From", { exact: true }).fill(daysAhead(50));
  await expect(page.getByText("No bookings found.")).toBeVisible();

  // An inverted range is explained under the fields and never sent to the server (so no error toast).
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/admin/bookings?")) asked.push(r.url());
  });
  await page.getByLabel("To", { exact: true }).fill(daysAhead(30));
  await expect(page.getByText("The end date must be on or after the start date.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("aria-disabled", "true");

  // Clear resets every filter, the search box included.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByLabel("Search bookings")).toHaveValue("");
  await expect(page.getByLabel("From", { exact: true })).toHaveValue("");
  await expect(page.getByText("No bookings found.")).toBeHidden();
  await expect(rows.filter({ hasText: customer.email })).toHaveCount(2);
  expect(asked.filter((u) => new URL(u).searchParams.has("to"))).toEqual([]);
  await expect(page.getByText("Error fetching bookings")).toHaveCount(0);
});

test("users: the admin changes a user's role and the change shows in the Audit Logs", async ({ page, request }) => {
  const person = await createVerifiedUser(request, `Rupert Vale ${Date.now().toString(36)}`);
  await request.post("/api/auth/sign-in/email", { data: { email: person.email, password: person.password } });
  const { id } = (await (await request.get("/api/me/profile")).json()) as { id: string };

  await signInAsAdmin(page);
  await page.goto("/admin/users");
  const rows = page.getByRole("table", { name: "Users" }).locator("tbody tr");
  await page.getByLabel("Search users").fill(person.email);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(person.email);
  await expect(rows.first()).toContainText("Customer");
  await expect(rows.first()).toContainText("Active");
  await page.getByRole("button", { name: `Edit ${person.fullName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "edit user dialog" });
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Chauffeur" }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("User Updated")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rows.first()).toContainText("Chauffeur");

  // The server agrees: a chauffeur is still no admin.
  expect((await request.get("/api/admin/users")).status()).toBe(403);

  await page.getByTestId("admin-sidebar").getByRole("link", { name: "Audit Logs" }).click();
  // The entry names the user (not their id) and says what changed in words.
  const entry = page.getByRole("table", { name: "Audit log" }).locator("tbody tr").filter({ hasText: person.fullName });
  await expect(entry).toHaveCount(1);
  await expect(entry).not.toContainText(id);
  await expect(entry).toContainText("Edited a user");
  await expect(entry).toContainText(ADMIN.email);
  await expect(entry).toContainText(/Role: Customer\s*→\s*Chauffeur/);

  await page.getByRole("link", { name: "Users & Roles" }).click();
  await page.getByLabel("Search users").fill("no-such-person-anywhere");
  await expect(page.getByText("No users found.")).toBeVisible();
});

test("an admin cannot demote or deactivate themself in the UI", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await page.getByLabel("Search users").fill(ADMIN.email);
  const rows = page.getByRole("table", { name: "Users" }).locator("tbody tr");
  // One row is not enough (the loading row is one too): it must be the admin's.
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ADMIN.email);
  await rows.first().getByRole("button", { name: /^Edit / }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "edit user dialog" });
  await expect(dialog.getByRole("combobox", { name: "Role" })).toBeDisabled();
  await expect(dialog.getByRole("combobox", { name: "Status" })).toBeDisabled();
  await expect(dialog.getByText("You cannot change your own role or deactivate your own account.")).toBeVisible();
});

test("ticket center: find a ride's ticket by code, record plate and key tag, release the vehicle", async ({ page, request }) => {
  const customer = await createVerifiedUser(request, `Ines Calloway ${Date.now().toString(36)}`);
  await request.post("/api/auth/sign-in/email", { data: { email: customer.email, password: customer.password } });
  const { ticket } = await bookRide(request, daysAhead(5));

  await signInAsAdmin(page);
  await page.goto("/admin/tickets");
  await expect(page.getByPlaceholder("Search by phone, plate, ticket code, or key tag...")).toBeVisible();
  const rows = page.getByRole("table", { name: "Tickets" }).locator("tbody tr");
  await page.getByLabel("Search tickets").fill(ticket.ticketCode);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ticket.ticketCode);
  await expect(rows.first()).toContainText(customer.fullName);
  await rows.first().getByRole("button", { name: /View details/ }).click();
  const dialog = page.getByRole("dialog", { name: `Ticket ${ticket.ticketCode}` });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "ticket dialog" });
  const plate = `E2E${Date.now().toString(36).slice(-4).toUpperCase()}`;
  await dialog.getByLabel("Plate").fill(plate);
  await dialog.getByLabel("Key tag").fill("K-E2E");
  await dialog.getByRole("button", { name: "Save Details" }).click();
  await expect(page.getByText("Ticket Updated")).toBeVisible();
  await dialog.getByRole("button", { name: "Release Vehicle" }).click();
  await expect(dialog.getByText("Released is a final status.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Searching by the plate now finds it, released.
  await page.getByLabel("Search tickets").fill(plate.toLowerCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Released");
  await page.getByLabel("Search tickets").fill("ZZZ-NO-SUCH-TICKET");
  await expect(page.getByText("No tickets found.")).toBeVisible();
});

test("new user: the admin creates an account and the person sets a password from the e-mail", async ({ page, request }) => {
  const email = uniqueEmail("hire");
  await signInAsAdmin(page);
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "New User" }).click();
  const dialog = page.getByRole("dialog", { name: "New User" });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "new user dialog" });
  await dialog.getByLabel("Full name").fill("Harriet Newcombe");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("combobox", { name: "Role" }).click();
  await page.getByRole("option", { name: "Valet Attendant" }).click();
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(page.getByText("User Created")).toBeVisible();

  // The same e-mail again is refused, under the field.
  await page.getByRole("button", { name: "New User" }).click();
  await dialog.getByLabel("Full name").fill("Harriet Again");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Create User" }).click();
  await expect(dialog.getByText("An account with this e-mail already exists.")).toBeVisible();

  const link = await linkFromLatestEmail(request, email, "Your Meridian account");
  const token = new URL(link).searchParams.get("token");
  const reset = await request.post("/api/auth/reset-password", { data: { newPassword: "harriet-chose-this", token } });
  expect(reset.status()).toBe(200);
  const signIn = await request.post("/api/auth/sign-in/email", { data: { email, password: "harriet-chose-this" } });
  expect(signIn.status()).toBe(200);
  expect(((await (await request.get("/api/me/profile")).json()) as { role: string }).role).toBe("valet");
});
