// Shared helpers for the end-to-end specs: unique accounts, the embedded outbox, the demo admin, and the
// `test` every spec imports: it audits the screen each passing test ends on for accessibility, and fails a test
// whose pages report a Content-Security-Policy violation.
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { expectLastScreenAccessible } from "./a11y";
import { E2E_ADMIN_PASSWORD } from "../playwright.config";

export { expect };

/** Reports each CSP violation of the context's pages as a console error Chromium cannot leave out. */
const REPORT_VIOLATIONS = () =>
  document.addEventListener("securitypolicyviolation", (e) =>
    console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`),
  );

/** Collects the CSP violations of every page of a context (Chromium's own message and the event above). */
async function watchCsp(context: BrowserContext, violations: string[]) {
  await context.addInitScript(REPORT_VIOLATIONS);
  context.on("console", (msg) => {
    const text = msg.text();
    if (/CSP violation|Content Security Policy/i.test(text)) violations.push(`${msg.page()?.url() ?? ""}: ${text}`);
  });
}

/**
 * The specs' `test`: Playwright's, plus
 * - an automatic accessibility audit (axe, WCAG 2.2 A/AA; see ./a11y.ts) of the screen each passing test ends on
 *   (call expectNoA11yViolations(page) for every screen and dialog on the way; a last screen the test has just
 *   audited, unchanged, is not audited twice);
 * - a CSP watch: its own context and any `browser.newContext()` it opens are watched, and the test fails when a
 *   page reported a CSP violation (an inline script or style, a host the policy does not allow).
 */
export const test = base.extend<{ cspViolations: string[]; a11yAudit: void }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watchCsp(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        await watchCsp(created, violations);
        return created;
      };
      await use(violations);
      browser.newContext = newContext;
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  a11yAudit: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || !page.url().startsWith("http")) return;
      // /api/docs is Swagger UI's own page (the developers' API reference, not a Meridian screen): its colours and
      // nested controls are Swagger's, so it is not held to the screens' audit.
      if (new URL(page.url()).pathname.startsWith("/api/")) return;
      await expectLastScreenAccessible(page, `${new URL(page.url()).pathname} (the test's last screen)`);
    },
    { auto: true },
  ],
});

/** The demo admin: playwright.config.ts gives the server this password (ADMIN_PASSWORD). */
export const ADMIN = { email: "admin@meridian.local", password: E2E_ADMIN_PASSWORD };

export const uniqueEmail = (prefix = "guest") => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

type OutboxEmail = { id: number; to: string; subject: string; text: string };

/** Waits for the newest e-mail to `to` whose subject contains `subject`, and returns the first link in it. */
export async function linkFromLatestEmail(request: APIRequestContext, to: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { emails } = (await res.json()) as { emails: OutboxEmail[] };
        const mail = emails.find((e) => e.subject.includes(subject));
        link = mail?.text.match(/https?:\/\/\S+/)?.[0];
        return Boolean(link);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

/** Creates and verifies an account through the public API and the outbox, as a user would. */
export async function createVerifiedUser(request: APIRequestContext, fullName = "Test Guest") {
  const email = uniqueEmail();
  const password = "velvet-rope-2026";
  const res = await request.post("/api/auth/sign-up/email", { data: { name: fullName, email, password } });
  expect(res.status()).toBe(200);
  const link = await linkFromLatestEmail(request, email, "Verify");
  const verify = await request.get(link, { maxRedirects: 0 });
  expect([200, 302]).toContain(verify.status());
  return { email, password, fullName };
}

/**
 * Signs `page`'s browser context in through the API, for tests that are not about signing in: the session cookie
 * from POST /api/auth/sign-in/email lands in the context's storage state (what a storageState file would hold),
 * then the home page opens signed in. No modal round trip (signInThroughModal and auth.spec.ts cover that journey).
 */
export async function apiSignIn(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/auth/sign-in/email", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("button", { name: /^Account menu for / })).toBeVisible();
}

/** A new verified customer, signed in on `page` through the API (apiSignIn), for tests that are not about signing up. */
export async function signedInCustomer(page: Page, request: APIRequestContext, fullName?: string) {
  const user = await createVerifiedUser(request, fullName);
  await apiSignIn(page, user.email, user.password);
  return user;
}

/** A page in a browser context of its own, signed in as the demo admin (close with `admin.context().close()`). */
export async function adminPage(browser: Browser) {
  const admin = await (await browser.newContext()).newPage();
  await apiSignIn(admin, ADMIN.email, ADMIN.password);
  return admin;
}

/** Signs in through the sign-in modal on the home page. */
export async function signInThroughModal(page: Page, email: string, password: string) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
}

/** Opens `url` and waits until that page's realtime stream is connected (the listener opens it once the session loads). */
export async function gotoWithStream(page: Page, url: string) {
  const stream = page.waitForResponse((r) => r.url().endsWith("/api/realtime") && r.status() === 200, { timeout: 30_000 });
  await Promise.all([stream, page.goto(url)]);
}

/** A date `days` after today in Los Angeles (the service's time zone), YYYY-MM-DD. */
export function laDaysAhead(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** A staff phone: 390x844, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A user with the given role, granted by the admin through the API (as Users & Roles does). */
export async function staffMember(request: APIRequestContext, role: string, fullName: string) {
  const person = await createVerifiedUser(request, fullName);
  expect((await request.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  const found = (await (await request.get(`/api/admin/users?q=${encodeURIComponent(person.email)}`)).json()) as { users: { id: string }[] };
  const res = await request.patch(`/api/admin/users/${found.users[0]!.id}`, { data: { role } });
  expect(res.status()).toBe(200);
  await request.post("/api/auth/sign-out", { data: {} });
  return person;
}

/** A new phone browser context, signed in as `creds` (or a guest without them). */
export async function signedInPhone(browser: Browser, creds?: { email: string; password: string }) {
  const context = await browser.newContext(PHONE);
  if (creds) expect((await context.request.post("/api/auth/sign-in/email", { data: { email: creds.email, password: creds.password } })).status()).toBe(200);
  return { context, page: await context.newPage() };
}

/** Types into an address box and picks the matching suggestion. */
export async function typeAddress(dialog: Locator, label: string, text: string, option: string | RegExp) {
  const box = dialog.getByRole("combobox", { name: label });
  await box.fill(text);
  const listbox = dialog.page().locator(`[id="${await box.getAttribute("aria-controls")}"]`);
  await listbox.getByRole("option").filter({ hasText: option }).first().click();
}

/** Books a ride from LAX to Beverly Hills on `date` through the booking dialog (signed in), and closes the confirmation. */
export async function bookRideThroughDialog(page: Page, date: string) {
  await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  await typeAddress(dialog, "Pickup", "LAX", "Los Angeles International Airport");
  await typeAddress(dialog, "Dropoff", "Beverly Hills", /^Beverly Hills/);
  await dialog.getByLabel("Date").fill(date);
  await expect(dialog.getByRole("region", { name: "Your quote" }).getByTestId("quote-total")).toHaveText(/^\$\d/);
  // The card step (embedded test mode): the test Visa that succeeds.
  await expect(dialog.getByTestId("card-select")).toContainText("Visa 4242");
  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
  await expect(confirmed).toBeVisible();
  await confirmed.getByRole("button", { name: "Close" }).last().click();
}

/** A ticket code as the confirmation shows it. */
const TICKET_CODE = /^MRD-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;

/** The "Booking Confirmed!" dialog once it shows, with its ticket code, also said by the toast for the `service` booked. */
export async function bookingConfirmed(page: Page, service: "ride" | "valet") {
  const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
  await expect(confirmed).toBeVisible();
  const ticketCode = (await confirmed.getByTestId("ticket-code").textContent())?.trim() ?? "";
  expect(ticketCode).toMatch(TICKET_CODE);
  await expect(page.getByText(`Your ${service} service is booked. Ticket: ${ticketCode}`)).toBeVisible();
  return { confirmed, ticketCode };
}

/** The claim link (/t/<token>) texted to `+1<digits>` at check-in, from the SMS outbox. */
export async function claimLinkFromSms(request: APIRequestContext, digits: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const { messages } = (await (await request.get(`/api/dev/mailbox/sms?to=${encodeURIComponent(`+1${digits}`)}`)).json()) as { messages: { body: string }[] };
      link = messages[0]?.body.match(/https?:\/\/\S+/)?.[0] ?? "";
      return link;
    })
    .toMatch(/\/t\/[A-Za-z0-9_-]{43}$/);
  return link;
}

/** Gives the staff member `email` an all-day chauffeur shift on `day` (admin's request) and returns their staff id. */
export async function chauffeurShift(adminRequest: APIRequestContext, email: string, day: string): Promise<string> {
  const { staff } = (await (await adminRequest.get("/api/admin/staff")).json()) as { staff: { id: string; email: string }[] };
  const staffId = staff.find((s) => s.email === email)!.id;
  const shift = await adminRequest.post("/api/admin/shifts", { data: { staffId, date: day, start: "00:00", end: "00:00", role: "chauffeur", location: "LAX" } });
  expect(shift.status(), await shift.text()).toBe(201);
  return staffId;
}

/**
 * A ride the signed-in customer of `page` books with the test Visa on `day`, that the admin assigns to the chauffeur
 * `driver` (who has a shift that day) and the chauffeur drives to completed through the API: its charge captured on
 * completion and its receipt e-mail queued. Returns the booking.
 */
export async function completedPaidRide(page: Page, admin: APIRequestContext, driver: APIRequestContext, chauffeurId: string, day: string): Promise<{ id: string; price: number }> {
  const { vehicles } = (await (await page.request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const quote = await page.request.post("/api/quotes", {
    data: { pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:venue:santa-monica-pier", vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: day, time: "10:00" },
  });
  expect(quote.status()).toBe(200);
  const booked = await page.request.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { service: "ride", quoteId: ((await quote.json()) as { quoteId: string }).quoteId, paymentMethod: "pm_card_visa" },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { booking } = (await booked.json()) as { booking: { id: string; price: number } };
  expect((await admin.put(`/api/admin/bookings/${booking.id}/assignment`, { data: { chauffeurId } })).status()).toBe(200);
  for (const status of ["en_route", "on_location", "on_board", "completed"]) {
    const step = await driver.post(`/api/staff/rides/${booking.id}/status`, { data: { status } });
    expect(step.status(), await step.text()).toBe(200);
  }
  return booking;
}

/**
 * A new customer's ride on `day` (booked on `page`, signed in as them, with the test Visa), assigned to a new
 * chauffeur on shift and driven by them to completed: its charge captured and the receipt e-mail queued. Returns
 * the customer, the booking, and the demo admin's browser context (signed in; the caller closes it).
 */
export async function completedRideOfNewCustomer(
  browser: Browser,
  page: Page,
  request: APIRequestContext,
  input: { day: string; customerName: string; chauffeurName: string; adminViewport?: { width: number; height: number } },
) {
  const customer = await createVerifiedUser(request, input.customerName);
  const driver = await staffMember(request, "chauffeur", input.chauffeurName);
  const adminContext = await browser.newContext(input.adminViewport ? { viewport: input.adminViewport } : {});
  const driverContext = await browser.newContext();
  try {
    expect((await adminContext.request.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
    expect((await driverContext.request.post("/api/auth/sign-in/email", { data: { email: driver.email, password: driver.password } })).status()).toBe(200);
    const chauffeurId = await chauffeurShift(adminContext.request, driver.email, input.day);
    await apiSignIn(page, customer.email, customer.password);
    const booking = await completedPaidRide(page, adminContext.request, driverContext.request, chauffeurId, input.day);
    return { customer, booking, adminContext };
  } catch (err) {
    await adminContext.close();
    throw err;
  } finally {
    await driverContext.close();
  }
}
