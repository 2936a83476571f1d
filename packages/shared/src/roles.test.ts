import { describe, expect, it } from "vitest";
import { asRole, homePathFor, isDeskRole, isStaffRole, ROLE_LABELS, roles } from "./roles";

describe("roles", () => {
  it.each([
    ["user", "/dashboard", false, false],
    ["valet", "/staff/valet", true, false],
    ["chauffeur", "/staff/rides", true, false],
    ["dispatcher", "/admin/dispatch", true, true],
    ["admin", "/admin", false, true],
  ] as const)("%s lands on %s (staff %s, desk %s)", (role, home, staff, desk) => {
    expect(homePathFor(role)).toBe(home);
    expect(isStaffRole(role)).toBe(staff);
    expect(isDeskRole(role)).toBe(desk);
    expect(ROLE_LABELS[role]).toBeTruthy();
  });

  it("reads an unknown or missing stored role as a customer", () => {
    for (const r of roles) expect(asRole(r)).toBe(r);
    expect(asRole("staff")).toBe("user");
    expect(asRole("")).toBe("user");
    expect(asRole(null)).toBe("user");
    expect(asRole(undefined)).toBe("user");
  });
});
