/// <reference lib="dom" />
// The staff screens at 390x844 with a realistic day on them (CONVENTIONS 14: staff screens are phone screens):
// the dispatcher's Dispatch Board with rides assigned and unassigned, the chauffeur's rides, and the valet
// attendant's queue, lot and ticket, all with long names, addresses, stands and cars made through the app's own
// API. Each screen: nothing scrolls sideways, the main actions are at least 44 px tall and wholly on screen, and
// each card holds its long text (wrapped or truncated) inside itself. Screenshots land in the test's output folder (test-results/).
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoHorizontalScroll } from "./a11y";
import { ADMIN, chauffeurShift, createVerifiedUser, expect, gotoWithStream, laDaysAhead, signedInPhone, staffMember, test } from "./fixtures";

test.describe.configure({ mode: "parallel" });

const WIDTH = 390;
const HEIGHT = 844;

/** Nothing scrolls sideways (the page's own width, and WCAG reflow's element by element look). */
async function expectNoSidewaysScroll(page: Page) {
  expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), "page width").toBeLessThanOrEqual(WIDTH);
  await expectNoHorizontalScroll(page);
}

/** Each of `targets` (none missing) is a thumb-sized target, at least 44 px tall, wholly inside the viewport once scrolled to. */
async function expectBigTargets(targets: Locator, what: string) {
  const count = await targets.count();
  expect(count, `${what}: some to check`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const target = targets.nth(i);
    // At once (the page's own scrolling is smooth), and to the middle: clear of the header.
    await target.evaluate((el) => el.scrollIntoView({ block: "center", behavior: "instant" }));
    const box = (await target.boundingBox())!;
    const name = `${what} #${i + 1} "${(await target.textContent())?.trim() || (await target.getAttribute("aria-label"))}"`;
    expect.soft(box.height, `${name} is at least 44 px tall`).toBeGreaterThanOrEqual(44);
    expect.soft(box.x, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.width, `${name} ends inside the ${WIDTH} px viewport`).toBeLessThanOrEqual(WIDTH);
    expect.soft(box.y, `${name} is below the top`).toBeGreaterThanOrEqual(0);
    expect.soft(box.y + box.height, `${name} is above the bottom`).toBeLessThanOrEqual(HEIGHT);
  }
}

/**
 * Each card keeps its long text to itself: nothing in it is wider than its own box (a long e-mail running over the
 * next column) unless a box clips it on purpose (truncate), nothing sticks out of the card, no icon is squeezed
 * by the text beside it, and the card ends inside the viewport.
 */
async function expectCardsHoldTheirText(cards: Locator, what: string) {
  expect(await cards.count(), `${what}: some to check`).toBeGreaterThan(0);
  const spill = await cards.evaluateAll((els) =>
    els.flatMap((card, i) => {
      const edge = card.getBoundingClientRect().right;
      const out: string[] = [];
      if (edge > window.innerWidth + 1) out.push(`#${i + 1} ends at ${Math.round(edge)} px`);
      const clippedInCard = (el: Element) => {
        for (let p = el.parentElement; p && p !== card; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
        return false;
      };
      for (const el of [card, ...Array.from(card.querySelectorAll("*"))]) {
        const r = el.getBoundingClientRect();
        if (!r.width || clippedInCard(el)) continue;
        const text = `<${el.tagName.toLowerCase()}> "${el.textContent?.trim().slice(0, 48)}"`;
        if (getComputedStyle(el).overflowX === "visible" && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) out.push(`#${i + 1}: ${text} is ${el.scrollWidth} px wide in a ${el.clientWidth} px box`);
        if (el !== card && r.right > edge + 1) out.push(`#${i + 1}: ${text} ends at ${Math.round(r.right)} px, its card at ${Math.round(edge)} px`);
        // An icon beside a long name is squeezed thin rather than the name wrapping sooner.
        if (el.tagName.toLowerCase() === "svg" && Math.abs(r.width - r.height) > 1) out.push(`#${i + 1}: an icon by "${el.parentElement?.textContent?.trim().slice(0, 40)}" is squeezed to ${r.width.toFixed(1)}x${r.height.toFixed(1)} px`);
      }
      return out;
    }),
  );
  expect.soft(spill, `${what}: text spilling out of its box`).toEqual([]);
}

/** Each of `items` (none missing) reads on one line: a key tag or a status split in two is misread at a glance. */
async function expectOneLine(items: Locator, what: string) {
  expect(await items.count(), `${what}: some to check`).toBeGreaterThan(0);
  const lines = await items.evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top));
      return { text: el.textContent?.trim(), lines: tops.filter((t, i) => tops.findIndex((u) => Math.abs(u - t) <= 3) === i).length };
    }),
  );
  expect.soft(lines.filter((l) => l.lines > 1), `${what} wrapped onto two lines or more`).toEqual([]);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** Long names, each run's own (a retry on the same server must not find the last run's people on the board). */
const peopleOf = (run: string) => ({
  chauffeur: `Maximilian Featherstonehaugh-Montgomery ${run}`,
  chauffeur2: `Anastasia Wilhelmina Vanderbilt-Ashworth ${run}`,
  customers: [`Alexandrina Wilhelmina Featherstonehaugh-Cholmondeley ${run}`, `Bartholomew Fitzwilliam Hetherington ${run}`, `Seraphina Montgomery-Worthington ${run}`],
});

type Api = APIRequestContext;

/** A paid ride `customer` (signed in on `api`) books through the quote and booking API; returns its id and time. */
async function bookRide(api: Api, day: string, from: string, to: string, time: string, extra: { flightNumber?: string; passengers?: number; luggage?: number } = {}) {
  const { vehicles } = (await (await api.get("/api/vehicles")).json()) as { vehicles: { id: string; passengerCapacity: number }[] };
  const quote = await api.post("/api/quotes", {
    data: { pickupPlaceId: from, dropoffPlaceId: to, vehicleTypeId: vehicles.at(-1)!.id, passengers: extra.passengers ?? 2, luggage: extra.luggage ?? 3, date: day, time, ...(extra.flightNumber ? { flightNumber: extra.flightNumber } : {}) },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const booked = await api.post("/api/bookings", {
    headers: { "Idempotency-Key": crypto.randomUUID() },
    data: { service: "ride", quoteId: ((await quote.json()) as { quoteId: string }).quoteId, paymentMethod: "pm_card_visa" },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { booking: { id: string } }).booking.id;
}

/** An arriving flight at LAX on `day` the simulation has on time, with its suggested pickup time that day. */
async function flightOn(api: Api, day: string) {
  const { vehicles } = (await (await api.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const start = 100 + Math.floor(Math.random() * 7000);
  for (let n = start; n < start + 60; n++) {
    const res = await api.post("/api/quotes", {
      data: { pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:venue:beverly-wilshire-a-four-seasons-hotel", vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: day, time: "12:00", flightNumber: `AA${n}` },
    });
    if (res.status() !== 200) continue;
    const { flight } = (await res.json()) as { flight: { flightNumber: string; phase: string; suggestedDate: string; suggestedTime: string } };
    if (flight.phase === "scheduled" && flight.suggestedDate === day && flight.suggestedTime >= "06:00" && flight.suggestedTime < "21:00") return flight;
  }
  throw new Error("no flight found");
}

test("a day of rides at 390 px: the dispatcher's board and the chauffeur's rides", async ({ browser, request }) => {
  const day = laDaysAhead(12);
  const PEOPLE = peopleOf(Date.now().toString(36).toUpperCase().slice(-4).replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)]!));
  const [dispatcher, driver, driver2, ...customers] = await Promise.all([
    staffMember(request, "dispatcher", "Genevieve Dispatch-Holloway"),
    staffMember(request, "chauffeur", PEOPLE.chauffeur),
    staffMember(request, "chauffeur", PEOPLE.chauffeur2),
    ...PEOPLE.customers.map((name) => createVerifiedUser(request, name)),
  ]);

  const desk = await signedInPhone(browser, ADMIN);
  const chauffeurId = await chauffeurShift(desk.context.request, driver.email, day);
  const chauffeur2Id = await chauffeurShift(desk.context.request, driver2.email, day);

  // The customers book (each with a phone on their profile): five rides, long venue names both ends, one from a flight.
  const booker = await Promise.all(customers.map((c) => signedInPhone(browser, c)));
  for (const [i, b] of booker.entries()) {
    const res = await b.context.request.patch("/api/me/profile", { data: { fullName: customers[i]!.fullName, phone: `(310) 555-01${20 + i}` } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const [a, b, c] = booker.map((x) => x.context.request) as [Api, Api, Api];
  const flight = await flightOn(a, day);
  const ride = {
    early: await bookRide(a, day, "emb:venue:four-seasons-hotel-los-angeles-at-beverly-hills", "emb:apt:LAX", "07:00", { passengers: 3, luggage: 4 }),
    laguna: await bookRide(b, day, "emb:venue:university-of-california-los-angeles", "emb:venue:ritz-carlton-laguna-niguel", "10:00"),
    flight: await bookRide(a, day, "emb:apt:LAX", "emb:venue:beverly-wilshire-a-four-seasons-hotel", flight.suggestedTime, { flightNumber: flight.flightNumber }),
    open1: await bookRide(c, day, "emb:venue:los-angeles-county-museum-of-art", "emb:venue:university-of-southern-california", "17:00"),
    open2: await bookRide(b, day, "emb:venue:waldorf-astoria-beverly-hills", "emb:venue:ritz-carlton-los-angeles", "20:00"),
  };
  // Three assigned (two to the first chauffeur, one under way), two left for the desk.
  for (const [id, who] of [[ride.early, chauffeurId], [ride.laguna, chauffeurId], [ride.flight, chauffeur2Id]] as const) {
    const res = await desk.context.request.put(`/api/admin/bookings/${id}/assignment`, { data: { chauffeurId: who } });
    expect(res.status(), await res.text()).toBe(200);
  }
  const phone = await signedInPhone(browser, driver);
  expect((await phone.context.request.post(`/api/staff/rides/${ride.early}/status`, { data: { status: "en_route" } })).status()).toBe(200);
  await Promise.all(booker.map((x) => x.context.close()));

  // ---- The dispatcher's board on their phone.
  const dispatch = await signedInPhone(browser, dispatcher);
  const dp = dispatch.page;
  await dp.goto("/admin/dispatch");
  await dp.getByLabel("Day", { exact: true }).fill(day);
  const cards = dp.getByTestId("dispatch-ride");
  await expect(cards.filter({ hasText: PEOPLE.customers[2]! })).toContainText("Los Angeles County Museum of Art");
  await expect(cards.filter({ hasText: PEOPLE.chauffeur })).toHaveCount(2);
  await shot(dp, "dispatch");
  await expectNoSidewaysScroll(dp);
  await expectCardsHoldTheirText(cards, "dispatch rides");
  await expectOneLine(cards.getByText(/^(Pending|Confirmed|En Route)$/), "dispatch statuses");
  await expectBigTargets(dp.getByRole("button", { name: /^(Previous day|Next day|Today)$/ }), "day buttons");
  await expectBigTargets(cards.getByRole("button", { name: /^(Assign|Reassign|Unassign)$/ }), "assignment buttons");
  await expectBigTargets(cards.getByRole("combobox", { name: /^Chauffeur for/ }), "chauffeur pickers");
  // The timeline scrolls sideways inside its panel: scrolled to a ride, its lane still says whose ride it is.
  const timeline = dp.getByRole("region", { name: "Timeline" });
  const lane = timeline.getByTestId("timeline-lane").filter({ hasText: PEOPLE.chauffeur });
  const laneName = lane.getByText(PEOPLE.chauffeur, { exact: true });
  for (const box of await lane.getByTestId("timeline-ride").all()) {
    await box.evaluate((el) => el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" }));
    const seen = async (target: Locator) =>
      target.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const shown = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + r.height / 2);
        return Boolean(shown && (el === shown || el.contains(shown)));
      });
    expect.soft(await seen(laneName), `the lane's name is in sight beside its ride "${await box.textContent()}"`).toBe(true);
    expect.soft(await seen(box), `the ride "${await box.textContent()}" is in sight`).toBe(true);
  }
  await timeline.screenshot({ path: test.info().outputPath("dispatch-timeline-scrolled.png") });

  // ---- The chauffeur's rides: one under way, one long, one from a flight that is the other chauffeur's.
  const pp = phone.page;
  await gotoWithStream(pp, "/staff/rides");
  const rides = pp.getByTestId("staff-ride");
  await expect(rides).toHaveCount(2);
  await expect(rides.first()).toContainText("Four Seasons Hotel Los Angeles at Beverly Hills");
  await shot(pp, "chauffeur-rides");
  await expectNoSidewaysScroll(pp);
  await expectCardsHoldTheirText(rides, "chauffeur's rides");
  await expectOneLine(rides.getByLabel("Ride status"), "ride statuses");
  await expectBigTargets(rides.getByRole("button"), "ride steps");
  await expectBigTargets(rides.getByRole("link", { name: /555/ }), "call the passenger");
  // The passenger's number as people write it; the link dials it in full.
  const call = rides.getByRole("link", { name: /555/ }).first();
  await expect(call).toHaveText(/^\s*\(310\) 555-01\d\d$/);
  await expect(call).toHaveAttribute("href", /^tel:\+131055501\d\d$/);

  await Promise.all([desk.context.close(), dispatch.context.close(), phone.context.close()]);
});

test("a busy valet stand at 390 px: the attendant's queue, lot and ticket", async ({ browser, request }) => {
  const attendant = await staffMember(request, "valet", "Maximiliana Featherstonehaugh-Cholmondeley");
  const unique = Date.now().toString(36).toUpperCase().slice(-4);
  const stand = "The Beverly Hills Hotel, Porte-Cochère on Sunset Boulevard"; // 59 of the 60 characters allowed
  const staff = await signedInPhone(browser, attendant);
  const api = staff.context.request;
  const cars = [
    { key: `VIP-RS-${unique}1`, make: "Mercedes-Maybach", model: "S 680 Pullman Guard Limousine", colour: "Obsidian Black over Silver", status: ["parked", "requested"] },
    { key: `VIP-RS-${unique}2`, make: "Rolls-Royce", model: "Phantom Extended Wheelbase", colour: "Arctic White Metallic", status: ["parked", "requested", "retrieving"] },
    { key: `VIP-RS-${unique}3`, make: "Aston Martin", model: "DBS Superleggera Volante", colour: "Xenon Grey Metallic Matte", status: ["parked", "requested", "retrieving", "ready"] },
    { key: `VIP-RS-${unique}4`, make: "Bentley", model: "Continental GT Speed Mulliner", colour: "Midnight Emerald Pearl", status: ["parked"] },
    { key: `VIP-RS-${unique}5`, make: "Lamborghini", model: "Revuelto Coupé", colour: "Verde Mantis Pearl Effect", status: [] as string[] },
  ];
  const ids: string[] = [];
  for (const [i, car] of cars.entries()) {
    const res = await api.post("/api/valet/tickets", {
      data: {
        // A guest who gave their e-mail (a long one), not a phone, for the last car.
        ...(i === cars.length - 1 ? { guestEmail: `alexandrina.featherstonehaugh-cholmondeley.${unique.toLowerCase()}@example.com` } : { guestPhone: `(310) 555-02${10 + i}` }),
        plate: `7MRD${unique}${i}`,
        keyTag: car.key,
        make: car.make,
        model: car.model,
        colour: car.colour,
        stand,
        stall: `LEVEL3-B${10 + i}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { ticket: { id: string } }).ticket.id;
    ids.push(id);
    for (const status of car.status) {
      const step = await api.patch(`/api/valet/tickets/${id}`, { data: { status } });
      expect(step.status(), await step.text()).toBe(200);
    }
  }
  const sp = staff.page;
  const mine = (list: Locator) => list.getByTestId("valet-ticket").filter({ hasText: `VIP-RS-${unique}` });

  // The queue: requested, retrieving and ready, each with its one big button.
  await gotoWithStream(sp, "/staff/valet");
  const queue = mine(sp.getByRole("list", { name: "Requested cars" }));
  await expect(queue).toHaveCount(3);
  await shot(sp, "valet-queue");
  await expectNoSidewaysScroll(sp);
  await expectCardsHoldTheirText(queue, "queue");
  await expectOneLine(queue.getByText(/^VIP-RS-/), "queue key tags");
  await expectOneLine(queue.getByText(/^(Requested|Retrieving|Ready)$/), "queue statuses");
  await expectBigTargets(sp.getByRole("navigation", { name: "Valet" }).getByRole("link"), "valet tabs");
  await expectBigTargets(queue.getByRole("button"), "queue buttons");

  // One tap after another at the bottom of the screen: the toast of a move lies over the card's next button and
  // must not take the tap (it stays while a pointer rests on it, so a tap on it waited for ever).
  // (A shorter phone, so that the page can scroll any card to the bottom.)
  await sp.setViewportSize({ width: 390, height: 560 });
  const retrieving = queue.filter({ hasText: cars[1]!.key });
  await retrieving.getByRole("button", { name: "Mark Ready" }).evaluate((el) => el.scrollIntoView({ block: "end" }));
  await retrieving.getByRole("button", { name: "Mark Ready" }).click();
  const delivered = retrieving.getByRole("button", { name: "Delivered" });
  await expect(delivered).toBeEnabled();
  const toast = sp.locator("[data-sonner-toast]").filter({ hasText: `${cars[1]!.key}: ready for the guest.` });
  await expect(toast).toBeVisible();
  // Once it has slid in and stays put:
  await expect
    .poll(async () => {
      const before = await toast.boundingBox();
      await sp.waitForTimeout(100);
      return before?.y === (await toast.boundingBox())?.y;
    })
    .toBe(true);
  // The card scrolled so that the toast lies over the middle of its Delivered button, where a thumb taps.
  const [over, under] = [await toast.boundingBox(), await delivered.boundingBox()];
  await sp.evaluate((dy) => window.scrollBy(0, dy), under!.y + under!.height / 2 - (over!.y + over!.height / 2));
  const [now, then] = [await toast.boundingBox(), await delivered.boundingBox()];
  expect(Math.abs(now!.y + now!.height / 2 - (then!.y + then!.height / 2)), "the toast lies over the Delivered button").toBeLessThan(4);
  // A thumb's tap there, while the toast still shows, is the button's (it was the toast's, and did nothing).
  await expect(toast).toBeVisible();
  await sp.touchscreen.tap(then!.x + then!.width / 2, then!.y + then!.height / 2);
  await expect(retrieving).toBeHidden();
  await expect(sp.locator("[data-sonner-toast]").filter({ hasText: `${cars[1]!.key}: handed back to the guest.` })).toBeVisible();
  await expect(queue).toHaveCount(2);
  await sp.setViewportSize({ width: 390, height: 844 });

  // The lot: one parked, one just checked in.
  await sp.getByRole("navigation", { name: "Valet" }).getByRole("link", { name: "Lot" }).click();
  const lot = mine(sp.getByRole("list", { name: "Cars on the lot" }));
  await expect(lot).toHaveCount(2);
  await shot(sp, "valet-lot");
  await expectNoSidewaysScroll(sp);
  await expectCardsHoldTheirText(lot, "lot");
  await expectOneLine(lot.getByText(/^VIP-RS-/), "lot key tags");
  await expectOneLine(lot.getByText(/^(Checked In|Parked)$/), "lot statuses");
  await expectBigTargets(lot.getByRole("button"), "lot buttons");

  // One ticket: the checked-in car of the guest with the long e-mail.
  await lot.filter({ hasText: cars[4]!.key }).getByRole("link").click();
  await expect(sp.getByText(cars[4]!.key, { exact: true })).toBeVisible();
  await shot(sp, "valet-ticket");
  await expectNoSidewaysScroll(sp);
  const ticket = sp.locator("[data-staff-screen] section").first();
  await expectCardsHoldTheirText(ticket, "ticket");
  await expectOneLine(ticket.getByText(cars[4]!.key, { exact: true }), "the ticket's key tag");
  await expectOneLine(ticket.getByText("Checked In", { exact: true }), "the ticket's status");
  await expectBigTargets(sp.getByRole("region", { name: "Next steps" }).getByRole("button"), "ticket steps");
  await expectBigTargets(sp.getByRole("button", { name: "Report Damage" }), "report damage");

  await staff.context.close();
});
