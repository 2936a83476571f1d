// A far-off ride whose card could not be authorised: the dispatch board shows "Payment needed", and the customer
// confirms a card on the page the e-mail links to (test mode: a declined test card first, then the test Visa).
import { ADMIN, createVerifiedUser, expect, laDaysAhead, signInThroughModal, test } from "./fixtures";

test("payment needed: the board flags the ride and the customer confirms a test card", async ({ browser, page, request }) => {
  test.slow();
  const day = laDaysAhead(9);
  const customer = await createVerifiedUser(request, "Imogen Vale");
  await signInThroughModal(page, customer.email, customer.password);
  const { vehicles } = (await (await page.request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const quote = await page.request.post("/api/quotes", {
    data: { pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:venue:santa-monica-pier", vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: day, time: "08:15" },
  });
  const booked = await page.request.post("/api/bookings", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { service: "ride", quoteId: (await quote.json()).quoteId } });
  expect(booked.status()).toBe(201);
  const { booking } = (await booked.json()) as { booking: { id: string; price: number } };
  const total = `$${booking.price.toFixed(2)}`;

  await page.goto(`/bookings/${booking.id}/payment`);
  await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
  await expect(page.getByText("Test mode: no real card is charged")).toBeVisible();
  // The declined test card: refused with the provider's reason; the booking now needs payment.
  await page.getByRole("combobox", { name: "Test card" }).click();
  await page.getByRole("option", { name: /0002 \(declined\)/ }).click();
  await page.getByRole("button", { name: `Authorise ${total}` }).click();
  await expect(page.getByText("Your card was declined.").first()).toBeVisible();
  await expect(page.getByText(/We could not authorise your card for this booking: Your card was declined\./)).toBeVisible();
  await page.screenshot({ path: "test-results/payment-needed-page.png", fullPage: true });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInThroughModal(admin, ADMIN.email, ADMIN.password);
    await admin.goto("/admin/dispatch");
    await admin.getByRole("textbox", { name: "Day" }).fill(day);
    const card = admin.getByTestId("dispatch-ride").filter({ hasText: "Imogen Vale" });
    await expect(card.getByTestId("payment-needed")).toContainText("Payment needed");
    await admin.screenshot({ path: "test-results/payment-needed-board.png", fullPage: true });

    // The test Visa goes through: paid, and the flag is gone from the board.
    await page.getByRole("combobox", { name: "Test card" }).click();
    await page.getByRole("option", { name: /4242/ }).click();
    await page.getByRole("button", { name: `Authorise ${total}` }).click();
    await expect(page.getByTestId("payment-state")).toHaveText(`Paid: ${total} is authorised on your visa ending 4242. Nothing more to do.`);
    await page.screenshot({ path: "test-results/payment-confirmed.png", fullPage: true });
    await admin.reload();
    await admin.getByRole("textbox", { name: "Day" }).fill(day);
    await expect(admin.getByTestId("dispatch-ride").filter({ hasText: "Imogen Vale" })).toBeVisible();
    await expect(admin.getByTestId("payment-needed")).toHaveCount(0);
  } finally {
    await admin.request.post(`/api/admin/bookings/${booking.id}/cancel`, { data: { reason: "Test cleanup" } });
    await adminContext.close();
  }
});
