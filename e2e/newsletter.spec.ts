/// <reference lib="dom" />
// Newsletter sign-up on the home page, as a visitor sees it: success toast and a cleared field, then the
// same address again is refused with the spec's failure toast.
import type { Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";

function newsletterForm(page: Page) {
  return page.getByRole("form", { name: "Newsletter sign-up" });
}

test("subscribing shows the success toast and clears the field; the same e-mail again fails", async ({ page }) => {
  const email = uniqueEmail("letter");
  await page.goto("/");
  const form = newsletterForm(page);
  const field = form.getByRole("textbox", { name: "Email address" });
  const subscribe = form.getByRole("button", { name: "Subscribe" });

  await field.fill(email);
  // Hold the request for a moment so the subscribing state is observable.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/newsletter", async (route) => {
    await held;
    await route.continue();
  });
  await subscribe.click();
  await expect(form.getByRole("button", { name: /Subscribing/ })).toBeDisabled();
  release();

  await expect(page.getByText("Successfully Subscribed!")).toBeVisible();
  await page.unroute("**/api/newsletter");
  await expect(page.getByText("Thank you for joining our newsletter. Stay tuned for exclusive offers!")).toBeVisible();
  await expect(field).toHaveValue("");
  await expect(subscribe).toBeEnabled();

  // The same address (in different case) is already on the list.
  await field.fill(email.toUpperCase());
  await subscribe.click();
  await expect(page.getByText("Subscription Failed")).toBeVisible();
  await expect(page.getByText("This email might already be subscribed, or an error occurred.")).toBeVisible();
  // On failure the address stays so the visitor can correct it.
  await expect(field).toHaveValue(email.toUpperCase());
});

test("the field is required and must be an e-mail address; nothing is sent otherwise", async ({ page }) => {
  await page.goto("/");
  const form = newsletterForm(page);
  const field = form.getByRole("textbox", { name: "Email address" });
  await expect(field).toHaveAttribute("type", "email");
  await expect(field).toHaveAttribute("required", "");

  let posted = 0;
  page.on("request", (req) => {
    if (req.url().endsWith("/api/newsletter") && req.method() === "POST") posted += 1;
  });
  await form.getByRole("button", { name: "Subscribe" }).click();
  await field.fill("not-an-email");
  await form.getByRole("button", { name: "Subscribe" }).click();
  expect(await field.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
  await page.waitForTimeout(300);
  expect(posted).toBe(0);
  await expect(page.getByText("Successfully Subscribed!")).toHaveCount(0);
});

test("the API stores the address once: 201, then 409 already_subscribed, and 400 for a bad address", async ({ request }) => {
  const email = uniqueEmail("api-letter");
  const first = await request.post("/api/newsletter", { data: { email } });
  expect(first.status()).toBe(201);
  const again = await request.post("/api/newsletter", { data: { email } });
  expect(again.status()).toBe(409);
  expect((await again.json()).error.code).toBe("already_subscribed");
  const bad = await request.post("/api/newsletter", { data: { email: "nope" } });
  expect(bad.status()).toBe(400);
});

test("toasts: one on screen at a time, a failure is destructive, and each leaves after 5 seconds", async ({ page }) => {
  const email = uniqueEmail("toast");
  await page.goto("/");
  const form = newsletterForm(page);
  const toasts = page.locator("[data-sonner-toast]");
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(toasts.filter({ hasText: "Successfully Subscribed!" })).toBeVisible();

  // The failure replaces the success toast instead of queueing behind it.
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  const failure = toasts.filter({ hasText: "Subscription Failed" });
  await expect(failure).toBeVisible();
  const shownAt = Date.now();
  await expect(toasts).toHaveCount(1);
  await expect(failure).toHaveAttribute("data-type", "error");
  await expect(failure).toHaveClass(/toast-destructive/);

  await expect(failure).toBeHidden({ timeout: 9_000 });
  expect(Date.now() - shownAt).toBeGreaterThan(4_000);
});

test("a toast raised just as the previous one leaves is shown in full, not swept away with it", async ({ page }) => {
  const email = uniqueEmail("toast-race");
  await page.goto("/");
  const form = newsletterForm(page);
  const field = form.getByRole("textbox", { name: "Email address" });
  const toasts = page.locator("[data-sonner-toast]");
  await field.fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(toasts.filter({ hasText: "Successfully Subscribed!" })).toBeVisible();

  // The same address again fails (and stays in the field). The moment that failure toast starts leaving
  // after its 5 seconds, ask once more: the third toast must appear and stay.
  await field.fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(toasts.filter({ hasText: "Subscription Failed" })).toBeVisible();
  const askedAgain = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          const leaving = document.querySelector('[data-sonner-toast][data-removed="true"]');
          if (!leaving?.textContent?.includes("Subscription Failed")) return;
          observer.disconnect();
          document.querySelector<HTMLButtonElement>('form[aria-label="Newsletter sign-up"] button[type="submit"]')!.click();
          resolve();
        });
        observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ["data-removed"] });
      }),
  );
  await askedAgain;
  const third = page.locator('[data-sonner-toast][data-removed="false"]').filter({ hasText: "Subscription Failed" });
  await expect(third).toBeVisible();
  await page.waitForTimeout(1_500); // well past the 200 ms in which the old toast is taken down
  await expect(third).toBeVisible();
  await expect(toasts).toHaveCount(1);
});
