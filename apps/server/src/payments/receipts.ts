// Customers' receipts: one per booking whose charge was captured, itemised (the quote's lines, the coupon, the
// tip, refunds, the card). GET /api/me/receipts lists them, GET /api/me/bookings/:id/receipt.pdf prints one, and
// the durable job "payment.receipt" (scheduled with the capture, key "receipt:<bookingId>") e-mails it with the
// PDF attached and a link to add a tip.
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type PDFDocumentClass from "pdfkit";
import { fromCents, toCents } from "@meridian/shared/pricing";
import { formatCard, formatMoney } from "@meridian/shared/money";
import type { Receipt, ReceiptLine } from "@meridian/shared/receipts";
import type { Db, Tx } from "../db/client";
import { bookingEvents, bookings, couponRedemptions, coupons, paymentRefunds, payments, tickets, user } from "../db/schema";
import type { JobHandler } from "../jobs/job-runner";
import type { Deps } from "../lib/context";
import type { Mail, Mailer } from "../mail/mailer";
import { newestChargeFirst } from "./charges";
import { emailLayout, greeting, nameInEmail } from "../mail/templates";
import { addressOnOneLine, DEFAULT_COMPANY_SETTINGS } from "@meridian/shared/settings";
import { formatPhone } from "@meridian/shared/phone";
import { receiptBrand, type ReceiptBrand } from "../settings/company";
import { writeText } from "./pdf-fonts";

export const RECEIPT_JOB = "payment.receipt";
/** The job's key: one receipt e-mail per booking, however often the capture path schedules it. */
export const receiptJobKey = (bookingId: string) => `receipt:${bookingId}`;

const SERVICE_NAMES: Record<string, string> = { ride: "Chauffeured Ride", valet: "Event Valet Service" };
export const receiptPdfPath = (bookingId: string) => `/api/me/bookings/${bookingId}/receipt.pdf`;

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

function describe(b: BookingRow): string {
  const d = b.details;
  if (d.service === "ride") return `${d.pickup.name} → ${d.dropoff.name}`;
  return d.quote.eventLabel ? `${d.quote.eventLabel} at ${d.address.name}` : d.address.name;
}

const isCouponLine = (l: { kind: string }) => l.kind === "coupon";

/** Builds the receipts of these bookings (only those whose charge was captured), newest charge first. */
async function buildReceipts(db: Db | Tx, rows: BookingRow[]): Promise<Receipt[]> {
  if (!rows.length) return [];
  const ids = rows.map((b) => b.id);
  const [pays, refunds, redemptions, ticketRows, done] = await Promise.all([
    db.select().from(payments).where(and(inArray(payments.bookingId, ids), gt(payments.capturedCents, 0))).orderBy(...newestChargeFirst),
    db.select().from(paymentRefunds).where(inArray(paymentRefunds.bookingId, ids)).orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id)),
    db
      .select({ bookingId: couponRedemptions.bookingId, code: coupons.code, discountCents: couponRedemptions.discountCents })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(couponRedemptions.couponId, coupons.id))
      .where(inArray(couponRedemptions.bookingId, ids)),
    db.select({ bookingId: tickets.bookingId, ticketCode: tickets.ticketCode }).from(tickets).where(inArray(tickets.bookingId, ids)).orderBy(asc(tickets.createdAt)),
    db
      .select({ bookingId: bookingEvents.bookingId, at: bookingEvents.createdAt })
      .from(bookingEvents)
      .where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.toStatus, "completed")))
      .orderBy(asc(bookingEvents.createdAt)),
  ]);

  const receipts: { receipt: Receipt; at: number }[] = [];
  for (const b of rows) {
    const mine = pays.filter((p) => p.bookingId === b.id);
    // The newest captured charge of kind "booking" (an earlier released hold leaves a row that captured nothing).
    const charge: PaymentRow | undefined = mine.find((p) => p.kind === "booking");
    if (!charge) continue;
    const tips = mine.filter((p) => p.kind === "tip" && p.status === "succeeded").reverse();
    const myRefunds = refunds.filter((r) => r.bookingId === b.id);
    const quoteLines: { kind: string; label: string; amountUsd: number }[] = b.details.quote.lines;
    const redemption = redemptions.find((r) => r.bookingId === b.id);
    const couponLine = quoteLines.find(isCouponLine);
    let coupon: Receipt["coupon"] = redemption
      ? { code: redemption.code, amountUsd: -fromCents(redemption.discountCents) }
      : couponLine
        ? { code: couponLine.label.replace(/^coupon\s*/i, "") || "Coupon", amountUsd: -Math.abs(couponLine.amountUsd) }
        : null;
    let lines: ReceiptLine[] = quoteLines.filter((l) => !isCouponLine(l)).map((l) => ({ label: l.label, amountUsd: l.amountUsd }));
    const quotedCents = lines.reduce((s, l) => s + toCents(l.amountUsd), 0) + toCents(coupon?.amountUsd ?? 0);
    if (b.status === "cancelled" || b.status === "no_show" || !lines.length || quotedCents !== charge.capturedCents) {
      // What was taken is not the quote (a cancellation fee, a partial capture): say what it was for.
      const label = b.status === "cancelled" ? "Cancellation fee" : b.status === "no_show" ? "No-show charge" : (SERVICE_NAMES[b.service] ?? "Service");
      lines = [{ label, amountUsd: fromCents(charge.capturedCents) }];
      coupon = null;
    }
    const tipCents = tips.reduce((s, p) => s + p.capturedCents, 0);
    // Refunds recorded here, plus any the provider reports beyond them (a refund made in Stripe's dashboard).
    const refundedCents = Math.max(
      myRefunds.reduce((s, r) => s + r.amountCents, 0),
      charge.refundedCents + tips.reduce((s, p) => s + p.refundedCents, 0),
    );
    const chargedCents = charge.capturedCents + tipCents;
    const chargedAt = done.find((e) => e.bookingId === b.id)?.at ?? b.cancelledAt ?? charge.updatedAt;
    receipts.push({
      at: chargedAt.getTime(),
      receipt: {
        bookingId: b.id,
        reference: b.id.slice(0, 8).toUpperCase(),
        ticketCode: ticketRows.find((t) => t.bookingId === b.id)?.ticketCode ?? null,
        service: b.service,
        serviceName: SERVICE_NAMES[b.service] ?? b.service,
        description: describe(b),
        status: b.status,
        lines,
        coupon,
        serviceChargedUsd: fromCents(charge.capturedCents),
        tipUsd: fromCents(tipCents),
        refunds: myRefunds.map((r) => ({ amountUsd: fromCents(r.amountCents), reason: r.reason, createdAt: r.createdAt.toISOString() })),
        refundedUsd: fromCents(refundedCents),
        totalChargedUsd: fromCents(chargedCents),
        netUsd: fromCents(chargedCents - refundedCents),
        card: charge.cardBrand && charge.cardLast4 ? { brand: charge.cardBrand, last4: charge.cardLast4 } : null,
        bookedAt: b.createdAt.toISOString(),
        serviceDate: b.bookingDate,
        chargedAt: chargedAt.toISOString(),
        tippedAt: tips[0]?.createdAt.toISOString() ?? null,
        pdfUrl: receiptPdfPath(b.id),
        canTip: b.status === "completed" && tips.length === 0 && Boolean(charge.paymentMethod),
      },
    });
  }
  return receipts.sort((a, b) => b.at - a.at).map((r) => r.receipt);
}

/** The signed-in customer's receipts, newest first. */
export async function listReceipts(db: Db | Tx, userId: string): Promise<Receipt[]> {
  const charged = db.selectDistinct({ id: payments.bookingId }).from(payments).where(gt(payments.capturedCents, 0));
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), inArray(bookings.id, charged)));
  return buildReceipts(db, rows);
}

/** One booking's receipt (null when nothing was charged); `userId` limits it to that customer's bookings. */
export async function receiptFor(db: Db | Tx, bookingId: string, userId?: string): Promise<Receipt | null> {
  const rows = await db
    .select()
    .from(bookings)
    .where(userId ? and(eq(bookings.id, bookingId), eq(bookings.userId, userId)) : eq(bookings.id, bookingId));
  return (await buildReceipts(db, rows))[0] ?? null;
}

// ---- Formatting shared by the PDF and the e-mail
const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "America/Los_Angeles" });
const formatDay = (iso: string) => dateFormat.format(new Date(iso.length === 10 ? `${iso}T20:00:00Z` : iso));

/** The receipt as labelled rows, in order: what the PDF and the e-mail both print. */
export function receiptRows(r: Receipt): { label: string; amount: string; strong?: boolean }[] {
  const rows: { label: string; amount: string; strong?: boolean }[] = r.lines.map((l) => ({ label: l.label, amount: formatMoney(l.amountUsd) }));
  if (r.coupon) rows.push({ label: `Coupon ${r.coupon.code}`, amount: formatMoney(r.coupon.amountUsd) });
  rows.push({ label: "Service total", amount: formatMoney(r.serviceChargedUsd), strong: true });
  if (r.tipUsd > 0) rows.push({ label: "Tip", amount: formatMoney(r.tipUsd) });
  rows.push({ label: "Total charged", amount: formatMoney(r.totalChargedUsd), strong: true });
  for (const f of r.refunds) rows.push({ label: `Refund (${f.reason}), ${formatDay(f.createdAt)}`, amount: formatMoney(-f.amountUsd) });
  if (r.refundedUsd > 0) rows.push({ label: "Net paid", amount: formatMoney(r.netUsd), strong: true });
  return rows;
}

function receiptFacts(r: Receipt): [string, string][] {
  return [
    ["Reference", r.reference],
    ...(r.ticketCode ? ([["Ticket", r.ticketCode]] as [string, string][]) : []),
    ["Service", `${r.serviceName}: ${r.description}`],
    ["Service date", formatDay(r.serviceDate)],
    ["Booked", formatDay(r.bookedAt)],
    ["Charged", formatDay(r.chargedAt)],
    ["Paid with", formatCard(r.card) ?? "Card"],
  ];
}

// Names, addresses and labels print in the font of their script (pdf-fonts.ts); the arrow reads as a word.
const pdfText = (s: string) => s.replace(/\s*→\s*/g, " to ");

const GOLD = "#a8843f";
const INK = "#1b1a17";
const MUTED = "#6f6a60";

/** pdfkit, loaded with the first receipt printed (~30 MB and ~400 ms at start otherwise; bench/footprint.mjs). */
let pdfkit: Promise<typeof PDFDocumentClass> | undefined;

/** The receipt as a one-page PDF (Letter). */
export async function receiptPdf(r: Receipt, customer: { name: string; email: string }, brand: ReceiptBrand = { company: DEFAULT_COMPANY_SETTINGS, logo: null }): Promise<Buffer> {
  const PDFDocument = await (pdfkit ??= import("pdfkit").then((m) => ((m as { default?: unknown }).default ?? m) as typeof PDFDocumentClass));
  const { company, logo } = brand;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 56,
    info: { Title: pdfText(`${company.displayName} receipt ${r.reference}`), Author: pdfText(company.legalName), Subject: `Receipt for booking ${r.reference}` },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = 56;
  const width = doc.page.width - 112;
  // The company (Settings → Company): its logo, else its name spaced out; its legal name and address beside it.
  if (logo) doc.image(Buffer.from(logo), left, 44, { fit: [160, 40] });
  else doc.fillColor(GOLD).font("Helvetica-Bold").fontSize(13).text(pdfText(company.displayName.toUpperCase().split("").join(" ")), left, 56, { characterSpacing: 1 });
  const contact = [company.legalName, addressOnOneLine(company.address), `${formatPhone(company.phone)} · ${company.supportEmail}`];
  doc.fillColor(MUTED).font("Helvetica").fontSize(8.5).text(pdfText(contact.join("\n")), left + width - 260, 50, { width: 260, align: "right" });
  doc.fillColor(INK).font("Times-Roman").fontSize(28).text("Receipt", left, 104);
  doc.fillColor(MUTED).fontSize(10);
  writeText(doc, `${customer.name} · ${customer.email}`, left, 140);
  doc.moveTo(left, 162).lineTo(left + width, 162).lineWidth(1).strokeColor(GOLD).stroke();

  let y = 178;
  for (const [label, value] of receiptFacts(r)) {
    doc.fillColor(MUTED).font("Helvetica").fontSize(9).text(label.toUpperCase(), left, y, { width: 110, characterSpacing: 0.5 });
    doc.fillColor(INK).fontSize(10.5);
    writeText(doc, pdfText(value), left + 120, y - 1, { width: width - 120 });
    y = Math.max(doc.y, y + 14) + 6;
  }

  y += 10;
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor("#cfc8b8").stroke();
  y += 12;
  for (const row of receiptRows(r)) {
    if (row.strong) {
      doc.moveTo(left, y - 4).lineTo(left + width, y - 4).lineWidth(0.5).strokeColor("#cfc8b8").stroke();
      y += 4;
    }
    const font = row.strong ? "Helvetica-Bold" : "Helvetica";
    doc.fillColor(INK).fontSize(10.5);
    writeText(doc, pdfText(row.label), left, y, { width: width - 130 }, row.strong ? "bold" : "regular");
    const labelBottom = doc.y;
    doc.fillColor(row.strong ? GOLD : INK).font(font).fontSize(10.5).text(row.amount, left + width - 120, y, { width: 120, align: "right" });
    y = Math.max(labelBottom, y + 14) + 6;
  }

  y += 24;
  doc
    .fillColor(MUTED)
    .font("Helvetica")
    .fontSize(9)
    .text(pdfText(`Thank you for travelling with ${company.displayName}. Questions about this receipt? Write to ${company.supportEmail} and quote the reference above.`), left, y, { width });
  doc.end();
  return done;
}

/** The receipt e-mail: the itemised receipt, a link to add a tip (when one can still be added), the PDF attached. */
export function receiptEmail(r: Receipt, input: { to: string; name: string; publicUrl: string; pdf: Buffer }): Mail {
  const receiptsUrl = `${input.publicUrl}/dashboard?tab=receipts`;
  const tipUrl = `${input.publicUrl}/dashboard?tab=receipts&tip=${r.bookingId}`;
  const facts = receiptFacts(r).map(([k, v]) => `${k}: ${v}`);
  const rows = receiptRows(r).map((row) => `${row.label}: ${row.amount}`);
  const intro = [greeting(input.name), `Thank you for choosing Meridian. Here is your receipt for booking ${r.reference}; a PDF copy is attached.`];
  const tipLine = r.canTip ? [`Enjoyed the service? You can add a tip for your ${r.service === "ride" ? "chauffeur" : "attendants"}: ${tipUrl}`] : [];
  return {
    to: input.to,
    subject: `Your Meridian receipt ${r.reference}`,
    text: [...intro, facts.join("\n"), rows.join("\n"), ...tipLine, `Your receipts: ${receiptsUrl}`].join("\n\n") + "\n",
    html: emailLayout("Your receipt", [...intro, ...facts, ...rows, ...(r.canTip ? [`Enjoyed the service? Add a tip for your ${r.service === "ride" ? "chauffeur" : "attendants"}.`] : [])], {
      label: r.canTip ? "Add a tip" : "View my receipts",
      url: r.canTip ? tipUrl : receiptsUrl,
    }),
    kind: "receipt",
    vars: { customerName: nameInEmail(input.name), reference: r.reference },
    attachments: [{ filename: `meridian-receipt-${r.reference}.pdf`, contentType: "application/pdf", content: input.pdf.toString("base64"), encoding: "base64" }],
  };
}

/** Who a booking's receipt goes to: the address on the booking, else its customer's. */
async function recipientOf(db: Db | Tx, bookingId: string): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ email: bookings.email, name: bookings.name, userEmail: user.email, userName: user.name })
    .from(bookings)
    .leftJoin(user, eq(bookings.userId, user.id))
    .where(eq(bookings.id, bookingId));
  const email = row?.email ?? row?.userEmail;
  return row && email ? { email, name: row.userName ?? row.name ?? "there" } : null;
}

/** The PDF of one booking's receipt for its customer, or null when there is none. */
export async function receiptPdfFor(deps: Pick<Deps, "database" | "photos">, bookingId: string, userId: string): Promise<{ receipt: Receipt; pdf: Buffer } | null> {
  const { db } = deps.database;
  const receipt = await receiptFor(db, bookingId, userId);
  if (!receipt) return null;
  const who = (await recipientOf(db, bookingId)) ?? { email: "", name: "" };
  return { receipt, pdf: await receiptPdf(receipt, who, await receiptBrand(deps)) };
}

/** The "payment.receipt" job: the receipt e-mail, written in the job's transaction (so exactly once). */
export function receiptJobHandler(deps: { mailer: Mailer; publicUrl: string } & Pick<Deps, "database" | "photos">): JobHandler {
  return async (tx, job) => {
    const bookingId = String(job.payload.bookingId ?? "");
    if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return "skipped: no booking id";
    const receipt = await receiptFor(tx, bookingId);
    if (!receipt) return "skipped: nothing charged";
    const who = await recipientOf(tx, bookingId);
    if (!who) return "skipped: no e-mail address";
    const pdf = await receiptPdf(receipt, who, await receiptBrand(deps, tx));
    await deps.mailer.send(receiptEmail(receipt, { to: who.email, name: who.name, publicUrl: deps.publicUrl, pdf }), { tx });
    return "sent";
  };
}

/** Job kinds of tips, receipts and refunds (main.ts spreads them into the runner's handlers). */
export const receiptJobHandlers = (deps: Deps) => ({ [RECEIPT_JOB]: receiptJobHandler({ mailer: deps.mailer, publicUrl: deps.config.publicUrl, database: deps.database, photos: deps.photos }) });
