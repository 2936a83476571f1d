// Issue 27 point 7: the booking dialog on a laptop. At 1440x900 and 1280x720 the total and the Confirm button
// are in view without scrolling the dialog (a sticky footer inside it), and a toast shown while the dialog is
// open covers neither the dialog's title and close button nor the site header (on a phone it sits above the
// dialog's sticky footer instead of beside the dialog).
import type { Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openRide(page: Page) {
  await page.goto("/");
  await page.getByRole("button", { name: "Reserve Executive Transport" }).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseAddress(dialog: Locator, label: string, text: string, option: string | RegExp) {
  const box = dialog.getByRole("combobox", { name: label });
  await box.fill(text);
  const listbox = dialog.page().locator(`[id="${await box.getAttribute("aria-controls")}"]`);
  await listbox.getByRole("option").filter({ hasText: option }).first().click();
}

for (const size of [
  { label: "1440x900", width: 1440, height: 900, laptop: true },
  { label: "1280x720", width: 1280, height: 720, laptop: true },
  { label: "390 px", width: 390, height: 844, laptop: false },
]) {
  test.describe(size.label, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the total and Confirm Booking are in view without scrolling the dialog", async ({ page }) => {
      const dialog = await openRide(page);
      await chooseAddress(dialog, "Pickup", "LAX", "Los Angeles International Airport");
      await chooseAddress(dialog, "Dropoff", "Beverly Hills", /^Beverly Hills/);
      const total = dialog.getByTestId("quote-total");
      await expect(total).toBeVisible();
      const footerTotal = dialog.getByTestId("footer-total");
      await expect(footerTotal).toHaveText((await total.textContent())!);
      await expect(footerTotal).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);

      // Back at the top of the dialog (choosing the addresses may have scrolled it): the footer is still in view.
      await dialog.evaluate((el) => el.scrollTo(0, 0));
      const confirm = dialog.getByRole("button", { name: "Confirm Booking" });
      await expect(confirm).toBeInViewport({ ratio: 1 });
      await expect(footerTotal).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole("heading", { name: "Reserve Your Experience" })).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `test-results/booking-laptop-${size.width}x${size.height}.png` });

      // Scrolled to the end, the footer covers nothing: the card step above it is reachable and whole.
      await dialog.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect(confirm).toBeInViewport({ ratio: 1 });
      await page.screenshot({ path: `test-results/booking-laptop-${size.width}x${size.height}-end.png` });
      await expectNoA11yViolations(page, { include: dialog, label: `booking dialog with its footer, ${size.label}` });
    });

    {
      test("a toast shown over the dialog covers neither its title nor its close button nor the header", async ({ page }) => {
        // The vehicles cannot be read: the dialog says so in a toast while it stays open.
        await page.route("**/api/vehicles", (route) => route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Try again." } }) }));
        const dialog = await openRide(page);
        const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Could not fetch vehicles." });
        await expect(toast).toBeVisible();
        // Where the toast comes to rest: its entrance (a transition) over, and its box the same twice running (a
        // fixed half second was too short on a slow machine: the box was read mid-slide, over the header).
        await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
        let last = "";
        const atRest = async () => {
          const box = JSON.stringify(await toast.boundingBox());
          const same = box === last;
          last = box;
          return same;
        };
        await expect.poll(atRest, { intervals: [100] }).toBe(true);
        const toastBox = (await toast.boundingBox())!;
        const title = (await dialog.getByRole("heading", { name: "Reserve Your Experience" }).boundingBox())!;
        const close = (await dialog.getByRole("button", { name: "Close" }).boundingBox())!;
        const dialogBox = (await dialog.boundingBox())!;
        expect(overlaps(toastBox, title)).toBe(false);
        expect(overlaps(toastBox, close)).toBe(false);
        const footer = (await dialog.getByTestId("booking-footer").boundingBox())!;
        expect(overlaps(toastBox, footer)).toBe(false);
        const header = (await page.locator("header").first().boundingBox())!; // hidden from the accessibility tree under the modal
        expect(overlaps(toastBox, header)).toBe(false);
        if (size.laptop) {
          // Beside the centred dialog, under the site header.
          expect(overlaps(toastBox, dialogBox)).toBe(false);
          expect(toastBox.y).toBeGreaterThanOrEqual(72);
        } else {
          // A phone's dialog fills the width: the toast sits low, above the dialog's total and Confirm.
          expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(footer.y);
        }
        await page.screenshot({ path: `test-results/booking-laptop-toast-${size.width}x${size.height}.png` });
      });
    }
  });
}
