// Shared helpers for the end-to-end specs: unique accounts, the embedded outbox, the demo admin, and the
// `test` every spec imports: it audits the screen each passing test ends on for accessibility, and fails a test
// whose pages report a Content-Security-Policy violation.
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";

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
 *   (call expectNoA11yViolations(page) for every screen and dialog on the way);
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
      await expectNoA11yViolations(page, { label: `${new URL(page.url()).pathname} (the test's last screen)` });
    },
    { auto: true },
  ],
});

export const ADMIN = { email: "admin@meridian.local", password: "meridian-admin-2026" };

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
