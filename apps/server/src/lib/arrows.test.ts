// The server's import arrows of docs/architecture.md, proven on the real eslint.config.js: an import to the right
// of a domain fails `npm run lint`, one to the left passes, and tests may import anything.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });
const S = "apps/server/src";

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${S}/${filePath}` });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}
const use = (spec: string) => `import { x } from "${spec}";\nexport const y = x;\n`;
const against = (domain: string) => [expect.stringContaining(`no import of ${domain} from here`)];

describe("the server's import arrows (npm run lint)", () => {
  it("refuses bookings and payments an import of rides (the ride reminder and the flight's follow job are the booking's own)", async () => {
    expect(await refusals("bookings/booking-rows.ts", use("../rides/ride-notices"))).toEqual(against("rides"));
    expect(await refusals("bookings/booking-gate.ts", use("../flights/follow"))).toEqual(against("rides"));
    expect(await refusals("payments/payment-jobs.ts", use("../rides/cancel.service"))).toEqual(against("rides"));
  });

  it("refuses bookings an import of payments: a paid booking's creation is checkout's, over both", async () => {
    expect(await refusals("bookings/booking-rows.ts", use("../payments/charge-gate"))).toEqual(against("payments"));
    expect(await refusals("admin/core/bookings.service.ts", use("../../payments/payment-lifecycle"))).toEqual(against("payments"));
    expect(await refusals("payments/payment-jobs.ts", use("../checkout/bookings.service"))).toEqual(against("checkout"));
    expect(await refusals("checkout/bookings.service.ts", use("../payments/charge-gate"))).toEqual([]);
    expect(await refusals("checkout/bookings.service.ts", use("../rides/capacity.service"))).toEqual(against("rides"));
  });

  it("refuses pricing an import of rides (the flight lookup is lib's port; the cars' routes are served with dispatch)", async () => {
    expect(await refusals("quotes/quote.service.ts", use("../flights/aerodatabox"))).toEqual(against("rides"));
    expect(await refusals("admin/admin-fleet.routes.ts", use("./fleet/units.service"))).toEqual(against("rides"));
    expect(await refusals("quotes/quote.service.ts", use("../lib/flight-provider"))).toEqual([]);
  });

  it("refuses a domain the edge and the composition root, and lib any booking code", async () => {
    expect(await refusals("rides/dispatch.service.ts", use("../me/me.routes"))).toEqual(against("edge"));
    expect(await refusals("valet/valet.service.ts", use("../app"))).toEqual(against("root"));
    expect(await refusals("lib/format-when.ts", use("../bookings/booking-gate"))).toEqual(against("bookings"));
  });

  it("refuses lib every domain but identity's (ports in lib, implementations wired in the root; the demo seed is the root's)", async () => {
    expect(await refusals("lib/security-headers.ts", use("../payments/stripe-csp"))).toEqual(against("payments"));
    expect(await refusals("lib/context.ts", use("../quotes/quote-counter"))).toEqual(against("pricing"));
    expect(await refusals("db/client.ts", use("../valet/photos.service"))).toEqual(against("valet"));
    expect(await refusals("settings/settings.service.ts", use("../rides/capacity.service"))).toEqual(against("rides"));
    expect(await refusals("db/migrate.ts", use("../seed/seed"))).toEqual(against("root"));
    expect(await refusals("seed/seed.ts", use("../valet/valet-rates.service"))).toEqual([]);
  });

  it("refuses lib an import of identity: Deps names the auth port (lib/auth-port.ts), and the session reader is lib's", async () => {
    expect(await refusals("lib/context.ts", use("../auth/auth"))).toEqual(against("identity"));
    expect(await refusals("realtime/realtime.routes.ts", use("../auth/guard"))).toEqual(against("identity"));
    expect(await refusals("lib/openapi.ts", use("../admin/core/users.service"))).toEqual(against("identity"));
    expect(await refusals("auth/auth.ts", use("../lib/auth-port"))).toEqual([]);
    expect(await refusals("openapi.routes.ts", use("./auth/guard"))).toEqual([]);
  });

  it("refuses production code an import of test support; a test may import anything", async () => {
    expect(await refusals("payments/charges.ts", use("../test/factories"))).toEqual([expect.stringContaining("never imports test support")]);
    expect(await refusals("payments/charges.test.ts", use("../rides/ride-notices"))).toEqual([]);
  });

  it("lets a domain import the ones to its left", async () => {
    for (const [file, spec] of [
      ["rides/ride-notices.ts", "../bookings/ride-reminders"],
      ["payments/payment-jobs.ts", "../bookings/booking-gate"],
      ["flights/follow.ts", "../lib/format-when"],
    ]) expect(await refusals(file!, use(spec!))).toEqual([]);
  });
});
