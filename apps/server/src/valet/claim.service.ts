// The guest's claim ticket behind /t/<token>: the token is the only key (no sign-in), so a wrong, malformed
// or expired one is the same bare 404, and the page shows only this car (never the guest's contact details).
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { isFinalValetStatus, type ClaimView, type ValetStatus } from "@meridian/shared/valet-ticket";
import type { Db } from "../db/client";
import { rateLimit, tickets } from "../db/schema";
import { HttpError, notFound } from "../lib/errors";
import { estimateMinutes } from "./retrieval.service";
import { hashToken, photosOf } from "./tickets.service";

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
/** A delivered or cancelled ticket's link works this long after its last change, then answers 404. */
export const CLAIM_AFTER_CLOSE_MS = 24 * 60 * 60 * 1000;
const CLAIM_NOT_FOUND = "Not found.";

/** The ticket id behind a claim token, or a 404 that says nothing about why. */
export async function resolveClaim(db: Db, token: string): Promise<string> {
  if (!TOKEN_RE.test(token)) throw notFound(CLAIM_NOT_FOUND);
  const [row] = await db
    .select({ id: tickets.id, valetStatus: tickets.valetStatus, updatedAt: tickets.updatedAt })
    .from(tickets)
    .where(and(eq(tickets.claimTokenHash, hashToken(token)), isNotNull(tickets.valetStatus)));
  if (!row || (isFinalValetStatus(row.valetStatus!) && Date.now() - row.updatedAt.getTime() > CLAIM_AFTER_CLOSE_MS)) throw notFound(CLAIM_NOT_FOUND);
  return row.id;
}

export const claimPhotoUrl = (token: string) => (photoId: string) => `/api/claim/${token}/photos/${photoId}`;

/** qrcode loads with the first claim page (~10 MB at start otherwise). */
let qrcode: Promise<typeof import("qrcode")> | undefined;
const qrCache = new Map<string, string>();
/** The QR code of a ticket code (an SVG); a few hundred are kept, so a busy stand's pages do not redraw them. */
async function qrOf(ticketCode: string): Promise<string> {
  const hit = qrCache.get(ticketCode);
  if (hit) return hit;
  const QRCode = await (qrcode ??= import("qrcode").then((m) => ((m as { default?: unknown }).default ?? m) as typeof import("qrcode")));
  const svg = await QRCode.toString(ticketCode, { type: "svg", margin: 1, errorCorrectionLevel: "M", color: { dark: "#0b0b0dff", light: "#ffffffff" } });
  if (qrCache.size >= 500) qrCache.delete(qrCache.keys().next().value!);
  qrCache.set(ticketCode, svg);
  return svg;
}

export async function claimView(db: Db, token: string, ticketId: string): Promise<ClaimView> {
  const [t] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!t) throw notFound(CLAIM_NOT_FOUND);
  const [qrSvg, estimate, photos] = await Promise.all([
    qrOf(t.ticketCode),
    estimateMinutes(db, t.stand ?? ""),
    photosOf(db, ticketId, claimPhotoUrl(token)),
  ]);
  return {
    ticketCode: t.ticketCode,
    status: t.valetStatus as ValetStatus,
    car: { plate: t.plate ?? "", make: t.make ?? "", model: t.model ?? "", colour: t.colour ?? "" },
    stand: t.stand ?? "",
    requestedAt: t.requestedAt ? t.requestedAt.toISOString() : null,
    updatedAt: t.updatedAt.toISOString(),
    estimateMinutes: estimate,
    qrSvg,
    photos,
  };
}

/** "Request my car" and its cancel: at most this many tries per ticket in CLAIM_WINDOW_MS (then 429). */
export const CLAIM_ATTEMPTS = 6;
export const CLAIM_WINDOW_MS = 10 * 60 * 1000;

/**
 * Counts one request/cancel attempt on a ticket in the shared rate_limit table (one row per ticket, a fixed
 * window), so the limit holds across server processes; refuses with 429 past CLAIM_ATTEMPTS.
 */
export async function limitClaimAttempts(db: Db, ticketId: string, now = Date.now()) {
  const key = `claim-request:${ticketId}`;
  const windowStart = now - CLAIM_WINDOW_MS;
  const [row] = await db
    .insert(rateLimit)
    .values({ id: key, key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} < ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  if ((row?.count ?? 0) > CLAIM_ATTEMPTS) {
    throw new HttpError(429, "rate_limited", "Too many requests for this ticket. Please wait a few minutes, or ask the valet stand.");
  }
}
