// The booking dialog's card step in embedded test mode: clearly labelled as test mode; the test Visa books
// and the confirmation names the card; a declined card shows the bank's reason under the card field and
// books nothing; a card asking for authentication runs the test-mode step, then books.
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { expect, signedInCustomer, test, typeAddress } from "./fixtures";

async function openRideWithQuote(page: Page) {
  await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  await typeAddress(dialog, "Pickup", "LAX", "Los Angeles International Airport");
  await typeAddress(dialog, "Dropoff", "Beverly Hills", /^Beverly Hills/);
  await expect(dialog.getByRole("region", { name: "Your quote" }).getByTestId("quote-total")).toHaveText(/^\$\d/);
  return dialog;
}

async function pickCard(page: Page, label: string) {
  await page.getByTestId("card-select").click();
  await page.getByRole("option", { name: new RegExp(label) }).click();
  await expect(page.getByTestId("card-select")).toContainText(label);
}

test("a customer books with the test Visa and sees the confirmation with the card", async ({ page, request }) => {
  test.slow();
  await signedInCustomer(page, request, "Cassius Marlowe");
  const dialog = await openRideWithQuote(page);

  const card = dialog.getByRole("region", { name: "Card" });
  await expect(card.getByTestId("test-mode-badge")).toHaveText("Test mode");
  await expect(card).toContainText("No real card is charged.");
  await expect(dialog.getByTestId("card-select")).toContainText("Visa 4242");
  await expectNoA11yViolations(page, { include: dialog, label: "booking dialog with the card step" });
  await page.screenshot({ path: "test-results/payment-card-step.png" });

  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
  await expect(confirmed).toBeVisible();
  await expect(confirmed.getByTestId("confirmed-card")).toContainText("Visa •••• 4242");
  await page.screenshot({ path: "test-results/payment-confirmed.png" });
  await confirmed.getByRole("button", { name: "Close" }).last().click();

  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Your bookings" }).getByRole("listitem")).toHaveCount(1);
});

test("a declined card shows the reason under the card field and books nothing; the authentication step then books", async ({ page, request }) => {
  test.slow();
  await signedInCustomer(page, request, "Delphine Okafor");
  const dialog = await openRideWithQuote(page);

  await pickCard(page, "Visa 0002");
  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  const reason = dialog.locator("#ride-card-error");
  await expect(reason).toHaveText("Your card was declined.");
  await expect(dialog.getByTestId("card-select")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Card Declined")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Booking Confirmed!" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/payment-declined.png" });
  await expectNoA11yViolations(page, { include: dialog, label: "declined card" });
  const mine = await (await page.request.get("/api/me/bookings")).json();
  expect(mine.bookings).toEqual([]);

  // A card that needs the bank's authentication: the test-mode step, then the booking goes through.
  await pickCard(page, "Visa 3184");
  await expect(reason).toHaveCount(0);
  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  const step = dialog.getByRole("button", { name: "Complete authentication (test mode)" });
  await expect(step).toBeVisible();
  await expect(dialog.getByRole("status").filter({ hasText: "Your bank asks you to confirm this payment." })).toBeVisible();
  await page.screenshot({ path: "test-results/payment-authentication.png" });
  await step.click();
  const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
  await expect(confirmed).toBeVisible();
  await expect(confirmed.getByTestId("confirmed-card")).toContainText("Visa •••• 3184");
  const after = await (await page.request.get("/api/me/bookings")).json();
  expect(after.bookings).toHaveLength(1);
});
