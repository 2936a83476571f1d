// One gate for the charge (issue 21 point 4, issue 22 point 5): every write to the payments table goes through
// payments/charge-gate.ts (whose WHERE is the shared table of charge states), the booking's charge is read by one
// query (payments/charges.ts), and a provider's refusal becomes an API answer through one map (paymentErrorToHttp).
// A scan of the server's sources keeps it so: a new write, query or map elsewhere fails here.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "test" ? [] : sources(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
const where = (pattern: RegExp) =>
  sources(src)
    .filter((f) => pattern.test(fs.readFileSync(f, "utf8")))
    .map((f) => path.relative(src, f))
    .sort();

describe("the charge's one gate", () => {
  it("only payments/charge-gate.ts writes the payments table", () => {
    // Drizzle (`db.update(payments)`, `tx.insert(schema.payments)`) or SQL (`update payments`, `insert into "payments"`, `${payments}`).
    const write = /\.(update|insert|delete)\(\s*(schema\.)?payments\s*\)|\b(update|insert\s+into|delete\s+from)\s+("?payments"?|\$\{(schema\.)?payments\})(\s|\(|$)/im;
    expect(where(write)).toEqual(["payments/charge-gate.ts"]);
    // ...and nobody reaches the table under another name, where the scan above would not see it.
    expect(where(/import\s*(type\s*)?\{[^}]*\bpayments\s+as\s+\w+[^}]*\}\s*from\s*"[^"]*db\/schema"|=\s*(schema\.)?payments\s*[;,)]/)).toEqual([]);
  });

  it("only payments/charges.ts orders a booking's payments to find its charge", () => {
    expect(where(/orderBy\(\.\.\.newestChargeFirst\)/)).toEqual(expect.arrayContaining(["payments/charges.ts"]));
    // With the same order, and not for the charge itself: savedCard (the newest charge that names a card), the receipts
    // (the newest charge that captured), the customer's provider reference (the newest payment that names one).
    expect(where(/orderBy\(\.\.\.newestChargeFirst\)/)).toEqual(["payments/charges.ts", "payments/customers.ts", "payments/payment-lifecycle.ts", "payments/receipts.ts"]);
    // Nobody writes that order by hand.
    expect(where(/desc\((schema\.)?payments\.seq\)/)).toEqual(["payments/charges.ts"]);
  });

  it("only paymentErrorToHttp turns a provider's refusal into an HTTP answer", () => {
    expect(where(/new HttpError\([^)]*err\.code/)).toEqual(["payments/charges.ts"]);
  });
});
