// Who may enter /admin: signed-out visitors go home, non-admins go to their dashboard, and the API agrees.
import { expect, signedInCustomer, test } from "./fixtures";

test("a signed-out visitor opening /admin lands on the home page; the admin API answers 401", async ({ page, request }) => {
  await page.goto("/admin/bookings");
  await expect(page).toHaveURL(/\/$/);
  const res = await request.get("/api/admin/bookings");
  expect(res.status()).toBe(401);
});

test("a user with role user visiting /admin lands on /dashboard; the admin API answers 403", async ({ page, request }) => {
  await signedInCustomer(page, request, "Ordinary Guest");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("admin-sidebar")).toHaveCount(0);
  for (const path of ["/api/admin/overview", "/api/admin/users", "/api/admin/bookings/export.csv", "/api/admin/audit"]) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  expect((await page.request.post("/api/admin/users", { data: { fullName: "Sneaky", email: "sneaky@example.com", role: "admin" } })).status()).toBe(403);
});
