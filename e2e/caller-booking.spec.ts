// Booking for a caller (issue 20), at desktop as a dispatcher: New Booking on the admin Bookings page, a new
// customer (name, phone, e-mail), the ride quoted by the customer's own form, booked with a payment link; the
// customer opens the link from the dev mailbox (no account, no sign-in) and pays with the test Visa.
import { expectNoA11yViolations } from "./a11y";
import { expect, fillIn, laDaysAhead, signInThroughModal, staffMember, test, typeAddress, uniqueEmail } from "./fixtures";

test("a dispatcher books a ride for a caller, and the caller pays through the e-mailed link", async ({ browser, page, request }) => {
  test.slow();
  const dispatcher = await staffMember(request, "dispatcher", "Dora Desk");
  await signInThroughModal(page, dispatcher.email, dispatcher.password);
  const day = laDaysAhead(3);
  const email = uniqueEmail("caller");
  const digits = `310555${String(Date.now()).slice(-4)}`;

  await page.goto("/admin/bookings");
  await page.getByRole("button", { name: "New Booking" }).click();
  const dialog = page.getByRole("dialog", { name: "New Booking" });
  await expect(dialog).toBeVisible();

  // Nobody found: a new customer then.
  await dialog.getByLabel("Name, e-mail or phone").fill(email);
  await expect(dialog.getByText("No customer matches.")).toBeVisible();
  await dialog.getByRole("tab", { name: "New Customer" }).click();
  await fillIn(dialog, { "Full name": "Cleo Caller", Phone: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, Email: email });

  await typeAddress(dialog, "Pickup", "LAX", "Los Angeles International Airport");
  await typeAddress(dialog, "Dropoff", "Beverly Hills", /^Beverly Hills/);
  await dialog.getByLabel("Date").fill(day);
  const total = dialog.getByRole("region", { name: "Your quote" }).getByTestId("quote-total");
  await expect(total).toHaveText(/^\$\d/);
  const price = (await total.textContent())!.trim();
  // No card at the desk: the customer pays through the link.
  await expect(dialog.getByTestId("card-select")).toHaveCount(0);
  await expectNoA11yViolations(page, { include: dialog, label: "New Booking dialog" });
  await page.screenshot({ path: "test-results/caller-booking-dialog.png", fullPage: true });

  await dialog.getByRole("button", { name: "Book & Send Payment Link" }).click();
  await expect(page.getByText("A payment link was sent to Cleo Caller by e-mail and SMS.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: "Cleo Caller" });
  await expect(row).toBeVisible();
  await page.screenshot({ path: "test-results/caller-booking-list.png", fullPage: true });

  // The caller, in their own browser with no account: the link from the dev mailbox.
  const callerContext = await browser.newContext();
  const caller = await callerContext.newPage();
  try {
    const { emails } = (await (await caller.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { emails: { subject: string; text: string }[] };
    const mail = emails.find((e) => e.subject.startsWith("Confirm your ride"));
    expect(mail, "the payment-link e-mail").toBeTruthy();
    expect(mail!.text).toContain("Dora Desk at Meridian has booked your ride");
    await caller.goto(mail!.text.match(/https?:\/\/\S+\/pay\/\S+/)![0]);
    await expect(caller.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
    await expect(caller.getByText("No card is on file for this booking yet. Confirm one to keep it.")).toBeVisible();
    await expect(caller.getByText(price, { exact: true })).toBeVisible();
    // The day as people read it ("Ride on Sun, Nov 29"), not "2026-11-29".
    await expect(caller.getByText(/^Ride on [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/)).toBeVisible();
    await caller.getByRole("combobox", { name: "Test card" }).click();
    await caller.getByRole("option", { name: /4242/ }).click();
    await caller.getByRole("button", { name: `Authorise ${price}` }).click();
    await expect(caller.getByTestId("payment-state")).toHaveText(`Paid: ${price} is authorised on your Visa •••• 4242. Nothing more to do.`);
    await expectNoA11yViolations(caller, { label: "/pay/:token (paid)" });
    await caller.screenshot({ path: "test-results/caller-booking-paid.png", fullPage: true });
  } finally {
    await callerContext.close();
  }
});
