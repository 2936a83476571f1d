// The Overview's analytics: five charts drawn from GET /api/admin/analytics, the period switch (7, 30, 90 days),
// the figures as tables for screen readers and as a CSV, axe clean; and the chart library never loads on the
// customer's pages.
import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { AdminAnalytics } from "@meridian/shared/analytics";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, apiSignIn, createVerifiedUser, expect, laDaysAhead, test } from "./fixtures";

const CHARTS = ["bookings", "revenue", "conversion", "retrieval", "pickups"];
/** A string only the chart library's code holds (the class of every chart's SVG surface). */
const CHART_CODE = "recharts-surface";
/** Each chart's own drawing (its legend's icons are small SVGs of the same class). */
const PLOT = ".recharts-wrapper > svg.recharts-surface";

/** The bodies of the scripts `page` loads while `go` runs. */
async function scriptsLoadedBy(page: Page, go: () => Promise<unknown>): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  const onResponse = (res: import("@playwright/test").Response) => {
    if (res.request().resourceType() === "script") bodies.push(res.text().catch(() => ""));
  };
  page.on("response", onResponse);
  await go();
  await page.waitForLoadState("networkidle");
  page.off("response", onResponse);
  return Promise.all(bodies);
}

test("customer pages never load the chart library", async ({ page }) => {
  const guest = await createVerifiedUser(page.request, "Chartless Guest");
  const scripts = await scriptsLoadedBy(page, async () => {
    await apiSignIn(page, guest.email, guest.password);
    await page.goto("/dashboard");
    await expect(page.getByRole("tab", { name: "Bookings" })).toBeVisible();
  });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.includes(CHART_CODE))).toHaveLength(0);
});

test("the Overview's analytics: five charts, the period switch, tables for screen readers, the CSV", async ({ page }) => {
  // A ride booked today (a customer through the API): today's bookings count it.
  const guest = await createVerifiedUser(page.request, "Analytics Guest");
  await page.request.post("/api/auth/sign-in/email", { data: { email: guest.email, password: guest.password } });
  const { vehicles } = (await (await page.request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const quote = await page.request.post("/api/quotes", {
    data: { pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:venue:santa-monica-pier", vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: laDaysAhead(3), time: "12:00" },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const booked = await page.request.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { service: "ride", paymentMethod: "pm_card_visa", quoteId: ((await quote.json()) as { quoteId: string }).quoteId },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await page.context().clearCookies();

  // Other specs book and cancel on the same server while this one runs (and the day may turn over at midnight):
  // the page must show exactly the figures of the answer it received, read here from its own response.
  const answerTo = (days: number) =>
    page.waitForResponse((res) => new URL(res.url()).pathname === "/api/admin/analytics" && new URL(res.url()).searchParams.get("days") === String(days)).then(async (res) => (await res.json()) as AdminAnalytics);
  let shown!: Promise<AdminAnalytics>;
  // Another spec's booking makes the Overview fetch its figures again (realtime): the latest answer is the one shown.
  let latestMonth: Promise<AdminAnalytics> | undefined;
  page.on("response", (res) => {
    const url = new URL(res.url());
    if (url.pathname === "/api/admin/analytics" && url.searchParams.get("days") === "30") latestMonth = res.json() as Promise<AdminAnalytics>;
  });
  const scripts = await scriptsLoadedBy(page, async () => {
    await apiSignIn(page, ADMIN.email, ADMIN.password);
    shown = answerTo(30);
    await page.goto("/admin");
    await expect(page.getByTestId("chart-bookings").locator(PLOT)).toBeVisible();
  });
  expect(scripts.some((s) => s.includes(CHART_CODE))).toBe(true);

  const panel = page.getByRole("region", { name: "Analytics" });
  const month = await shown;
  // The ride booked above is within the last 30 days.
  expect(month.totals.bookings.ride).toBeGreaterThanOrEqual(1);
  expect(month.totals.quotes.ride).toBeGreaterThanOrEqual(0);

  // 30 days by default: every chart drawn, the figures are the server's, a table of 30 days per chart.
  await expect(panel.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true");
  for (const id of CHARTS) {
    const chart = panel.getByTestId(`chart-${id}`);
    await expect(chart.locator(PLOT)).toBeVisible();
    await expect(chart.getByRole("table")).toHaveCount(1);
    await expect(chart.getByRole("table").locator("tbody tr")).toHaveCount(30);
  }
  await expect(panel.getByTestId("chart-bookings").locator(".recharts-bar-rectangle").first()).toBeAttached();
  const figures = panel.getByTestId("analytics-figures");
  // The first figure is the answer's bookings, and the last row of the bookings table (the screen reader's) the
  // answer's last day: the latest answer's, once the page has drawn it.
  const lastRow = panel.getByRole("table", { name: "Bookings by day" }).locator("tbody tr").last();
  const shownFigures = async () => [await figures.getByRole("definition").first().textContent(), await lastRow.locator("td").first().textContent()];
  const answered = async () => {
    const latest = await latestMonth!;
    return [String(latest.totals.bookings.total), String(latest.daily.at(-1)!.bookings.ride)];
  };
  await expect.poll(async () => JSON.stringify(await shownFigures()) === JSON.stringify(await answered())).toBe(true);
  await expectNoA11yViolations(page, { label: "overview analytics (30 days)" });
  await page.getByRole("region", { name: "Analytics" }).screenshot({ path: "test-results/analytics-30.png" });

  // The Analytics card brings the panel into view.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("button", { name: /Analytics/ }).click();
  await expect(page.getByRole("heading", { name: "Analytics", level: 2 })).toBeFocused();
  await expect(page.getByText("Feature not implemented")).toHaveCount(0);

  // The period switch: 7 days, then 90.
  const weekShown = answerTo(7);
  await panel.getByRole("button", { name: "7 days" }).click();
  await expect(panel.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
  const week = await weekShown;
  await expect(panel.getByTestId("analytics-period")).toContainText(new Date(`${week.from}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" }));
  for (const id of CHARTS) await expect(panel.getByTestId(`chart-${id}`).getByRole("table").locator("tbody tr")).toHaveCount(7);
  await expect(panel.getByTestId("chart-bookings").locator(".recharts-xAxis .recharts-cartesian-axis-tick")).toHaveCount(7);
  await page.getByRole("region", { name: "Analytics" }).screenshot({ path: "test-results/analytics-7.png" });

  // The CSV of the period shown: a header, a row per day, the totals.
  const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "Download the last 7 days as CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`meridian-analytics-${week.from}-to-${week.to}.csv`);
  const lines = (await fs.readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  expect(lines).toHaveLength(1 + 7 + 1);
  expect(lines[0]).toMatch(/^Day,Ride bookings,Valet bookings,Cancelled,/);
  expect(lines[7]!.split(",")[0]).toBe(week.to);
  // The totals row adds up the days above it (the figures themselves are checked to the cent in analytics.test.ts).
  const [label, ride, valet] = lines[8]!.split(",");
  expect(label).toBe("Total");
  const sum = (column: number) => lines.slice(1, 8).reduce((total, line) => total + Number(line.split(",")[column]), 0);
  expect(Number(ride)).toBe(sum(1));
  expect(Number(valet)).toBe(sum(2));

  await panel.getByRole("button", { name: "90 days" }).click();
  for (const id of CHARTS) await expect(panel.getByTestId(`chart-${id}`).getByRole("table").locator("tbody tr")).toHaveCount(90);
  await expectNoA11yViolations(page, { label: "overview analytics (90 days)" });
  await page.screenshot({ path: "test-results/overview-full.png", fullPage: true });
});
