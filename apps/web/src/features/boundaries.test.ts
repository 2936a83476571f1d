// The feature zones of eslint.config.js, proven on the real config: a feature that imports another feature (by
// "@/" or by a relative path that climbs out of its folder) or app/ fails `npm run lint`, and so does generic
// code (lib, hooks, components) that imports a feature; imports inside a feature and of generic code pass.
import { describe, expect, it } from "vitest";
import { refusalsUnder, use } from "../../../../eslint-refusals";

const refusals = refusalsUnder("apps/web/src");

describe("feature boundaries (npm run lint)", () => {
  it("refuses an import of another feature", async () => {
    const found = await refusals("features/bookings/admin/new-booking-dialog.tsx", use("@/features/valet/api/get-queue"));
    expect(found).toEqual([expect.stringContaining("Features do not import each other")]);
  });

  it("refuses a relative import that climbs out of the feature", async () => {
    expect(await refusals("features/bookings/admin/api/get-bookings.ts", use("../../../valet/api/get-queue"))).toEqual([expect.stringContaining("leaves features/bookings")]);
    expect(await refusals("features/valet/claim-page.ts", use("../bookings/api/get-quote"))).toEqual([expect.stringContaining("leaves features/valet")]);
  });

  it("refuses app/ from a feature, and any feature from generic code", async () => {
    expect(await refusals("features/rides/staff/rides-screen.tsx", use("@/app/router"))).toEqual([expect.stringContaining("app/ composes the features")]);
    expect(await refusals("lib/some-helper.ts", use("@/features/account/components/sign-in-form"))).toEqual([expect.stringContaining("imports no feature")]);
    expect(await refusals("components/ui/some-kit.tsx", use("../../features/pricing/rates/pricing-page"))).toEqual([expect.stringContaining("imports no feature")]);
  });

  it("lets a feature import its own files and generic code", async () => {
    const own = [use("@/features/bookings/api/get-quote"), use("../api/get-bookings"), use("@/lib/api"), use("@/components/ui/button"), use("@/hooks/use-debounced-value")];
    for (const code of own) expect(await refusals("features/bookings/admin/bookings-page.tsx", code)).toEqual([]);
  });
});
