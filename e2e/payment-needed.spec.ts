// A far-off ride whose card could not be authorised: the dispatch board shows "Payment needed", and the customer
// confirms a card on the page the e-mail links to (test mode: a declined test card first, then the test Visa).
import { adminPage, expect, laDaysAhead, signedInCustomer, test } from "./fixtures";

test("payment needed: the board flags the ride and the customer confirms a test card", async ({ browser, page, request }) => {
  test.slow();
  const day = laDaysAhead(9);
  const customer = await signedInCustomer(page, request, "Imogen Vale");
  const { vehicles } = (await (await page.request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const quote = await page.request.post("/api/quotes", {
    data: { pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:venue:santa-monica-pier", vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: day, time: "08:15" },
  });
  // A card that needs its 3-D Secure step: passed with the customer there (the test-mode step), refused off-session.
  const key = crypto.randomUUID();
  const body = { service: "ride", paymentMethod: "pm_card_authenticationRequired", quoteId: (await quote.json()).quoteId };
  const challenged = await page.request.post("/api/bookings", { headers: { "Idempotency-Key": key }, data: body });
  expect(challenged.status()).toBe(402);
  const paymentIntentId = ((await challenged.json()) as { error: { paymentIntent: { id: string } } }).error.paymentIntent.id;
  expect((await page.request.post("/api/payments/test/authenticate", { data: { paymentIntentId } })).status()).toBe(200);
  const booked = await page.request.post("/api/bookings", { headers: { "Idempotency-Key": key }, data: { ...body, paymentIntentId } });
  expect(booked.status()).toBe(201);
  const { booking } = (await booked.json()) as { booking: { id: string; price: number } };
  const total = `$${booking.price.toFixed(2)}`;

  // 48 hours before the 08:15 pickup the card is authorised again off-session, and refused: the development tools
  // run this booking's jobs as of two days before at 18:00 UTC (after that moment, before the 12-hour cut-off).
  const admin = await adminPage(browser);
  try {
    const twoDaysBefore = new Date(Date.parse(`${day}T18:00:00Z`) - 2 * 86_400_000).toISOString();
    const ran = await admin.request.post("/api/dev/jobs/run", { data: { bookingId: booking.id, at: twoDaysBefore } });
    expect(ran.status()).toBe(200);
    const { jobs } = (await ran.json()) as { jobs: { kind: string; status: string; result: string | null }[] };
    expect(jobs.find((j) => j.kind === "payment.reauthorize")).toMatchObject({ status: "done", result: expect.stringMatching(/^payment needed/) });

    // The e-mail's link opens the confirm-a-card page.
    const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(customer.email)}`);
    const { emails } = (await mailbox.json()) as { emails: { subject: string; text: string }[] };
    const notice = emails.find((e) => e.text.includes(`/bookings/${booking.id}/payment`));
    expect(notice, "the payment-needed e-mail").toBeTruthy();
    await page.goto(notice!.text.match(/https?:\/\/\S+\/bookings\/\S+\/payment/)![0]);
    await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
    await expect(page.getByText("Test mode: no real card is charged")).toBeVisible();
    // The declined test card: refused with the provider's reason; the booking still needs payment.
    await page.getByRole("combobox", { name: "Test card" }).click();
    await page.getByRole("option", { name: /0002 \(declined\)/ }).click();
    await page.getByRole("button", { name: `Authorise ${total}` }).click();
    await expect(page.getByText("Your card was declined.").first()).toBeVisible();
    await expect(page.getByText(/We could not authorise your card for this booking: Your card was declined\./)).toBeVisible();
    await page.screenshot({ path: "test-results/payment-needed-page.png", fullPage: true });

    await admin.goto("/admin/dispatch");
    await admin.getByRole("textbox", { name: "Day" }).fill(day);
    const card = admin.getByTestId("dispatch-ride").filter({ hasText: "Imogen Vale" });
    await expect(card.getByTestId("payment-needed")).toContainText("Payment needed");
    await admin.screenshot({ path: "test-results/payment-needed-board.png", fullPage: true });

    // The test Visa goes through: paid, and the flag is gone from the board.
    await page.getByRole("combobox", { name: "Test card" }).click();
    await page.getByRole("option", { name: /4242/ }).click();
    await page.getByRole("button", { name: `Authorise ${total}` }).click();
    await expect(page.getByTestId("payment-state")).toHaveText(`Paid: ${total} is authorised on your Visa •••• 4242. Nothing more to do.`);
    await page.screenshot({ path: "test-results/payment-confirmed.png", fullPage: true });
    await admin.reload();
    await admin.getByRole("textbox", { name: "Day" }).fill(day);
    await expect(admin.getByTestId("dispatch-ride").filter({ hasText: "Imogen Vale" })).toBeVisible();
    await expect(admin.getByTestId("payment-needed")).toHaveCount(0);
  } finally {
    await admin.request.post(`/api/admin/bookings/${booking.id}/cancel`, { data: { reason: "Test cleanup" } });
    await admin.context().close();
  }
});
