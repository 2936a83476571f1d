/// <reference lib="dom" />
// The staff flows with the keyboard alone, on phones (390x844): the valet attendant checks a car in and works a
// requested car through Take, Mark Ready and Delivered; the chauffeur moves an assigned ride through its steps.
// Every Tab stop shows its focus. The result of each tap is said once (the toasts' live region), and the guest's
// claim page and the customer's dashboard say each new status once, not on every re-render.
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoA11yViolations, focusedInfo, recordAnnouncements, saying, tabTo } from "./a11y";
import { ADMIN, bookRideThroughDialog, chauffeurShift, claimLinkFromSms, createVerifiedUser, expect, gotoWithStream, laDaysAhead, signedInPhone, signInThroughModal, staffMember, test } from "./fixtures";

test.describe.configure({ mode: "parallel" });

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Focus is somewhere (not lost to the page) and shows. */
async function expectFocused(page: Page, what: string) {
  const info = await focusedInfo(page);
  expect(info.tag, `focus is on ${what}, not lost`).not.toBe("body");
  expect(info.visible, `focus is visible on ${what} (${info.style})`).toBe(true);
}

test("the valet attendant checks a car in and hands it back with the keyboard alone", async ({ browser, request }) => {
  test.slow();
  const attendant = await staffMember(request, "valet", "Kit Keyboard");
  const unique = Date.now().toString(36).toUpperCase().slice(-5);
  const phoneDigits = `213555${String(Date.now()).slice(-4)}`;
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 30, b: 30 } } }).jpeg().toBuffer();

  const staff = await signedInPhone(browser, attendant);
  const sp = staff.page;
  await gotoWithStream(sp, "/staff/valet");
  const toasts = sp.locator("section[aria-live]");
  await expect(toasts).toHaveAttribute("aria-live", "polite");
  const toastSaid = await recordAnnouncements(toasts);

  // Check In: the tab by keyboard, every field by Tab, the photo set on the (hidden) file input, Enter on Check In Car.
  const nav = sp.getByRole("navigation", { name: "Valet" });
  await tabTo(sp, nav.getByRole("link", { name: "Check In" }));
  await sp.keyboard.press("Enter");
  await expect(sp).toHaveURL(/\/staff\/valet\/check-in$/);
  await typeInto(sp, sp.getByLabel("Mobile number"), phoneDigits);
  await typeInto(sp, sp.getByLabel("Plate"), `8K${unique}`);
  await typeInto(sp, sp.getByLabel("Key tag"), `K-${unique}`);
  await typeInto(sp, sp.getByLabel("Make"), "Bentley");
  await typeInto(sp, sp.getByLabel("Model"), "Continental GT");
  await typeInto(sp, sp.getByLabel("Colour"), "Midnight Blue");
  await typeInto(sp, sp.getByLabel("Stall (optional)"), "C7");
  const stand = sp.getByLabel("Stand");
  await tabTo(sp, stand);
  await sp.keyboard.press("ControlOrMeta+A");
  await sp.keyboard.type("Keyboard Entrance");
  const file = sp.locator('input[type="file"][capture="environment"]');
  await tabTo(sp, file); // its focus shows on the Add photo tile
  await file.setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(sp.getByRole("img", { name: "Photo 1" })).toBeVisible();
  await expectNoA11yViolations(sp, { label: "valet check-in" });
  await tabTo(sp, sp.getByRole("button", { name: "Check In Car" }));
  await sp.keyboard.press("Enter");
  const result = sp.getByRole("region", { name: "Car checked in" });
  await expect(result).toBeFocused(); // the form is gone: focus went to its result
  const code = (await sp.getByTestId("ticket-code").textContent())!.trim();
  await expect.poll(toastSaid).toEqual(saying(`Ticket ${code}`));

  // Back to the Queue by keyboard.
  await tabTo(sp, nav.getByRole("link", { name: "Queue" }), { back: true });
  await sp.keyboard.press("Enter");
  await expect(sp.getByText("No cars requested.").or(sp.getByRole("list", { name: "Requested cars" }))).toBeVisible();

  // The guest (mouse or thumb, not under test) asks for the car from the texted link; their page says each status once.
  const link = await claimLinkFromSms(request, phoneDigits);
  const guest = await signedInPhone(browser);
  const gp = guest.page;
  await gp.goto(link);
  const claimRegion = gp.getByTestId("claim-announcement");
  await expect(claimRegion).toHaveAttribute("role", "status");
  await expect(claimRegion).toHaveAttribute("aria-live", "polite");
  // Listen once the page shows the ticket (its first status is set as it loads, before any change to announce).
  await expect(gp.getByTestId("claim-status")).toBeVisible();
  await expect(claimRegion).not.toBeEmpty();
  const claimSaid = await recordAnnouncements(claimRegion);
  // The status box itself is no live region (its countdown would be read out every 15 s).
  await expect(gp.getByTestId("claim-status")).not.toHaveAttribute("aria-live", /.*/);
  await gp.getByRole("button", { name: "Request my car" }).click();
  await expect(gp.getByTestId("claim-status")).toHaveAttribute("data-status", "requested");

  // The attendant: Take, Mark Ready, Delivered, each with Enter; focus stays on the card's one button.
  const card = sp.getByTestId("valet-ticket").filter({ hasText: `K-${unique}` });
  await expect(card).toBeVisible();
  const action = card.getByRole("button");
  await tabTo(sp, card.getByRole("button", { name: "Take" }), { max: 80 });
  await expectNoA11yViolations(sp, { label: "valet queue" });
  for (const [next, guestStatus] of [
    ["Mark Ready", "retrieving"],
    ["Delivered", "ready"],
  ] as const) {
    await sp.keyboard.press("Enter");
    await expect(action).toHaveText(next);
    await expect(action).toBeFocused();
    await expectFocused(sp, `the card's ${next} button`);
    await expect(gp.getByTestId("claim-status")).toHaveAttribute("data-status", guestStatus);
  }
  await expect(gp.getByTestId("claim-status").getByText("Your car is waiting at the stand")).toBeVisible();
  await sp.keyboard.press("Enter");
  await expect(card).toBeHidden();
  await expectFocused(sp, "the next card or the Queue tab after the car left the list");
  await expect(gp.getByTestId("claim-status")).toHaveAttribute("data-status", "delivered");

  // Each tap's result was said once (re-renders of the queue and the toasts say nothing again).
  await sp.waitForTimeout(500);
  const mine = (await toastSaid()).filter((t) => t.includes(`K-${unique}`));
  expect(mine).toEqual(saying(`Key K-${unique}: you are bringing the car.`, `Key K-${unique}: ready for the guest.`, `Key K-${unique}: handed back to the guest.`));
  // The guest heard each status once, in order (the countdown and the live refreshes in between said nothing).
  await gp.waitForTimeout(500);
  expect(await claimSaid()).toEqual(
    saying(
      "Your request has been received.",
      "An attendant is bringing your car.",
      "Your car is waiting at the stand. Please come to Keyboard Entrance.",
      "Your car has been handed back. Thank you!",
    ),
  );
  expect(new Set(await claimSaid()).size).toBe(4);
  await expectNoA11yViolations(gp, { label: "claim ticket, delivered" });
  await Promise.all([staff.context.close(), guest.context.close()]);
});

test("the chauffeur drives an assigned ride with the keyboard alone, and the customer's dashboard says each step once", async ({ browser, page, request }) => {
  test.slow();
  const day = laDaysAhead(4);
  const driver = await createVerifiedUser(request, "Kay Keyboard");
  const customer = await createVerifiedUser(request, "Lena Listener");

  // Set-up through the admin API (the dispatch spec drives these screens): staff, a shift, the booking, the assignment.
  const admin = await browser.newContext();
  expect((await admin.request.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  expect((await admin.request.post("/api/admin/staff", { data: { fullName: driver.fullName, email: driver.email, role: "chauffeur" } })).ok()).toBe(true);
  const driverId = await chauffeurShift(admin.request, driver.email, day);

  await signInThroughModal(page, customer.email, customer.password);
  await bookRideThroughDialog(page, day);
  await gotoWithStream(page, "/dashboard");
  const progress = page.getByRole("list", { name: "Your bookings" }).getByTestId("ride-progress");
  await expect(progress).toHaveText("We are assigning your chauffeur.");
  await expect(progress).not.toHaveAttribute("aria-live", /.*/);
  const rideRegion = page.getByRole("list", { name: "Your bookings" }).getByTestId("ride-announcement");
  await expect(rideRegion).toHaveAttribute("role", "status");
  const rideSaid = await recordAnnouncements(rideRegion);

  const found = (await (await admin.request.get(`/api/admin/bookings?q=${encodeURIComponent(customer.email)}`)).json()) as { bookings: { id: string }[] };
  const assign = await admin.request.put(`/api/admin/bookings/${found.bookings[0]!.id}/assignment`, { data: { chauffeurId: driverId } });
  expect(assign.status(), await assign.text()).toBe(200);
  await expect(progress).toContainText("Your chauffeur is assigned.");

  // The chauffeur's phone: Tab to the ride's button, Enter for each step; focus follows to the next step's button.
  const phone = await signedInPhone(browser, driver);
  const pp = phone.page;
  await gotoWithStream(pp, "/staff/rides");
  await expect(pp.getByRole("heading", { name: "Your Rides" })).toBeVisible();
  const toastSaid = await recordAnnouncements(pp.locator("section[aria-live]"));
  const ride = pp.getByTestId("staff-ride").filter({ hasText: customer.fullName });
  await tabTo(pp, ride.getByRole("button", { name: "Start: En Route" }));
  await expectNoA11yViolations(pp, { label: "chauffeur's rides" });
  const steps: [string, string | null, string][] = [
    ["En Route", "Arrived: On Location", "Your chauffeur is on the way."],
    ["On Location", "Passenger On Board", "Your chauffeur has arrived."],
    ["Passenger On Board", "Complete Ride", "Enjoy your ride."],
    ["Completed", null, "Ride completed. Thank you for riding with Meridian."],
  ];
  for (const [status, nextButton, sentence] of steps) {
    await pp.keyboard.press("Enter");
    if (status === "Completed") {
      // Complete Ride asks first, "Not yet" focused; Tab to Complete Ride and Enter confirms.
      await expect(pp.getByRole("alertdialog", { name: "Complete this ride?" }).getByRole("button", { name: "Not yet" })).toBeFocused();
      await pp.keyboard.press("Tab");
      await pp.keyboard.press("Enter");
    }
    await expect(ride.getByLabel("Ride status")).toHaveText(status);
    if (nextButton) await expect(ride.getByRole("button", { name: nextButton })).toBeFocused();
    else await expect(ride).toBeFocused(); // no step left: the card itself holds focus
    await expectFocused(pp, `the ride after ${status}`);
    await expect(progress).toContainText(sentence);
  }
  await expect(ride.getByRole("button")).toHaveCount(0);

  // The chauffeur heard each tap's result once; the customer heard each step once.
  await pp.waitForTimeout(500);
  expect(await toastSaid()).toEqual(saying("En Route", "On Location", "Passenger On Board", "Completed"));
  await page.waitForTimeout(500);
  expect(await rideSaid()).toEqual(saying("Your chauffeur is assigned. Chauffeur: Kay", "Your chauffeur is on the way.", "Your chauffeur has arrived.", "Enjoy your ride.", "Ride completed."));
  await Promise.all([phone.context.close(), admin.close()]);
});
