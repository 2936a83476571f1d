// The customer dashboard: tabs and their empty states, profile rules, the open tab kept in the address.
import { expectNoA11yViolations } from "./a11y";
import { expect, signedInCustomer, test } from "./fixtures";

test("a new customer's dashboard: Bookings first, then Profile, My Tickets and Receipts", async ({ page, request }) => {
  const user = await signedInCustomer(page, request, "Sebastian Hale");
  await page.goto("/dashboard");

  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sebastian Hale");
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText(["Profile", "Bookings", "My Tickets", "Receipts"]);
  await expect(page.getByRole("tab", { name: "Bookings" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("You have no past bookings.")).toBeVisible();

  await page.getByRole("tab", { name: "My Tickets" }).click();
  await expect(page.getByText("No Active Tickets")).toBeVisible();
  await expectNoA11yViolations(page, { label: "dashboard, My Tickets" });
  await expect(page).toHaveURL(/tab=tickets/);

  await page.getByRole("tab", { name: "Receipts" }).click();
  await expect(page.getByText("No Receipts Available")).toBeVisible();

  // The open tab survives a reload.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Receipts" })).toHaveAttribute("aria-selected", "true");

  await page.getByRole("tab", { name: "Profile" }).click();
  await expect(page.getByLabel("Full Name")).toHaveValue("Sebastian Hale");
  await expect(page.getByLabel("Phone")).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);
  await expectNoA11yViolations(page, { label: "dashboard, Profile" });
});

test("profile rules: name of 2+ characters, phone empty or 10+ characters", async ({ page, request }) => {
  await signedInCustomer(page, request, "Margot Ellery");
  // The saved profile is held back until the customer has typed and pressed Save: when it lands it must not
  // overwrite what they typed nor clear the errors.
  let releaseProfile = () => {};
  const held = new Promise<void>((resolve) => (releaseProfile = resolve));
  await page.route("**/api/me/profile", async (route) => {
    await held;
    await route.continue();
  });
  const profileLoaded = page.waitForResponse("**/api/me/profile");
  await page.goto("/dashboard?tab=profile");

  const name = page.getByLabel("Full Name");
  const phone = page.getByLabel("Phone");
  await name.fill("M");
  await phone.fill("555-01");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(name).toHaveAccessibleDescription("Full name must be at least 2 characters");
  releaseProfile();
  await profileLoaded;
  await page.unroute("**/api/me/profile");
  await expect(name).toHaveValue("M");
  await expect(name).toHaveAccessibleDescription("Full name must be at least 2 characters");
  await expect(phone).toHaveAccessibleDescription("Please enter a valid phone number");
  await expect(page.getByText("Profile Updated")).toHaveCount(0);

  // Nothing was saved.
  const before = await request.get("/api/me/profile", { headers: { cookie: await cookieHeader(page) } });
  expect((await before.json()).fullName).toBe("Margot Ellery");

  // An empty phone is allowed.
  await name.fill("Margot Ellery-Vaughn");
  await phone.fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile Updated")).toBeVisible();
  const after = await request.get("/api/me/profile", { headers: { cookie: await cookieHeader(page) } });
  const saved = await after.json();
  expect(saved.fullName).toBe("Margot Ellery-Vaughn");
  expect(saved.phone).toBeNull();

  // The header's account menu follows the new name.
  await page.getByRole("banner").getByRole("button", { name: /Account menu/ }).click();
  await expect(page.getByRole("menu")).toContainText("Margot Ellery-Vaughn");
});

test("the dashboard signs out from its own button too", async ({ page, request }) => {
  await signedInCustomer(page, request, "Reuben Castellane");
  await page.goto("/dashboard");
  const sessionCookie = await cookieHeader(page);
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign In" })).toBeVisible();
  // The old session cookie no longer opens anything.
  const res = await request.get("/api/me/profile", { headers: { cookie: sessionCookie } });
  expect(res.status()).toBe(401);
});

async function cookieHeader(page: import("@playwright/test").Page) {
  const cookies = await page.context().cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

test("booked rides appear newest first with their details and tickets", async ({ page, request }) => {
  test.slow(); // two quotes and two bookings through the real API
  await signedInCustomer(page, request, "Celeste Moreau");
  const api = page.request; // shares the browser's session cookie

  const placeId = async (q: string) => {
    const res = await api.get(`/api/places/suggest?q=${encodeURIComponent(q)}&session=e2e-dashboard`);
    const { suggestions } = (await res.json()) as { suggestions: { placeId: string; primary: string }[] };
    expect(suggestions.length).toBeGreaterThan(0);
    return suggestions[0]!;
  };
  const { vehicles } = (await (await api.get("/api/vehicles")).json()) as { vehicles: { id: string; name: string }[] };
  const vehicle = vehicles[0]!;
  const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

  const book = async (from: string, to: string) => {
    const [pickup, dropoff] = [await placeId(from), await placeId(to)];
    const quoteRes = await api.post("/api/quotes", {
      data: { pickupPlaceId: pickup.placeId, dropoffPlaceId: dropoff.placeId, vehicleTypeId: vehicle.id, passengers: 2, luggage: 1, date: inTenDays, time: "18:30" },
    });
    expect(quoteRes.status()).toBe(200);
    const { quoteId } = (await quoteRes.json()) as { quoteId: string };
    const res = await api.post("/api/bookings", {
      headers: { "Idempotency-Key": crypto.randomUUID() },
      data: { service: "ride", paymentMethod: "pm_card_visa", quoteId },
    });
    expect(res.status()).toBe(201);
    const body = (await res.json()) as { booking: { price: number }; ticket: { ticketCode: string } };
    return { pickup, dropoff, price: body.booking.price, ticketCode: body.ticket.ticketCode };
  };
  const first = await book("LAX", "Santa Monica");
  const second = await book("Burbank", "Pasadena");

  await page.goto("/dashboard");
  const rows = page.getByRole("list", { name: "Your bookings" }).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  const usd = (n: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(n);
  // Newest first.
  await expect(rows.nth(0)).toContainText(second.pickup.primary);
  await expect(rows.nth(0)).toContainText(usd(second.price));
  await expect(rows.nth(1)).toContainText(first.pickup.primary);
  await expect(rows.nth(1)).toContainText(usd(first.price));
  await expect(rows.nth(0)).toContainText("Ride");
  await expect(rows.nth(0)).toContainText("Pending");

  await rows.nth(1).getByRole("button", { name: "View Details" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Ride Booking" })).toBeVisible();
  await expect(dialog).toContainText(first.pickup.primary);
  await expect(dialog).toContainText(first.dropoff.primary);
  await expect(dialog).toContainText(vehicle.name);
  await expect(dialog).toContainText("2 passengers · 1 bag");
  await expect(dialog).toContainText("6:30 PM");
  await expect(dialog).toContainText(first.ticketCode);
  await expect(dialog).toContainText(usd(first.price));
  await expectNoA11yViolations(page, { include: dialog, label: "booking details dialog" });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("tab", { name: "My Tickets" }).click();
  const tickets = page.getByRole("list", { name: "Your tickets" });
  await expect(tickets.getByRole("listitem")).toHaveCount(2);
  await expect(tickets.getByRole("listitem").nth(0)).toContainText(second.ticketCode);
  await expect(tickets.getByRole("listitem").nth(1)).toContainText(first.ticketCode);
  await expect(tickets).toContainText("active");
  await expectNoA11yViolations(page, { label: "dashboard, tickets" });
});
