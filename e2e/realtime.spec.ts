// Live booking events over SSE: an admin's open admin list refreshes with a toast the moment a customer
// books (anywhere); a customer's own dashboard refreshes when they book from another tab; a customer never
// hears about other people's bookings.
import type { APIRequestContext } from "@playwright/test";
import { ADMIN, apiSignIn, createVerifiedUser, expect, gotoWithStream, signedInCustomer, test } from "./fixtures";

const inTenDays = () => new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

/** Books LAX -> Santa Monica through the public API with the given signed-in request context. */
async function bookRide(api: APIRequestContext) {
  const place = async (q: string) => {
    const res = await api.get(`/api/places/suggest?q=${encodeURIComponent(q)}&session=e2e-realtime`);
    const { suggestions } = (await res.json()) as { suggestions: { placeId: string }[] };
    expect(suggestions.length).toBeGreaterThan(0);
    return suggestions[0]!.placeId;
  };
  const { vehicles } = (await (await api.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const quote = await api.post("/api/quotes", {
    data: { pickupPlaceId: await place("LAX"), dropoffPlaceId: await place("Santa Monica"), vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: inTenDays(), time: "09:00" },
  });
  expect(quote.status()).toBe(200);
  const { quoteId } = (await quote.json()) as { quoteId: string };
  const res = await api.post("/api/bookings", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { service: "ride", paymentMethod: "pm_card_visa", quoteId } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { ticket: { ticketCode: string } };
}

test("an admin on the bookings list gets 'New Booking Received!' and the new row without reloading", async ({ browser, page, request }) => {
  test.slow();
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  await gotoWithStream(page, "/admin/bookings");
  const table = page.getByRole("table", { name: "Bookings" });
  await expect(table).toBeVisible();

  const customer = await createVerifiedUser(request, "Rafferty Quill");
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await apiSignIn(customerPage, customer.email, customer.password);
  await expect(table).not.toContainText(customer.email);

  const startedAt = Date.now();
  await bookRide(customerPage.request);
  await expect(page.getByText("New Booking Received!")).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText("A new ride booking was just created.")).toBeVisible();
  expect(Date.now() - startedAt).toBeLessThan(5_000);
  await expect(table).toContainText(customer.email);

  // The customer's own browser is not told about it as an admin would be.
  await expect(customerPage.getByText("New Booking Received!")).toHaveCount(0);
  await customerContext.close();
});

test("a customer's open dashboard lists a booking made in another tab, and nobody else's", async ({ browser, page, request }) => {
  test.slow();
  await signedInCustomer(page, request, "Sabine Okonkwo");
  await gotoWithStream(page, "/dashboard");
  const rows = page.getByRole("list", { name: "Your bookings" }).getByRole("listitem");
  await expect(page.getByText("You have no past bookings.")).toBeVisible();

  // Someone else books: this dashboard stays empty.
  const other = await createVerifiedUser(request, "Lucian Marlowe");
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await apiSignIn(otherPage, other.email, other.password);
  await bookRide(otherPage.request);

  // The customer books from a second tab of the same browser: the first tab's list refreshes by itself.
  const { ticket } = await bookRide(page.context().request);
  await expect(rows).toHaveCount(1, { timeout: 5_000 });
  await page.getByRole("tab", { name: "My Tickets" }).click();
  await expect(page.getByRole("list", { name: "Your tickets" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Your tickets" })).toContainText(ticket.ticketCode);
  await expect(page.getByText("New Booking Received!")).toHaveCount(0);
  await otherContext.close();
});
