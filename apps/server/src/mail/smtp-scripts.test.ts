// Names in every script over real SMTP (issue 27 point 11): the receipt e-mail for a customer whose name is not
// in Latin letters leaves through nodemailer to a real SMTP server (smtp-server) as UTF-8, headers and body; the
// sender's display name is encoded (RFC 2047) and reads back as written; the attached PDF prints the name.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Receipt } from "@meridian/shared/receipts";
import { testReceipt } from "../test/receipt";
import type { Logger } from "../lib/logger";
import { receiptEmail, receiptPdf } from "../payments/receipts";
import { openTestDatabase } from "../test/harness";
import { createMailer } from "./mailer";
import { nameInEmail } from "./templates";

let smtp: SMTPServer;
let port: number;
const received: string[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("latin1"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => quiet } as unknown as Logger;

/** RFC 2047 encoded-words ("=?UTF-8?B?...?=" / "?Q?") decoded. */
const decodeWords = (s: string) =>
  s.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === "b"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(data.replace(/_/g, " ").replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8"),
  );

/** The MIME parts of a raw message: headers (unfolded) and the decoded body of each. */
function parts(raw: string) {
  // Split on the message's own MIME boundaries only (a quoted-printable line may start with "--" too).
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return raw.split(new RegExp(`\\r?\\n--(?:${boundaries.join("|")})(?:--)?\\r?\\n`)).map((chunk) => {
    const [head = "", ...rest] = chunk.split(/\r?\n\r?\n/);
    const headers = head.replace(/\r?\n[ \t]+/g, " ");
    const body = rest.join("\r\n\r\n");
    const encoding = headers.match(/Content-Transfer-Encoding:\s*(\S+)/i)?.[1]?.toLowerCase();
    const bytes =
      encoding === "base64"
        ? Buffer.from(body.replace(/[\s-]+$/g, "").replace(/\s+/g, ""), "base64")
        : encoding === "quoted-printable"
          ? Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1")
          : Buffer.from(body, "latin1");
    return { headers, bytes };
  });
}

const receipt: Receipt = testReceipt({
  bookingId: "4f1c2a9e-0000-4000-8000-000000000002",
  ticketCode: null,
  description: "東京都渋谷区神南1丁目 → LAX",
  pdfUrl: "/x.pdf",
});

it("a receipt e-mail to 'Zoë Łukasz 山田 김민준 Αλέξανδρος Дмитрий' arrives in UTF-8, the name in the greeting (shortened, as in every e-mail) and as typed in the PDF", async () => {
  const name = "Zoë Łukasz 山田 김민준 Αλέξανδρος Дмитрий Արամ";
  const from = "Méridien · 東京 Concierge <concierge@meridian.test>";
  const { database, cleanup } = await openTestDatabase();
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from, db: database.db, logger: quiet });
  try {
    const pdf = await receiptPdf(receipt, { name, email: "zoe@example.com" });
    await mailer.send(receiptEmail(receipt, { to: "zoe@example.com", name, publicUrl: "http://localhost:3000", pdf }));
    await mailer.drain();
    expect(received).toHaveLength(1);
    const raw = received[0]!;
    // Headers are 7-bit: the display name is encoded, and decodes back to what was written.
    const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    expect(head).toMatch(/^[\x20-\x7e\r\n\t]*$/);
    const fromHeader = head.match(/^From:\s*(.*)$/im)![1]!;
    expect(fromHeader).toMatch(/=\?UTF-8\?[BQ]\?/i);
    expect(decodeWords(fromHeader).replace(/"/g, "")).toBe("Méridien · 東京 Concierge <concierge@meridian.test>");

    const all = parts(raw);
    const text = all.find((p) => /Content-Type:\s*text\/plain/i.test(p.headers))!;
    expect(text.headers).toMatch(/charset=utf-8/i);
    expect(text.bytes.toString("utf8")).toContain(`Hello ${nameInEmail(name)},`);
    const html = all.find((p) => /Content-Type:\s*text\/html/i.test(p.headers))!;
    expect(html.headers).toMatch(/charset=utf-8/i);
    expect(html.bytes.toString("utf8")).toContain(`Hello ${nameInEmail(name)},`);
    const attached = all.find((p) => /Content-Type:\s*application\/pdf/i.test(p.headers))!;
    const { text: pdfText } = await extractText(await getDocumentProxy(new Uint8Array(attached.bytes)), { mergePages: true });
    expect(pdfText).toContain(`${name} · zoe@example.com`);
    expect(pdfText).toContain("東京都渋谷区神南1丁目 to LAX");
  } finally {
    await mailer.drain();
    await cleanup();
  }
});
