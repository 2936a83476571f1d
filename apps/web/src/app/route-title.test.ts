import { describe, expect, it } from "vitest";
import { adminNav } from "@/app/admin/components/admin-nav";
import { routeTitle } from "@/lib/route-title";

describe("routeTitle", () => {
  it.each([
    ["/", "Meridian · Valet & Executive Chauffeur"],
    ["/dashboard", "Your bookings · Meridian"],
    ["/t/abc123", "Your car · Meridian"],
    ["/reset-password", "Choose a password · Meridian"],
    ["/bookings/7d1f8a3e-0000-4000-8000-000000000000/payment", "Confirm your card · Meridian"],
    ["/admin", "Overview · Meridian Admin"],
    ["/admin/bookings", "Bookings · Meridian Admin"],
    ["/admin/dispatch/", "Dispatch Board · Meridian Admin"],
    ["/admin/valet", "Valet Operations · Meridian Admin"],
    ["/staff/valet", "Valet · Meridian Staff"],
    ["/staff/rides", "Your rides · Meridian Staff"],
    ["/nowhere", "Page not found · Meridian"],
  ])("%s -> %s", (path, title) => {
    expect(routeTitle(path)).toBe(title);
  });

  it("gives every admin screen its sidebar label, and no two routes the same title", () => {
    for (const item of adminNav) expect(routeTitle(item.to)).toBe(`${item.label} · Meridian Admin`);
    const titles = adminNav.map((i) => routeTitle(i.to));
    expect(new Set(titles).size).toBe(titles.length);
  });
});
