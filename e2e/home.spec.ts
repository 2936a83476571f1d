/// <reference lib="dom" />
// The public home page and header as a visitor meets them: content, anchors, the header's opacity,
// the mobile menu at 360 px, Book Now, and the signed-in avatar menu.
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, apiSignIn, expect, signedInCustomer, test, uniqueEmail } from "./fixtures";

const SECTIONS = [
  { id: "services", link: "Services" },
  { id: "about", link: "About" },
  { id: "testimonials", link: "Testimonials" },
  { id: "pricing", link: "Pricing" },
] as const;

/** Distance from the viewport's top to the section's top (0 = exactly at the top). */
const sectionTop = (page: Page, id: string) =>
  page.evaluate((sectionId) => document.getElementById(sectionId)!.getBoundingClientRect().top, id);

/** Alpha of the header's computed background colour (0 = transparent). */
const headerAlpha = (page: Page) =>
  page.getByRole("banner").evaluate((el) => {
    const bg = getComputedStyle(el).backgroundColor;
    if (bg === "transparent") return 0;
    const parts = bg.match(/[\d.]+/g)!.map(Number);
    return parts.length === 4 ? parts[3]! : 1;
  });

test("the home page shows the hero, the four sections, the three packages, the newsletter, the CTA and the footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: /Meridian/ })).toBeVisible();

  const hero = page.locator("section", { has: page.getByRole("heading", { level: 1 }) });
  await expect(hero.getByText("Instant smart pricing")).toBeVisible();
  await expect(hero.getByText("Secure checkout")).toBeVisible();
  await expect(hero.getByText("Impeccable service")).toBeVisible();
  await expect(hero.getByText(/Rated\s*5\.0\s*by our clients/)).toBeVisible();
  await expect(hero.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(hero.getByRole("button", { name: "Book Now" })).toBeVisible();

  for (const s of SECTIONS) await expect(page.locator(`section#${s.id}`)).toHaveCount(1);
  await expect(page.locator("#about")).toContainText("15+");
  await expect(page.locator("#about")).toContainText("5.0");
  await expect(page.locator("#testimonials figure")).toHaveCount(4);

  const pricing = page.locator("#pricing");
  const card = (name: string) => pricing.getByRole("listitem", { name, exact: true });
  await expect(card("Event Valet")).toContainText("$299");
  await expect(card("Event Valet")).toContainText("per event");
  for (const f of ["Up to 50 vehicles", "4-hour window", "Basic insurance"]) await expect(card("Event Valet")).toContainText(f);
  await expect(card("Premium Package")).toContainText("$599");
  await expect(card("Premium Package")).toContainText("per event");
  await expect(card("Premium Package")).toContainText("Most Popular");
  for (const f of ["Up to 150 vehicles", "8-hour window", "Comprehensive insurance", "Dedicated manager", "Real-time tracking"])
    await expect(card("Premium Package")).toContainText(f);
  await expect(card("Executive Transport")).toContainText("$899");
  await expect(card("Executive Transport")).toContainText("per month");
  for (const f of ["Unlimited rides", "24/7", "chauffeur", "Airport transfers", "Corporate billing"])
    await expect(card("Executive Transport")).toContainText(f);
  await expect(pricing.getByText("Most Popular")).toHaveCount(1);

  await expect(page.getByRole("form", { name: "Newsletter sign-up" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Your car is/ })).toBeVisible();

  const footer = page.getByRole("contentinfo");
  for (const s of SECTIONS) await expect(footer.getByRole("link", { name: s.link, exact: true })).toHaveAttribute("href", `/#${s.id}`);
  for (const service of ["Valet Parking", "Executive Transport", "Event Services", "Airport Transfers"])
    await expect(footer.getByText(service, { exact: true })).toBeVisible();
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(footer.getByRole("link", { name: /\(\d{3}\)/ })).toHaveAttribute("href", /^tel:/);
});

test("header anchors scroll smoothly to their sections without leaving the page", async ({ page }) => {
  // The app's own scrolling (before it has taken the drawn page over, an anchor is the browser's plain jump).
  await page.goto("/", { waitUntil: "networkidle" });
  const nav = page.getByRole("banner").getByRole("navigation", { name: "Primary" });
  for (const s of SECTIONS) {
    await nav.getByRole("link", { name: s.link, exact: true }).click();
    await expect(page.locator(`#${s.id}`)).toBeInViewport();
    // Lands with the section's top at the header's bottom edge (scroll-margin), not somewhere near it.
    await expect.poll(() => sectionTop(page, s.id)).toBeGreaterThan(-4);
    await expect.poll(() => sectionTop(page, s.id)).toBeLessThan(80);
    await expect(page).toHaveURL(/\/$/);
    // The header marks the section being read.
    await expect(nav.getByRole("link", { name: s.link, exact: true })).toHaveAttribute("aria-current", "location");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
  }
  // Back up to the top through the wordmark.
  await page.getByRole("banner").getByRole("link", { name: /Meridian/ }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(nav.locator("[aria-current]")).toHaveCount(0);
});

test("from another page a header anchor goes to / and then scrolls to the section", async ({ page }) => {
  await page.goto("/no-such-page");
  await page.getByRole("banner").getByRole("link", { name: "Testimonials", exact: true }).click();
  await expect(page).toHaveURL(/\/#testimonials$/);
  await expect(page.locator("#testimonials")).toBeInViewport();
  await expect.poll(() => sectionTop(page, "testimonials")).toBeLessThan(80);
});

test("the header is transparent over the hero and opaque after scrolling more than 20 px", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-opaque", "false");
  expect(await headerAlpha(page)).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 15));
  await page.waitForTimeout(200);
  await expect(header).toHaveAttribute("data-opaque", "false");

  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(header).toHaveAttribute("data-opaque", "true");
  await expect.poll(() => headerAlpha(page)).toBeGreaterThan(0.8);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-opaque", "false");
  await expect.poll(() => headerAlpha(page)).toBe(0);
});

test("at 360 px the mobile menu opens with Book Now and Sign In, makes the header opaque and fits the width", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/");
  const header = page.getByRole("banner");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The desktop buttons are hidden; the hamburger is the way in.
  await expect(header.getByRole("button", { name: "Sign In" })).toBeHidden();
  await expect(header).toHaveAttribute("data-opaque", "false");

  await header.getByRole("button", { name: "Open menu" }).click();
  await expect(header).toHaveAttribute("data-opaque", "true");
  await expect.poll(() => headerAlpha(page)).toBeGreaterThan(0.8);
  await expect(header.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Book Now" })).toBeVisible();
  for (const s of SECTIONS) await expect(header.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: s.link })).toBeVisible();
  await expectNoA11yViolations(page, { label: "mobile menu at 360 px" });

  // Sign In closes the menu and opens the sign-in modal.
  await header.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("dialog", { name: "Sign In" })).toBeVisible();
  await page.getByRole("dialog").getByRole("button", { name: "Close", exact: true }).click();
  await expect(header.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  await expect(header.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);

  // A menu anchor closes the menu and scrolls to its section.
  await header.getByRole("button", { name: "Open menu" }).click();
  await header.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Pricing", exact: true }).click();
  await expect(header.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  await expect(page.locator("#pricing")).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("at 768 px the full header fits: all four anchors, Sign In and Book Now, nothing clipped", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 900 });
  await page.goto("/");
  const header = page.getByRole("banner");
  for (const s of SECTIONS) await expect(header.getByRole("link", { name: s.link, exact: true })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole("button", { name: "Sign In" })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole("button", { name: "Book Now" })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
});

test("Book Now in the header opens the booking dialog", async ({ page }) => {
  await page.goto("/");
  // A CSS locator: while the modal dialog is open the rest of the page is aria-hidden.
  const bookNow = page.locator("header button", { hasText: "Book Now" });
  await expect(bookNow).toHaveAttribute("aria-expanded", "false");
  await bookNow.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByRole("tab", { name: "Ride Transport" })).toBeVisible();
  await expect(bookNow).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(bookNow).toHaveAttribute("aria-expanded", "false");
});

test("a signed-in customer gets the avatar menu: name, e-mail, Dashboard, no Admin Panel, Sign out back to /", async ({ page, request }) => {
  const guest = await signedInCustomer(page, request, "Celeste Navarro");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Sign In" })).toHaveCount(0);

  await header.getByRole("button", { name: /Account menu/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("Celeste Navarro")).toBeVisible();
  await expect(menu.getByText(guest.email)).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Admin Panel" })).toHaveCount(0);
  await expectNoA11yViolations(page, { label: "account menu" });
  await menu.getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await header.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.reload();
  await expect(header.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("a new page starts at the top; Back and a reload return to where the home page was scrolled", async ({ page, request }) => {
  await signedInCustomer(page, request, "Ines Okafor");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);

  await header.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
  await page.reload();
  await expect(header.getByRole("button", { name: /Account menu/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1500);
});

test("an admin's avatar menu and mobile menu offer the Admin Panel", async ({ page }) => {
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  const header = page.getByRole("banner");
  await header.getByRole("button", { name: /Account menu/ }).click();
  await expect(page.getByRole("menu").getByText(ADMIN.email)).toBeVisible();
  await page.getByRole("menu").getByRole("menuitem", { name: "Admin Panel" }).click();
  await expect(page).toHaveURL(/\/admin/);

  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto("/");
  await header.getByRole("button", { name: "Open menu" }).click();
  await expect(header.getByText(ADMIN.email)).toBeVisible();
  await expect(header.getByRole("button", { name: "Dashboard" })).toBeVisible();
  await expect(header.getByRole("button", { name: "Sign out" })).toBeVisible();
  await header.getByRole("button", { name: "Admin Panel" }).click();
  await expect(page).toHaveURL(/\/admin/);
});

/** scripts/compress-assets.mjs leaves files under 1 KB as they are: they fit in a packet or two either way. */
const COMPRESS_FROM_BYTES = 1024;

test("the browser receives the page's scripts brotli-compressed, and a client without brotli gets plain files", async ({ page, request }) => {
  const scripts: Promise<{ url: string; encoding: string | undefined; bytes: number }>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    scripts.push(res.body().then((body) => ({ url: res.url(), encoding: res.headers()["content-encoding"], bytes: body.length })));
  });
  // Home is drawn by the server; the app's scripts come once it is painted: wait for them all.
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const loaded = await Promise.all(scripts);
  // What a visitor waits for is the bundles' bytes: every script of 1 KB or more comes brotli-compressed; the few
  // below that (the bundler's runtime, tiny shared chunks) come as they are.
  const large = loaded.filter((s) => s.bytes >= COMPRESS_FROM_BYTES);
  expect(large.length).toBeGreaterThan(0);
  for (const s of large) expect(s, s.url).toMatchObject({ encoding: "br" });
  for (const s of loaded.filter((s) => s.encoding !== "br")) expect(s.bytes, `${s.url} is served uncompressed`).toBeLessThan(COMPRESS_FROM_BYTES);
  const plainBytes = loaded.filter((s) => s.encoding !== "br").reduce((sum, s) => sum + s.bytes, 0);
  const allBytes = loaded.reduce((sum, s) => sum + s.bytes, 0);
  expect(plainBytes, "uncompressed script bytes").toBeLessThan(allBytes / 50);

  const plain = await request.get(large[0]!.url, { headers: { "accept-encoding": "identity" } });
  expect(plain.status()).toBe(200);
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(plain.headers()["content-type"]).toContain("javascript");
  expect((await plain.text()).length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
});

test("the page itself carries the company's details: the footer shows them with no settings request and no zod", async ({ page, request }) => {
  const settingsRequests: string[] = [];
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/settings/public") settingsRequests.push(r.url());
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  const company = ((await (await request.get("/api/settings/public")).json()) as { company: { phoneDisplay: string; supportEmail: string } }).company;
  await page.goto("/", { waitUntil: "networkidle" });
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: company.phoneDisplay })).toHaveAttribute("href", /^tel:/);
  await expect(footer.getByRole("link", { name: company.supportEmail })).toHaveAttribute("href", `mailto:${company.supportEmail}`);
  expect(settingsRequests).toEqual([]);
  // zod's chunks (the answer schemas) load with the first answer that needs one: a visitor's home page has none.
  expect(scripts.filter((s) => /schemas|public-answer/.test(s))).toEqual([]);
});

test("home comes drawn by the server: without JavaScript the hero, the sections, the packages and the footer are there", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: /The art of\s*arrival/ })).toBeVisible();
  for (const s of SECTIONS) await expect(page.locator(`section#${s.id}`)).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Premium Package" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Newsletter sign-up" })).toBeVisible();
  await expect(page.getByRole("contentinfo").getByRole("link", { name: /@/ })).toBeVisible();
  await context.close();
});

/**
 * Home, read (its small start-up script has run) while the app's script is held back, as on a phone on one bar: the
 * drawn page is on screen, the app not yet. The answer lets the script through.
 */
async function homeWithTheAppLate(page: Page): Promise<() => void> {
  let release!: () => void;
  const late = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await late;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  return release;
}

test("the app takes the drawn home over in place, and a tap made before it did is not lost", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => void (m.type() === "error" && errors.push(m.text())));
  page.on("pageerror", (e) => errors.push(e.message));
  const release = await homeWithTheAppLate(page);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  await heading.evaluate((h) => ((h as HTMLElement).dataset.drawnByServer = "yes"));
  // The hero's Book Now (the header's shows once the visitor's session is known).
  await page.locator("section", { has: heading }).getByRole("button", { name: "Book Now" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  await expect(page.getByRole("dialog", { name: "Reserve Your Experience" })).toBeVisible();
  // Taken over, not drawn again: the server's heading is the one on screen (behind the dialog, so found by its id).
  await expect(page.locator("h1#hero-title")).toHaveAttribute("data-drawn-by-server", "yes");
  expect(errors).toEqual([]);
});

test("a newsletter address typed and sent before the app took the page over is subscribed", async ({ page }) => {
  const release = await homeWithTheAppLate(page);
  const form = page.getByRole("form", { name: "Newsletter sign-up" });
  await form.getByRole("textbox", { name: "Email address" }).fill(uniqueEmail("early"));
  await form.getByRole("button", { name: "Subscribe" }).click();
  release();
  await expect(page.getByText("Successfully Subscribed!")).toBeVisible();
  // Sent by the app, not as a page load with the address in its query.
  expect(new URL(page.url()).search).toBe("");
});
