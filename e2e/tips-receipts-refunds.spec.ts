// After the ride: a customer's completed, paid ride (booked with the test Visa, assigned, driven to completed by
// the chauffeur through the API, its charge captured on completion) has a receipt e-mail with a link to tip; the customer tips
// 20% from the dashboard, downloads the receipt PDF (its text carries the tip), and the admin refunds part of
// the fare from the booking detail, which the customer's receipt and the admin's Reports then show.
import { extractText, getDocumentProxy } from "unpdf";
import { expectNoA11yViolations } from "./a11y";
import { completedRideOfNewCustomer, expect, laDaysAhead, test } from "./fixtures";

const usd = (n: number) => `$${n.toFixed(2)}`;

test("a customer tips 20% from the receipt e-mail's link and downloads the PDF; the admin refunds part of the fare", async ({ browser, page, request }) => {
  // Four people's sessions, a booking driven to completed, an e-mail job, a PDF and a refund: a long story.
  test.setTimeout(300_000);
  const day = laDaysAhead(2);
  // The customer books a ride with the test Visa; it is dispatched and driven to completed, its charge
  // captured (and the receipt e-mail queued).
  const { customer, booking, adminContext } = await completedRideOfNewCustomer(browser, page, request, { day, customerName: "Imogen Hale", chauffeurName: "Julian Vance" });
  try {
    const reference = booking.id.slice(0, 8).toUpperCase();

    // Completing the ride captured its authorised total, to the cent.
    const payment = await adminContext.request.get(`/api/admin/bookings/${booking.id}/payment`);
    expect(payment.status(), await payment.text()).toBe(200);
    expect(await payment.json()).toMatchObject({ payment: { charge: { status: "succeeded", capturedUsd: booking.price, card: { brand: "visa", last4: "4242" } } } });

    // The receipt e-mail has the PDF attached and a link to add a tip.
    let tipLink = "";
    await expect
      .poll(async () => {
        const { emails } = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(customer.email)}`)).json()) as { emails: { subject: string; text: string; attachments: { filename: string }[] | null }[] };
        const mail = emails.find((e) => e.subject === `Your Meridian receipt ${reference}`);
        if (mail) expect(mail.attachments?.[0]?.filename).toBe(`meridian-receipt-${reference}.pdf`);
        tipLink = mail?.text.match(/https?:\/\/\S+tip=\S+/)?.[0] ?? "";
        return tipLink;
      }, { timeout: 20_000 })
      .toContain(`tip=${booking.id}`);

    // The link opens the Receipts tab with the tip dialog: 20% of the fare.
    await page.goto(new URL(tipLink).pathname + new URL(tipLink).search);
    const tipDialog = page.getByRole("dialog", { name: "Add a Tip" });
    await expect(tipDialog).toBeVisible();
    await expect(tipDialog).toContainText("All of it goes to your chauffeur.");
    await expect(tipDialog).toContainText("Visa •••• 4242");
    const tip = Math.round((Math.round(booking.price * 100) * 20) / 100) / 100; // the 20% preset, to the cent
    await expect(tipDialog.getByRole("button", { name: /^20%/ })).toHaveAttribute("aria-pressed", "true");
    await expectNoA11yViolations(page, { label: "tip dialog" });
    await tipDialog.getByRole("button", { name: `Add ${usd(tip)} Tip` }).click();
    await expect(page.getByText(`Your tip of ${usd(tip)} goes to Julian.`)).toBeVisible();
    await expect(tipDialog).toBeHidden();

    const receipt = page.getByTestId("receipt").filter({ hasText: reference });
    await expect(receipt).toContainText(`Tip${usd(tip)}`);
    await expect(receipt.getByTestId("receipt-total")).toHaveText(usd(booking.price + tip));
    await expect(receipt.getByRole("button", { name: "Add a Tip" })).toHaveCount(0);

    // The PDF: a real one, whose text carries the tip and the total.
    const [download] = await Promise.all([page.waitForEvent("download"), receipt.getByRole("link", { name: `Download receipt ${reference} (PDF)` }).click()]);
    expect(download.suggestedFilename()).toBe(`meridian-receipt-${reference}.pdf`);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const bytes = new Uint8Array(Buffer.concat(chunks));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain(`Tip ${usd(tip)}`);
    expect(flat).toContain(`Total charged ${usd(booking.price + tip)}`);
    expect(flat).toContain("Visa •••• 4242");

    // The admin refunds $10.00 of the fare from the booking's detail.
    const admin = await adminContext.newPage();
    await admin.goto("/admin/bookings");
    await admin.getByLabel("Search bookings").fill(customer.fullName);
    await admin.getByRole("button", { name: `View booking for ${customer.fullName}` }).click();
    const detail = admin.getByRole("dialog", { name: "Booking Details" });
    const pay = detail.getByTestId("booking-payment");
    await expect(pay).toContainText("Captured");
    await expect(pay).toContainText("Visa •••• 4242");
    await detail.getByRole("button", { name: "Issue Refund" }).click();
    await detail.getByLabel("Amount (USD)").fill("10");
    await detail.getByLabel("Reason").fill("Late pickup");
    await expectNoA11yViolations(admin, { label: "refund form" });
    await detail.getByRole("button", { name: "Confirm Refund" }).click();
    await expect(admin.getByText("$10.00 is on its way back to the customer's card.")).toBeVisible();
    await expect(pay).toContainText("Partly refunded");
    await expect(detail.getByRole("list", { name: "Refunds" })).toContainText("Late pickup");

    // The customer's receipt shows the refund and what they paid in the end.
    await page.reload();
    const after = page.getByTestId("receipt").filter({ hasText: reference });
    await expect(after).toContainText("Refund · Late pickup");
    await expect(after.getByTestId("receipt-total")).toHaveText(usd(booking.price + tip - 10));

    // The admin's Reports for the service day: Julian is owed the tip, and the money cards count the capture,
    // the refund and the tip (other tests' bookings may share the day, so those are lower bounds).
    await admin.goto("/admin/reports");
    await admin.getByLabel("From", { exact: true }).fill(day);
    await admin.getByLabel("To", { exact: true }).fill(day);
    const payouts = admin.getByRole("region", { name: "Payouts" });
    await expect(payouts.getByRole("listitem", { name: `Julian Vance: ${usd(tip)}` })).toBeVisible();
    const revenue = admin.getByRole("region", { name: "Revenue by Service" });
    const refunded = Number((await revenue.getByText(/^Net of \$[\d,.]+ refunded/).textContent())!.match(/Net of \$([\d,.]+)/)![1]!.replace(/,/g, ""));
    expect(refunded).toBeGreaterThanOrEqual(10);
    const tipsFigure = Number((await admin.getByRole("region", { name: "Tips" }).getByTestId("report-figure").textContent())!.replace(/[$,]/g, ""));
    expect(tipsFigure).toBeGreaterThanOrEqual(tip);
  } finally {
    await adminContext.close();
  }
});
