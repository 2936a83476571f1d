// Money reads the same everywhere (issue 27 point 8): one booking of $1,685.00 paid with Visa 4242 prints
// "$1,685.00" and "Visa •••• 4242" in the receipt e-mail, its PDF (parsed back), the confirmation e-mail and
// the admin's CSV export, all from formatMoney / formatCard.
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCard, formatMoney } from "@meridian/shared/money";
import { bookingConfirmationEmail } from "../mail/booking-emails";
import { rideDetails, seedBooking, sendReceipt } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import { outboxFor } from "../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text.replace(/\s+/g, " ");

describe("one booking's money in every place it is written", () => {
  it("the e-mail, the PDF and the CSV carry the same '$1,685.00' and 'Visa •••• 4242'", async () => {
    const total = formatMoney(1685);
    const card = formatCard({ brand: "visa", last4: "4242" });
    expect([total, card]).toEqual(["$1,685.00", "Visa •••• 4242"]);

    const customer = await t.userWithSession({ role: "user", fullName: "Rosa Thousand" });
    const b = await seedBooking(t, {
      userId: customer.user.id,
      email: customer.user.email,
      lines: [
        { kind: "base", label: "Base fee", amountUsd: 1500 },
        { kind: "distance", label: "61.7 mi × $3.00", amountUsd: 185 },
      ],
      paymentMethod: "pm_card_visa",
    });
    await sendReceipt(t, b.id);
    const [mail] = await outboxFor(t.db, customer.user.email);
    expect(mail!.text).toContain(`Base fee: $1,500.00`);
    expect(mail!.text).toContain(`Total charged: ${total}`);
    expect(mail!.text).toContain(`Paid with: ${card}`);
    expect(mail!.html).toContain(`Total charged: ${total}`);

    const pdf = await pdfText(new Uint8Array(Buffer.from(mail!.attachments![0]!.content, "base64")));
    expect(pdf).toContain(`Base fee $1,500.00`);
    expect(pdf).toContain(`Total charged ${total}`);
    expect(pdf).toContain(card);

    const admin = await t.userWithSession({ role: "admin" });
    const csv = await t.call("GET", `/api/admin/bookings/export.csv?q=${b.ticketCode}`, { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    const row = (csv.body as string).split("\r\n").find((l) => l.startsWith(b.id));
    expect(row).toContain(`,"${total}",${b.ticketCode}`); // quoted: the thousands comma
    const reports = await t.call("GET", "/api/admin/reports/revenue-by-service.csv?from=2026-05-01&to=2026-05-31", { cookie: admin.cookie });
    expect(reports.status).toBe(200);
    expect(reports.body).toContain(`ride,1,"${total}",$0.00,"${total}"`);

    const confirmation = bookingConfirmationEmail({
      to: customer.user.email,
      name: "Rosa Thousand",
      ticketCode: b.ticketCode,
      details: rideDetails({ quote: { ...rideDetails().quote, lines: [{ kind: "base", label: "Base fee", amountUsd: 1685 }], totalUsd: 1685 } }),
      dashboardUrl: "http://localhost/dashboard",
    });
    expect(confirmation.text).toContain(`Total: ${total}`);
  });
});
