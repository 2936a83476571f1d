// The server's import arrows and front doors of docs/architecture.md, proven on the real eslint.config.js: an import to
// the right of a domain fails `npm run lint`, one to the left passes; from outside a module only its index.ts may be
// imported, inside it never; and tests may import anything.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { refusalsUnder, use } from "../../../../eslint-refusals";

const S = "apps/server/src";
const refusals = refusalsUnder(S);
const against = (domain: string) => expect.stringContaining(`no import of ${domain} from here`);
const deep = (module: string) => expect.stringContaining(`Import ${module} through its front door, ${module}/index.ts`);
const ownIndex = expect.stringContaining("never its own index.ts");

describe("the server's import arrows (npm run lint)", () => {
  it("refuses bookings and payments an import of rides (the ride reminder and the flight's follow job are the booking's own)", async () => {
    expect(await refusals("bookings/booking-rows.ts", use("../rides/ride-notices"))).toEqual([against("rides"), deep("rides")]);
    expect(await refusals("bookings/booking-gate.ts", use("../flights/follow"))).toEqual([against("rides"), deep("rides")]);
    expect(await refusals("payments/payment-jobs.ts", use("../rides"))).toEqual([against("rides")]);
  });

  it("refuses bookings an import of payments: a paid booking's creation is checkout's, over both", async () => {
    expect(await refusals("bookings/booking-rows.ts", use("../payments"))).toEqual([against("payments")]);
    expect(await refusals("bookings/booking-rows.ts", use("../payments/charge-gate"))).toEqual([against("payments"), deep("payments")]);
    expect(await refusals("admin/core/bookings.service.ts", use("../../payments/index"))).toEqual([against("payments")]);
    expect(await refusals("payments/payment-jobs.ts", use("../checkout"))).toEqual([against("checkout")]);
    expect(await refusals("checkout/bookings.service.ts", use("../payments"))).toEqual([]);
    expect(await refusals("checkout/bookings.service.ts", use("../rides"))).toEqual([against("rides")]);
  });

  it("refuses pricing an import of rides (the flight lookup is lib's port; the cars' routes are served with dispatch)", async () => {
    expect(await refusals("quotes/quote.service.ts", use("../flights/aerodatabox"))).toEqual([against("rides"), deep("rides")]);
    expect(await refusals("admin/admin-fleet.routes.ts", use("./fleet/units.service"))).toEqual([against("rides"), deep("rides")]);
    expect(await refusals("quotes/quote.service.ts", use("../lib/flight-provider"))).toEqual([]);
  });

  it("refuses a domain the edge and the composition root, and lib any booking code", async () => {
    expect(await refusals("rides/dispatch.service.ts", use("../me/me.routes"))).toEqual([against("edge")]);
    expect(await refusals("valet/valet.service.ts", use("../app"))).toEqual([against("root")]);
    expect(await refusals("lib/format-when.ts", use("../bookings"))).toEqual([against("bookings")]);
    expect(await refusals("admin/core/users.service.ts", use("./bookings.service"))).toEqual([against("bookings"), deep("bookings")]);
    expect(await refusals("jobs/job-runner.ts", use("./handlers"))).toEqual([against("root")]);
  });

  it("refuses lib every domain but identity's (ports in lib, implementations wired in the root; the demo seed is the root's)", async () => {
    expect(await refusals("lib/security-headers.ts", use("../payments"))).toEqual([against("payments")]);
    expect(await refusals("lib/context.ts", use("../quotes/quote-counter"))).toEqual([against("pricing"), deep("quotes")]);
    expect(await refusals("db/client.ts", use("../valet"))).toEqual([against("valet")]);
    expect(await refusals("settings/settings.service.ts", use("../rides/capacity.service"))).toEqual([against("rides"), deep("rides")]);
    expect(await refusals("db/migrate.ts", use("../seed/seed"))).toEqual([against("root")]);
    expect(await refusals("seed/seed.ts", use("../quotes"))).toEqual([]);
  });

  it("refuses lib an import of identity: Deps names the auth port (lib/auth-port.ts), and the session reader is lib's", async () => {
    expect(await refusals("lib/context.ts", use("../auth"))).toEqual([against("identity")]);
    expect(await refusals("realtime/realtime.routes.ts", use("../auth/guard"))).toEqual([against("identity"), deep("auth")]);
    expect(await refusals("lib/openapi.ts", use("../admin/core/users.service"))).toEqual([against("identity"), deep("auth")]);
    expect(await refusals("auth/auth.ts", use("../lib/auth-port"))).toEqual([]);
    expect(await refusals("openapi.routes.ts", use("./auth"))).toEqual([]);
  });

  it("refuses production code an import of test support; a test may import anything", async () => {
    expect(await refusals("payments/charges.ts", use("../test/factories"))).toEqual([expect.stringContaining("never imports test support")]);
    expect(await refusals("payments/charges.test.ts", use("../rides/ride-notices"))).toEqual([]);
  });

  it("gives every folder of the server an owner (a new folder joins the lists of eslint.config.js, or it may import anything)", async () => {
    const root = ["cli", "dev", "housekeeping", "seed", "jobs", "test"]; // the composition root's, jobs/ but its runner, and test support
    const folders = readdirSync(S, { withFileTypes: true }).filter((e) => e.isDirectory() && !root.includes(e.name)).map((e) => e.name);
    expect(folders.length).toBeGreaterThan(20);
    for (const folder of folders) expect([folder, await refusals(`${folder}/a-new-file.ts`, use("../app"))]).toEqual([folder, [against("root")]]);
    expect(await refusals("admin/core/a-new.service.ts", use("../../app"))).toEqual([against("root")]); // the edge's, by default
    // ...and held to the doors of its neighbours' modules like any other edge file.
    expect(await refusals("admin/core/a-new.service.ts", use("./bookings.service"))).toEqual([deep("bookings")]);
    expect(await refusals("admin/fleet/a-new.service.ts", use("./units.service"))).toEqual([deep("rides")]);
    expect(await refusals("admin/a-new.routes.ts", use("./core/tickets.service"))).toEqual([deep("valet")]);
    expect(await refusals("admin/core/a-new.service.ts", use("./reports.service"))).toEqual([]);
  });

  it("lets a domain import the ones to its left", async () => {
    for (const [file, spec] of [
      ["rides/ride-notices.ts", "../bookings"],
      ["payments/payment-jobs.ts", "../bookings"],
      ["flights/follow.ts", "../lib/format-when"],
    ]) expect(await refusals(file!, use(spec!))).toEqual([]);
  });
});

describe("the server's front doors (npm run lint)", () => {
  it("refuses a file of another module: outside a module, only its index.ts is imported", async () => {
    expect(await refusals("rides/reschedule.service.ts", use("../payments/charges"))).toEqual([deep("payments")]);
    expect(await refusals("rides/reschedule.service.ts", use("../payments"))).toEqual([]);
    expect(await refusals("rides/reschedule.service.ts", use("../payments/index"))).toEqual([]);
    expect(await refusals("app.ts", use("./payments/payments.routes"))).toEqual([deep("payments")]);
    expect(await refusals("app.ts", use("./payments"))).toEqual([]);
    expect(await refusals("checkout/bookings.service.ts", use("../bookings/booking-rows"))).toEqual([deep("bookings")]);
    expect(await refusals("quotes/quote.service.ts", use("../coupons/coupon-cache"))).toEqual([deep("coupons")]); // one domain, two modules
    expect(await refusals("quotes/quote.service.ts", use("../coupons"))).toEqual([]);
  });

  it("holds the files under admin/ to their module's door (admin/core/bookings.service.ts is bookings')", async () => {
    expect(await refusals("admin/admin-ops.routes.ts", use("./core/bookings.service"))).toEqual([deep("bookings")]);
    expect(await refusals("admin/core/tickets.service.ts", use("./bookings.service"))).toEqual([deep("bookings")]);
    expect(await refusals("me/me.service.ts", use("../admin/core/bookings.service"))).toEqual([deep("bookings")]);
    expect(await refusals("admin/admin-ops.routes.ts", use("../bookings"))).toEqual([]);
    expect(await refusals("me/me.service.ts", use("../admin/core/users.service"))).toEqual([deep("auth")]);
    expect(await refusals("me/me.service.ts", use("../auth"))).toEqual([]);
    expect(await refusals("admin/admin-fleet.routes.ts", use("../quotes/pricing-data"))).toEqual([]); // quotes' own
    expect(await refusals("vehicles/vehicles.routes.ts", use("../quotes/pricing-data"))).toEqual([deep("quotes")]);
    expect(await refusals("admin/admin-core.routes.ts", use("./core/tickets.service"))).toEqual([deep("valet")]);
    expect(await refusals("admin/admin-core.routes.ts", use("./core/reports.service"))).toEqual([]); // the edge's own, no module
  });

  it("gives rides one door for rides/ and flights/ (they import each other: two doors would be an import cycle)", async () => {
    expect(await refusals("flights/follow.ts", use("../rides/ride-notices"))).toEqual([]);
    expect(await refusals("rides/chauffeur.service.ts", use("../flights/waiting"))).toEqual([]);
    expect(await refusals("flights/follow.ts", use("../rides"))).toEqual([ownIndex]);
    expect(await refusals("me/me.routes.ts", use("../flights/flights.routes"))).toEqual([deep("rides")]);
    expect(await refusals("server.ts", use("./rides"))).toEqual([]);
  });

  it("lets a module's files import each other directly, never through their own index (an import cycle)", async () => {
    expect(await refusals("payments/refunds.service.ts", use("./charges"))).toEqual([]);
    expect(await refusals("admin/core/bookings.service.ts", use("../../bookings/booking-gate"))).toEqual([]);
    expect(await refusals("payments/refunds.service.ts", use("../payments"))).toEqual([ownIndex]);
    expect(await refusals("payments/refunds.service.ts", use("./index"))).toEqual([ownIndex]);
    expect(await refusals("admin/core/bookings.service.ts", use("../../bookings"))).toEqual([ownIndex]);
    expect(await refusals("auth/index.ts", use("./auth"))).toEqual([]); // auth/auth.ts, not the folder
  });

  it("lets tests and test support import a module's files (they test its insides)", async () => {
    expect(await refusals("payments/refunds.test.ts", use("../bookings/booking-gate"))).toEqual([]);
    expect(await refusals("test/paid-booking.ts", use("../payments/charges"))).toEqual([]);
  });
});
