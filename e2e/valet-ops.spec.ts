// Valet operations end to end, on phones (390x844): an attendant checks a car in with a photo, the guest
// opens the link from the SMS outbox and requests the car, the attendant's queue shows it without a reload,
// ready and delivered reach the guest's page live, and the admin finds the ticket by plate with its timeline
// and photo.
import sharp from "sharp";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, claimLinkFromSms, createVerifiedUser, expect, fillIn, signedInPhone, staffMember, test } from "./fixtures";

test("a car's whole stay: check-in with a photo, the guest's live claim page, the attendants' queue, and the admin's Ticket Center", async ({ browser, request }) => {
  const attendant = await staffMember(request, "valet", "Sam Attendant");
  const unique = Date.now().toString(36).toUpperCase().slice(-5);
  const plate = `7E${unique}`;
  const phoneDigits = `310555${String(Date.now()).slice(-4)}`;
  const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 40, b: 90 } } }).jpeg().toBuffer();

  // ---- The attendant checks the car in on their phone.
  const staff = await signedInPhone(browser, attendant);
  const sp = staff.page;
  await sp.goto("/staff/valet");
  await expect(sp.getByRole("navigation", { name: "Valet" })).toBeVisible();
  await sp.getByRole("link", { name: "Check In" }).click();
  await fillIn(sp, { "Mobile number": `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`, Plate: plate, "Key tag": `K-${unique}`, Make: "Aston Martin", Model: "DB12", Colour: "Racing Green", "Stall (optional)": "B12", Stand: "Main Entrance" });
  await sp.locator('input[type="file"][capture="environment"]').setInputFiles({ name: "front.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await expect(sp.getByRole("img", { name: "Photo 1" })).toBeVisible();
  await expectNoA11yViolations(sp, { label: "valet check-in" });
  await sp.getByRole("button", { name: "Check In Car" }).click();
  await expect(sp.getByText("Car Checked In")).toBeVisible();
  const code = (await sp.getByTestId("ticket-code").textContent())!.trim();
  expect(code).toMatch(/^MRD-/);
  await sp.screenshot({ path: "test-results/valet-checked-in.png" });

  // The queue is open (and live) before the guest asks.
  await sp.getByRole("link", { name: "Queue" }).click();
  await expect(sp.getByText("No cars requested.").or(sp.getByRole("list", { name: "Requested cars" }))).toBeVisible();

  // ---- The guest opens the link from the SMS outbox on their phone.
  const link = await claimLinkFromSms(request, phoneDigits);
  const guest = await signedInPhone(browser);
  const gp = guest.page;
  await gp.goto(link);
  await expect(gp.getByTestId("claim-code")).toHaveText(code);
  await expect(gp.getByText("Racing Green Aston Martin DB12")).toBeVisible();
  await expect(gp.getByRole("img", { name: `QR code of ticket ${code}` })).toBeVisible();
  await expectNoA11yViolations(gp, { label: "claim ticket" });
  await expect(gp.getByTestId("claim-status")).toHaveAttribute("data-status", "checked_in");
  await gp.screenshot({ path: "test-results/valet-claim.png", fullPage: true });
  await gp.getByRole("button", { name: "Request my car" }).click();
  await expect(gp.getByTestId("claim-status")).toHaveAttribute("data-status", "requested");
  await expect(gp.getByTestId("claim-estimate")).toContainText(/About \d+ minutes?/);

  // ---- The attendant's queue shows it without a reload: take it, mark it ready.
  const card = sp.getByTestId("valet-ticket").filter({ hasText: `K-${unique}` });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Stall B12");
  await expectNoA11yViolations(sp, { label: "valet queue" });
  await sp.screenshot({ path: "test-results/valet-queue.png", fullPage: true });
  await card.getByRole("button", { name: "Take" }).click();
  await expect(gp.getByTestId("claim-status")).toHaveAttribute("data-status", "retrieving");
  await card.getByRole("button", { name: "Mark Ready" }).click();
  await expect(gp.getByTestId("claim-status").getByText("Your car is waiting at the stand")).toBeVisible();
  await gp.screenshot({ path: "test-results/valet-claim-ready.png", fullPage: true });
  await card.getByRole("button", { name: "Delivered" }).click();
  await expect(gp.getByTestId("claim-status")).toHaveAttribute("data-status", "delivered");
  await expect(gp.getByTestId("claim-status").getByText("Your car has been handed back. Thank you!")).toBeVisible();
  await expect(card).toBeHidden();

  // ---- The admin finds the ticket by plate and sees its timeline and photo.
  const admin = await signedInPhone(browser, ADMIN);
  const ap = admin.page;
  await ap.setViewportSize({ width: 1280, height: 900 });
  await ap.goto("/admin/tickets");
  await ap.getByLabel("Search tickets").fill(plate.toLowerCase());
  const row = ap.getByRole("row").filter({ hasText: code });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: `View details of ticket ${code}` }).click();
  const dialog = ap.getByRole("dialog");
  const timeline = dialog.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveCount(5);
  await expect(timeline).toContainText("Checked In");
  await expect(timeline).toContainText("Sam Attendant");
  await expect(timeline).toContainText("Guest");
  await expect(timeline).toContainText("Delivered");
  const photo = dialog.getByRole("img", { name: /Check-in photo taken/ });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expectNoA11yViolations(ap, { include: dialog, label: "admin ticket detail" });
  await ap.screenshot({ path: "test-results/valet-admin-ticket.png" });

  await Promise.all([staff.context.close(), guest.context.close(), admin.context.close()]);
});

test("a customer cannot reach the valet screens or API, and a wrong claim link shows nothing", async ({ browser, request }) => {
  const customer = await createVerifiedUser(request, "Curious Customer");
  const { context, page } = await signedInPhone(browser, customer);
  expect((await context.request.get("/api/valet/queue")).status()).toBe(403);
  await page.goto("/staff/valet");
  await expect(page).not.toHaveURL(/\/staff\/valet/);
  await page.goto(`/t/${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { name: "Ticket not found" })).toBeVisible();
  await context.close();
});
