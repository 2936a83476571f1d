// Settings → Company (issue 25, point 1): the company's name, contact and logo are in the next e-mail (subject,
// header, signature), the SMS signature and the receipt and its PDF (with the logo); the logo is uploaded, checked
// and served like car photos are stored.
import { extractText, getDocumentProxy } from "unpdf";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_COMPANY_SETTINGS } from "@meridian/shared/settings";
import { outboxSms } from "../db/schema";
import { createAdminTestApp, type AdminSession, type TestApp } from "../test/harness";
import { outboxFor } from "../test/helpers";
import { paidBookingWithReceipt } from "../test/factories";

let t: TestApp, admin: AdminSession;
beforeAll(async () => ({ t, admin } = await createAdminTestApp()));
afterAll(() => t.close());

const AURUM = { ...DEFAULT_COMPANY_SETTINGS, legalName: "Aurum Chauffeurs Inc.", displayName: "Aurum Cars", address: "1 Gold Way\nPasadena, CA 91101", phone: "(626) 555-0123", supportEmail: "help@aurum.example" };
const pdfText = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(bytes.slice()), { mergePages: true })).text.replace(/\s+/g, " ");
const saveCompany = async (company: object) => {
  const res = await t.call("PUT", "/api/admin/settings/company", { cookie: admin.cookie, json: company });
  expect(res.status).toBe(200);
  return res.body.company;
};
const logoPng = () => sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 201, g: 163, b: 92, alpha: 1 } } }).png().toBuffer();
async function uploadLogo(bytes: Uint8Array, filename = "logo.png", cookie = admin.cookie) {
  const form = new FormData();
  form.append("logo", new File([bytes.slice()], filename, { type: "image/png" }));
  const res = await t.app.request("/api/admin/settings/company/logo", { method: "POST", body: form, headers: { cookie, origin: "http://localhost:3000" } });
  return { status: res.status, body: (await res.json()) as any };
}

describe("the company in e-mails", () => {
  it("a name changed in Settings is in the very next e-mail: subject, header, text and signature", async () => {
    const before = await t.userWithSession({ fullName: "Nora Before" });
    await t.call("POST", "/api/auth/request-password-reset", { json: { email: before.user.email, redirectTo: "/reset-password" } });
    const [old] = await outboxFor(t.db, before.user.email);
    expect(old!.subject).toBe("Reset your Meridian password");
    expect(old!.text).toContain("Meridian · (310) 555-0142 · concierge@meridian-valet.com");

    await saveCompany(AURUM);
    const after = await t.userWithSession({ fullName: "Nora After" });
    await t.call("POST", "/api/auth/request-password-reset", { json: { email: after.user.email, redirectTo: "/reset-password" } });
    const [mail] = await outboxFor(t.db, after.user.email);
    expect(mail!.subject).toBe("Reset your Aurum Cars password");
    expect(mail!.text).toContain("We received a request to reset your Aurum Cars password.");
    expect(mail!.text).toContain("Aurum Cars · (626) 555-0123 · help@aurum.example\n1 Gold Way, Pasadena, CA 91101");
    expect(mail!.text).not.toMatch(/\bMeridian\b/);
    expect(mail!.html).toContain("AURUM CARS");
    expect(mail!.html).toContain("Aurum Chauffeurs Inc. · 1 Gold Way, Pasadena, CA 91101");
    expect(mail!.html).not.toMatch(/\bMeridian\b|MERIDIAN/);
  });

  it("signs text messages with the display name", async () => {
    await saveCompany(AURUM);
    await t.deps.sms.send("+13105550177", "Meridian: your car is ready.");
    await t.deps.sms.send("+13105550178", "Your car is ready.");
    const texts = await t.db.select().from(outboxSms);
    expect(texts.map((s) => s.body)).toEqual(expect.arrayContaining(["Aurum Cars: your car is ready.", "Aurum Cars: Your car is ready."]));
  });
});

describe("the company on receipts", () => {
  it("the receipt e-mail and its PDF carry the new name, legal name, address and support e-mail", async () => {
    await saveCompany(AURUM);
    const customer = await t.userWithSession({ fullName: "Rita Receipt" });
    await paidBookingWithReceipt(t, customer.user);
    const [mail] = await outboxFor(t.db, customer.user.email);
    expect(mail!.subject).toMatch(/^Your Aurum Cars receipt /);
    expect(mail!.text).toContain("Thank you for choosing Aurum Cars.");
    const pdf = await pdfText(new Uint8Array(Buffer.from(mail!.attachments![0]!.content, "base64")));
    expect(pdf).toContain("A U R U M C A R S");
    expect(pdf).toContain("Aurum Chauffeurs Inc.");
    expect(pdf).toContain("1 Gold Way, Pasadena, CA 91101");
    expect(pdf).toContain("Thank you for travelling with Aurum Cars. Questions about this receipt? Write to help@aurum.example");
    expect(pdf).not.toMatch(/Meridian|M E R I D I A N/);
  });
});

describe("the logo", () => {
  it("is refused to a non-admin, and when it is not an image", async () => {
    const customer = await t.userWithSession();
    expect((await uploadLogo(await logoPng(), "logo.png", customer.cookie)).status).toBe(403);
    const bad = await uploadLogo(new TextEncoder().encode("not an image at all"), "logo.txt");
    expect(bad.status).toBe(415);
    expect(bad.body.error.message).toBe("The logo must be a PNG, JPEG or WebP image.");
    expect((await t.call("GET", "/api/settings/logo")).status).toBe(404);
  });

  it("uploaded: shrunk to fit 600 x 200, served publicly, audited, in the e-mail header and on the receipt PDF", async () => {
    await saveCompany(AURUM);
    const res = await uploadLogo(await logoPng());
    expect(res.status).toBe(200);
    expect(res.body.company.logoKey).toMatch(/^company\/logo-[0-9a-f-]+\.png$/);
    const pub = await t.call("GET", "/api/settings/public");
    expect(pub.body.company.logoUrl).toMatch(/^\/api\/settings\/logo\?v=/);
    const served = await t.app.request(pub.body.company.logoUrl);
    expect(served.headers.get("content-type")).toBe("image/png");
    const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([600, 200]);

    const customer = await t.userWithSession({ fullName: "Lola Logo" });
    const b = await paidBookingWithReceipt(t, customer.user);
    const [mail] = await outboxFor(t.db, customer.user.email);
    expect(mail!.html).toContain(`<img src="http://localhost:3000${pub.body.company.logoUrl}" alt="Aurum Cars"`);
    const pdf = await t.app.request(`/api/me/bookings/${b.id}/receipt.pdf`, { headers: { cookie: customer.cookie } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).toString("latin1")).toMatch(/\/Subtype \/Image/);

    const removed = await t.call("DELETE", "/api/admin/settings/company/logo", { cookie: admin.cookie });
    expect(removed.body.company.logoKey).toBeNull();
    expect((await t.call("GET", "/api/settings/public")).body.company.logoUrl).toBeNull();
  });
});
