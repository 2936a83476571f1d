// Coupons in the booking dialog and the admin Reports: a customer tries an unknown code (told why under the
// field), then a real one (a "Coupon CODE" quote line, a lower total) and books; the admin's Reports show the
// quote and the booking in the funnel and the code's use in Coupon Performance, for today's range and not for
// tomorrow's, and the card downloads as CSV with the same figures.
import fs from "node:fs/promises";
import { ADMIN, apiSignIn, createVerifiedUser, expect, test, typeAddress } from "./fixtures";

/** Today in Los Angeles (the service area's day, which the reports count by). */
const laDay = (offsetDays = 0) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(Date.now() + offsetDays * 86_400_000));

test("a coupon code applied in the booking dialog shows up in the Reports, on screen and as CSV", async ({ page, browser, request }) => {
  test.slow(); // two browsers, a booking and the reports: longer than one screen's test
  const code = `RPT${Date.now().toString(36).toUpperCase()}`;
  const customer = await createVerifiedUser(request, "Reese Reporter");
  const adminLogin = await request.post("/api/auth/sign-in/email", { data: ADMIN });
  expect(adminLogin.status()).toBe(200);
  const created = await request.post("/api/admin/coupons", { data: { code, kind: "fixed", value: 15, service: "ride" } });
  expect(created.status()).toBe(201);

  // The customer, in their own browser: an unknown code, then the real one, then the booking.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await apiSignIn(guest, customer.email, customer.password);
  await guest.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = guest.getByRole("dialog", { name: "Reserve Your Experience" });
  await typeAddress(dialog, "Pickup", "LAX", "Los Angeles International Airport");
  await typeAddress(dialog, "Dropoff", "Beverly Hills", /^Beverly Hills/);
  await dialog.getByLabel("Date").fill(laDay(2));
  const quote = dialog.getByRole("region", { name: "Your quote" });
  await expect(quote.getByTestId("quote-total")).toHaveText(/^\$\d/);
  const fare = Number((await quote.getByTestId("quote-total").textContent())!.replace(/[$,]/g, ""));

  await dialog.getByLabel("Coupon code").fill("nosuchcode");
  await expect(dialog.getByText("This code is not valid.")).toBeVisible();
  await expect(quote.getByTestId("quote-total")).toHaveText(`$${fare.toFixed(2)}`);

  await dialog.getByLabel("Coupon code").fill(code.toLowerCase());
  await expect(dialog.getByText(`Code ${code} applied: $15.00 off.`)).toBeVisible();
  await expect(quote.getByText(`Coupon ${code}`)).toBeVisible();
  await expect(quote.getByText("-$15.00")).toBeVisible();
  await expect(quote.getByTestId("quote-total")).toHaveText(`$${(fare - 15).toFixed(2)}`);
  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(guest.getByRole("dialog", { name: "Booking Confirmed!" })).toBeVisible();
  await context.close();

  // The admin's Reports.
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(page.getByText("coupons are not live yet")).toHaveCount(0);
  await page.getByLabel("From", { exact: true }).fill(laDay());
  await page.getByLabel("To", { exact: true }).fill(laDay());

  const coupons = page.getByRole("region", { name: "Coupon Performance" });
  const use = coupons.getByRole("listitem", { name: `${code} · 1: $15.00 off · $0.00` });
  await expect(use).toBeVisible();
  // Quotes are counted in memory and written every few seconds: reload until today's are in.
  const funnel = page.getByRole("region", { name: "Booking Funnel" });
  await expect
    .poll(
      async () => {
        await page.reload();
        await page.getByLabel("From", { exact: true }).fill(laDay());
        return Number(await funnel.getByTestId("report-figure").textContent());
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(3);
  await expect(funnel.getByRole("listitem", { name: /^Bookings: [1-9]\d*$/ })).toBeVisible();
  await expect(funnel.getByRole("listitem", { name: /^Quotes with a coupon: [1-9]\d*$/ })).toBeVisible();

  // The card as CSV: the same figures, for the same range.
  await page.getByLabel("To", { exact: true }).fill(laDay());
  const [download] = await Promise.all([page.waitForEvent("download"), coupons.getByRole("link", { name: "Download Coupon Performance as CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`meridian-coupons-${laDay()}-to-${laDay()}.csv`);
  const csv = await fs.readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("\uFEFFCode,Redemptions,Discount given (USD),Net revenue of those bookings (USD)");
  expect(csv).toContain(`\r\n${code},1,$15.00,$0.00\r\n`);

  // Tomorrow's range has no such use.
  await page.getByLabel("To", { exact: true }).fill(laDay(1));
  await page.getByLabel("From", { exact: true }).fill(laDay(1));
  await expect(use).toHaveCount(0);
  await expect(coupons.getByText("No codes used in bookings made in this period.")).toBeVisible();
});
