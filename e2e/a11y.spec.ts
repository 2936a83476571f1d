/// <reference lib="dom" />
// Accessibility beyond each spec's own audits (WCAG 2.2 AA): every route at 320 px and at 200% zoom,
// reduced motion on the home page, a ride booked with the keyboard alone, live regions that speak once,
// and form errors tied to their fields with focus on the first one.
import type { Page } from "@playwright/test";
import { expectNoA11yViolations, expectNoHorizontalScroll, recordAnnouncements, saying, tabTo } from "./a11y";
import { ADMIN, createVerifiedUser, expect, test } from "./fixtures";

// Independent tests (own accounts, nothing shared): each may run in any worker of its project.
test.describe.configure({ mode: "parallel" });

/** Every route of the app, with the heading that says it has loaded. Add new screens here. */
const ROUTES: { path: string; heading: string | RegExp }[] = [
  { path: "/", heading: /The art of/ },
  { path: "/reset-password?token=not-a-real-token", heading: /New Password|No Longer Valid/ },
  { path: "/no-such-page", heading: "This road leads nowhere" },
  { path: "/dashboard", heading: /Meridian Admin|Welcome/ },
  { path: "/admin", heading: "Overview" },
  { path: "/admin/users", heading: "Users & Roles" },
  { path: "/admin/bookings", heading: "Bookings" },
  { path: "/admin/tickets", heading: "Ticket Center" },
  { path: "/admin/pricing", heading: "Pricing Rules" },
  { path: "/admin/vehicles", heading: "Vehicles" },
  { path: "/admin/fleet", heading: "Fleet" },
  { path: "/admin/staff", heading: "Staff" },
  { path: "/admin/coupons", heading: "Coupons" },
  { path: "/admin/reports", heading: "Reports" },
  { path: "/admin/incidents", heading: "Incidents" },
  { path: "/admin/settings", heading: "Settings" },
  { path: "/admin/audit", heading: "Audit Logs" },
  { path: "/admin/valet", heading: "Valet Operations" },
  { path: "/admin/dispatch", heading: "Dispatch Board" },
  { path: "/staff/rides", heading: "Your Rides" },
  { path: "/staff/valet", heading: "Valet" },
  { path: `/t/${"x".repeat(43)}`, heading: "Ticket not found" },
];

/** The admin reaches every route (the dashboard too), so one session covers them all. */
async function signInByApi(page: Page, email = ADMIN.email, password = ADMIN.password) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(res.status()).toBe(200);
}

for (const route of ROUTES) {
  test(`${route.path} reflows at 320 px and at 200% zoom with no axe violation`, async ({ page }) => {
    await signInByApi(page);
    // 320 CSS px wide is a 1280 px window at 400%; 640 x 400 is a 1280 x 800 window at 200%.
    for (const viewport of [
      { width: 320, height: 640 },
      { width: 640, height: 400 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(route.path);
      await expect(page.getByRole("heading", { level: 1, name: route.heading })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoA11yViolations(page, { label: `${route.path} at ${viewport.width} px` });
    }
  });
}

test("at 200% zoom the sign-in and booking dialogs fit the width and scroll to their last control", async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 400 });
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  await expect(dialog).toBeVisible();
  await expectNoHorizontalScroll(page);
  const confirm = dialog.getByRole("button", { name: "Confirm Booking" });
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeInViewport();
  await expectNoA11yViolations(page, { include: dialog, label: "booking dialog at 200%" });
});

test("the home page's motion respects prefers-reduced-motion", async ({ page }) => {
  const running = () =>
    page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").map((a) => (a as CSSAnimation).animationName ?? "transition"));

  // With motion allowed the hero rises in and the Discover arrow bounces: there is something to turn off.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect((await running()).length).toBeGreaterThan(0);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(running, { timeout: 1_000 }).toEqual([]);
  // The heading is fully there at once, not fading in; anchors jump instead of gliding.
  expect(await page.getByRole("heading", { level: 1 }).evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
  await page.getByRole("banner").getByRole("navigation", { name: "Primary" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page.locator("#pricing")).toBeInViewport();
  expect(await running()).toEqual([]);
});

test("a customer signs in and books a ride with the keyboard alone", async ({ page, request }) => {
  test.slow();
  const guest = await createVerifiedUser(request, "Keyboard Kestrel");
  await page.goto("/");
  const header = page.getByRole("banner");

  // Sign in: Tab to the header's Sign In, Enter opens the dialog with focus inside, Enter in the form submits.
  await tabTo(page, header.getByRole("button", { name: "Sign In" }));
  await page.keyboard.press("Enter");
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  await expect(signIn.getByLabel("Email")).toBeFocused();
  await expectNoA11yViolations(page, { include: signIn, label: "sign-in dialog" });
  await page.keyboard.type(guest.email);
  await tabTo(page, signIn.getByLabel("Password", { exact: true }));
  await page.keyboard.type(guest.password);
  await page.keyboard.press("Enter");
  await expect(page.getByText("Welcome back!")).toBeVisible();
  await expect(signIn).toBeHidden();

  // Book Now took the Sign In button's place (and its focus); the account menu follows it.
  const bookNow = page.locator("header button", { hasText: "Book Now" });
  await expect(bookNow).toBeFocused();
  await tabTo(page, header.getByRole("button", { name: /Account menu/ }));
  await tabTo(page, bookNow, { back: true });
  // The booking dialog: Escape closes it and focus returns to Book Now; Enter opens it again.
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(bookNow).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "booking dialog" });

  // Pickup: type, Escape closes only the list, ArrowDown reopens it, Enter picks; focus lands on Change.
  const pickup = dialog.getByRole("combobox", { name: "Pickup" });
  await tabTo(page, pickup);
  await page.keyboard.type("LAX");
  await expect(pickup).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(pickup).toHaveAttribute("aria-expanded", "false");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(pickup).toHaveAttribute("aria-activedescendant", /.+/);
  await expectNoA11yViolations(page, { include: dialog, label: "booking dialog with the address list open" });
  await page.keyboard.press("Enter");
  const pickupChip = dialog.getByRole("group", { name: "Pickup" });
  await expect(pickupChip).toContainText("Los Angeles International Airport");
  await expect(pickupChip.getByRole("button", { name: "Change" })).toBeFocused();

  // Dropoff, the same way, reached by Tab from there.
  const dropoff = dialog.getByRole("combobox", { name: "Dropoff" });
  await tabTo(page, dropoff);
  await page.keyboard.type("Santa Monica");
  await expect(pickup.or(dropoff)).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("group", { name: "Dropoff" })).toContainText("Santa Monica");

  // Two passengers typed into the field; the quote arrives; Enter in the field books (the form submits).
  const passengers = dialog.getByLabel("Passengers");
  await tabTo(page, passengers);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("2");
  await expect(dialog.getByTestId("quote-total")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await expect(dialog.getByRole("button", { name: "Confirm Booking" })).toBeEnabled();
  await expectNoA11yViolations(page, { include: dialog, label: "booking dialog with a quote" });
  await page.keyboard.press("Enter");

  const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
  await expect(confirmed).toBeVisible();
  await expect(confirmed.getByRole("button", { name: "Close" }).filter({ hasText: "Close" })).toBeFocused();
  await expectNoA11yViolations(page, { include: confirmed, label: "booking confirmed" });
  await page.keyboard.press("Escape");
  await expect(confirmed).toBeHidden();
  await expect(bookNow).toBeFocused();

  // The dashboard lists it, reached from the avatar menu by keyboard (Enter opens it, arrows move, Enter picks).
  await tabTo(page, header.getByRole("button", { name: /Account menu/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(header.getByRole("button", { name: /Account menu/ })).toBeFocused(); // focus back on the trigger
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menu")).toBeVisible();
  const dashboardItem = page.getByRole("menu").getByRole("menuitem", { name: "Dashboard" });
  for (let i = 0; i < 5 && !(await dashboardItem.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("list", { name: "Your bookings" }).getByRole("listitem")).toHaveCount(1);
});

test("a toast is announced once by a live region, and the quote's total once per new total", async ({ page }) => {
  await page.goto("/");
  const toasts = page.locator("section[aria-live]");
  await expect(toasts).toHaveAttribute("aria-live", "polite");
  const toastSaid = await recordAnnouncements(toasts);

  await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  const box = dialog.getByRole("combobox", { name: "Pickup" });
  await box.fill("Santa Monica");
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("Escape");
  await box.press("Enter"); // nothing highlighted: the spec's "pick from the list" toast
  await expect(page.getByText("Please select an address from the suggestions.")).toBeVisible();
  // The open dialog hides the page from assistive technology, but not the toasts' live region.
  await expect(toasts).not.toHaveAttribute("aria-hidden", "true");
  await page.waitForTimeout(1_000); // re-renders of the toast (measuring, timers) must not speak again
  expect(await toastSaid()).toEqual(saying("Please select an address from the suggestions."));

  const announcement = dialog.getByTestId("quote-announcement");
  await expect(announcement).toHaveAttribute("role", "status");
  const quoteSaid = await recordAnnouncements(announcement);
  await box.press("ArrowDown");
  await box.press("Enter");
  const dropoff = dialog.getByRole("combobox", { name: "Dropoff" });
  await dropoff.fill("Pasadena");
  await dialog.getByRole("option").filter({ hasText: "Pasadena" }).first().click();
  await expect(dialog.getByTestId("quote-total")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  const total = (await dialog.getByTestId("quote-total").textContent())!.trim();
  await expect.poll(quoteSaid).toEqual(saying(total));

  // A recalculation that ends at the same price (one bag fits the same car) says nothing new.
  const requote = page.waitForResponse((r) => r.url().endsWith("/api/quotes"));
  await dialog.getByLabel("Luggage").fill("1");
  await requote;
  await expect(dialog.getByRole("region", { name: "Your quote" })).toHaveAttribute("aria-busy", "false");
  await page.waitForTimeout(500);
  expect(await quoteSaid()).toEqual(saying(total));
});

test("form errors are tied to their fields and the first invalid field takes focus on submit", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Create an account" }).click();
  await expect(dialog).toHaveAccessibleName("Create Account");

  // Submit with Enter from the last field, the name left empty and a bad e-mail.
  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Password", { exact: true }).fill("short");
  await dialog.getByLabel("Password", { exact: true }).press("Enter");
  const name = dialog.getByLabel("Full Name");
  await expect(name).toBeFocused();
  for (const field of [name, dialog.getByLabel("Email"), dialog.getByLabel("Password", { exact: true })]) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/.+/);
  }
  await expect(dialog.getByLabel("Password", { exact: true })).toHaveAccessibleDescription("Password must be at least 8 characters");
  await expectNoA11yViolations(page, { include: dialog, label: "sign-up with errors" });

  // Fixing the first leaves the next invalid field to take focus on the next submit.
  await name.fill("Ada Keyes");
  await dialog.getByRole("button", { name: "Create Account" }).click();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
});

test("an admin form's own checks and the server's answer mark the field, describe it, and focus it", async ({ page }) => {
  await signInByApi(page);
  await page.goto("/admin/vehicles");
  await page.getByRole("button", { name: /Add Vehicle/ }).first().click();
  const dialog = page.getByRole("dialog", { name: /Add Vehicle/ });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { include: dialog, label: "add vehicle dialog" });

  await dialog.getByLabel("Vehicle Name").fill(`Keyboard Coupe ${Date.now().toString(36)}`);
  await dialog.getByLabel("Base Fee (USD)").fill("-5");
  await dialog.getByRole("button", { name: "Add Vehicle" }).click();
  const fee = dialog.getByLabel("Base Fee (USD)");
  await expect(fee).toBeFocused();
  await expect(fee).toHaveAttribute("aria-invalid", "true");
  await expect(fee).toHaveAccessibleDescription(/.+/);
  await expectNoA11yViolations(page, { include: dialog, label: "add vehicle dialog with an error" });
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The server's answer (an e-mail already taken) arrives after the submit: focus still goes to the field.
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "New User" }).click();
  const newUser = page.getByRole("dialog", { name: "New User" });
  await newUser.getByLabel("Full name").fill("Second Admin");
  await newUser.getByLabel("Email").fill(ADMIN.email);
  await newUser.getByRole("button", { name: "Create User" }).click();
  const email = newUser.getByLabel("Email");
  await expect(email).toHaveAccessibleDescription("An account with this e-mail already exists.");
  await expect(email).toBeFocused();
});
