// A customer cancels inside the cut-off: the dashboard states the fee before they confirm, and the fee is recorded
// on the booking. The admin sets the cut-off in Settings (Operations) first, and puts it back afterwards.
import { DEFAULT_OPERATIONS_SETTINGS as DEFAULTS } from "@meridian/shared/rides";
import { adminPage, expect, laDaysAhead, signedInCustomer, test } from "./fixtures";


test("a customer cancelling inside the cut-off is shown the fee first, and the fee is recorded", async ({ browser, page, request }) => {
  test.slow();
  const admin = await adminPage(browser);
  try {
    // A week's cut-off: a ride in three days is inside it.
    await admin.goto("/admin/settings");
    await admin.getByLabel("Free cancellation cut-off").fill("168");
    await admin.getByRole("button", { name: "Save Settings" }).click();
    await expect(admin.getByRole("button", { name: "Save Settings" })).toBeDisabled(); // saved: nothing left to save
    await admin.reload();
    await expect(admin.getByLabel("Free cancellation cut-off")).toHaveValue("168");

    await signedInCustomer(page, request, "Cassius Thorne");
    const { vehicles } = (await (await page.request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
    const quote = await page.request.post("/api/quotes", {
      data: { pickupPlaceId: "emb:apt:LAX", dropoffPlaceId: "emb:venue:santa-monica-pier", vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: laDaysAhead(3), time: "12:00" },
    });
    const booked = await page.request.post("/api/bookings", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { service: "ride", paymentMethod: "pm_card_visa", quoteId: (await quote.json()).quoteId } });
    expect(booked.status()).toBe(201);
    const { booking } = (await booked.json()) as { booking: { id: string; price: number } };
    const fee = Math.round(booking.price * 50) / 100;
    const feeText = `$${fee.toFixed(2)}`;

    await page.goto("/dashboard");
    const row = page.getByRole("list", { name: "Your bookings" }).getByRole("listitem").first();
    await row.getByRole("button", { name: "Cancel" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel Booking" });
    await expect(dialog.getByTestId("cancellation-terms")).toContainText(`Cancellation fee: ${feeText}`);
    await expect(dialog.getByTestId("cancellation-terms")).toContainText("less than 168 hours away, so 50% of the fare");
    await dialog.getByRole("button", { name: `Cancel and pay ${feeText}` }).click();
    await expect(page.getByText(`A cancellation fee of ${feeText} was recorded.`)).toBeVisible();
    await expect(row.getByTestId("booking-status")).toHaveText("Cancelled");
    await expect(row.getByTestId("cancellation-fee")).toHaveText(`Cancellation fee: ${feeText}`);
    await expect(row.getByRole("button", { name: "Cancel" })).toHaveCount(0);

    // Recorded on the booking, as the admin sees it.
    const detail = (await (await admin.request.get(`/api/admin/bookings/${booking.id}`)).json()) as { booking: { status: string; cancellation: { by: string; feeUsd: number } } };
    expect(detail.booking).toMatchObject({ status: "cancelled", cancellation: { by: "customer", feeUsd: fee } });
  } finally {
    await admin.request.put("/api/admin/settings", { data: DEFAULTS });
    await admin.context().close();
  }
});
