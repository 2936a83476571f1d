// A ride from booking to drop-off: the customer books; the admin adds the chauffeur (Add Staff) and assigns them
// on the Dispatch Board; the chauffeur, on a phone in their own browser, moves the ride through en route, on
// location, on board and completed; the customer's open dashboard follows each step without a reload; the
// e-mails are in the mailbox.
import { expectNoA11yViolations } from "./a11y";
import { adminPage, apiSignIn, bookRideThroughDialog, chauffeurShift, createVerifiedUser, expect, gotoWithStream, laDaysAhead, test } from "./fixtures";

test("a booked ride is assigned on the dispatch board, driven from the chauffeur's phone, and followed live by the customer", async ({ browser, page, request }) => {
  test.slow();
  const day = laDaysAhead(3);
  const driver = await createVerifiedUser(request, "Marcus Ellington");
  const customer = await createVerifiedUser(request, "Octavia Quill");

  // The admin adds the chauffeur (an existing account, promoted) on the Staff page, and a shift covering the day.
  const admin = await adminPage(browser);
  await admin.goto("/admin/staff");
  await admin.getByRole("button", { name: "Add Staff" }).click();
  const add = admin.getByRole("dialog", { name: "Add Staff" });
  await add.getByLabel("Full name").fill(driver.fullName);
  await add.getByLabel("Email").fill(driver.email);
  await add.getByRole("combobox", { name: "Role" }).click();
  await admin.getByRole("option", { name: "Chauffeur" }).click();
  await add.getByRole("button", { name: "Add Staff" }).click();
  // (The desk's toasts are checked by state instead: another spec's booking may raise "New Booking Received!" in their place.)
  await expect(add).toBeHidden();
  await expect(admin.getByRole("table", { name: "Staff members" })).toContainText(driver.email);
  await expect(admin.getByText("Feature not implemented")).toHaveCount(0);
  await chauffeurShift(admin.request, driver.email, day);

  // The customer books and keeps the dashboard open.
  await apiSignIn(page, customer.email, customer.password);
  await bookRideThroughDialog(page, day);
  await gotoWithStream(page, "/dashboard");
  const progress = page.getByRole("list", { name: "Your bookings" }).getByTestId("ride-progress");
  await expect(progress).toHaveText("We are assigning your chauffeur.");

  // The admin opens the Dispatch Board from the Overview card and assigns the chauffeur.
  await admin.goto("/admin");
  await admin.getByRole("button", { name: /Dispatch Board/ }).click();
  await expect(admin).toHaveURL(/\/admin\/dispatch$/);
  await admin.getByLabel("Day", { exact: true }).fill(day);
  const card = admin.getByTestId("dispatch-ride").filter({ hasText: customer.fullName });
  await expect(card).toContainText("Los Angeles International Airport");
  await expect(card).toContainText("1 passenger");
  await expect(card).toContainText("12:00 PM");
  await card.getByRole("combobox", { name: /^Chauffeur for/ }).click();
  await admin.getByRole("option", { name: driver.fullName }).click();
  await card.getByRole("button", { name: "Assign" }).click();
  await expect(card).toContainText(`${driver.fullName} ·`);
  await expect(admin.getByTestId("timeline-lane").filter({ hasText: driver.fullName })).toContainText("12:00 PM");
  await expectNoA11yViolations(admin, { label: "dispatch board" });

  // Without a reload, the customer sees the chauffeur's first name and the vehicle.
  await expect(progress).toContainText("Your chauffeur is assigned.");
  await expect(progress).toContainText("Chauffeur: Marcus ·");

  // The chauffeur, on a phone, in their own browser.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  // (The header's Sign In sits in the phone's menu; the session cookie is the same either way.)
  const signIn = await phoneContext.request.post("/api/auth/sign-in/email", { data: { email: driver.email, password: driver.password } });
  expect(signIn.status()).toBe(200);
  await gotoWithStream(phone, "/staff/rides");
  await expect(phone.getByRole("heading", { name: "Your Rides" })).toBeVisible();
  const ride = phone.getByTestId("staff-ride").filter({ hasText: customer.fullName });
  await expect(ride).toContainText("Los Angeles International Airport");
  await expectNoA11yViolations(phone, { label: "chauffeur's rides" });
  const steps: [string, string, string][] = [
    ["Start: En Route", "En Route", "Your chauffeur is on the way."],
    ["Arrived: On Location", "On Location", "Your chauffeur has arrived."],
    ["Passenger On Board", "Passenger On Board", "Enjoy your ride."],
    ["Complete Ride", "Completed", "Ride completed. Thank you for riding with Meridian."],
  ];
  for (const [button, status, sentence] of steps) {
    const tap = ride.getByRole("button", { name: button });
    const box = await tap.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(48); // a big target
    await tap.click();
    if (button === "Complete Ride") {
      // It charges the fare and sends the receipt: the chauffeur confirms first.
      const ask = phone.getByRole("alertdialog", { name: "Complete this ride?" });
      await expect(ask).toContainText("card is charged the fare now and the receipt is e-mailed");
      await ask.getByRole("button", { name: "Complete Ride" }).click();
    }
    await expect(ride.getByLabel("Ride status")).toHaveText(status);
    await expect(progress).toContainText(sentence); // the customer's open dashboard follows
    await expect(page.getByTestId("booking-status").first()).toHaveText(status);
  }
  await expect(ride.getByRole("button")).toHaveCount(0);

  // The admin's booking detail shows the timeline, stamped.
  await admin.goto("/admin/bookings");
  await admin.getByLabel("Search bookings").fill(customer.email);
  // The search applies after a pause: wait for the customer's row, not whichever booking is newest.
  const row = admin.getByRole("table", { name: "Bookings" }).locator("tbody tr").filter({ hasText: customer.fullName });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /View booking/ }).click();
  const timeline = admin.getByRole("dialog", { name: "Booking Details" }).getByRole("list", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveCount(6);
  await expect(timeline).toContainText(`Passenger On Board → Completed`);
  await expect(timeline).toContainText(`${driver.fullName} (Chauffeur)`);

  // The e-mails: confirmation, "Your chauffeur", "Your chauffeur has arrived", and the receipt once the fare is captured.
  await expect
    .poll(async () => {
      const { emails } = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(customer.email)}`)).json()) as { emails: { subject: string }[] };
      return emails.map((e) => e.subject.replace(/Ticket \S+/, "Ticket").replace(/receipt \S+/, "receipt").replace(/Marcus, in an? .+/, "Marcus, in a …")).sort();
    })
    .toEqual(["Booking Confirmed! Ticket", "Verify your Meridian account", "Your Meridian receipt", "Your chauffeur has arrived", "Your chauffeur: Marcus, in a …"]);
  await phoneContext.close();
  await admin.context().close();
});
