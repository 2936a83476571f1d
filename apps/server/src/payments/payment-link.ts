// The secure payment link of a booking made for a caller (issue 20): /pay/<token> opens the confirm-a-card page
// without signing in (the customer may have no password yet). The token is base64url("<bookingId>.<exp>") + "." +
// HMAC-SHA256 under a key derived from AUTH_SECRET for this purpose only: it names one booking, cannot be forged,
// and lapses when the service starts. It lets its holder see that booking's amount and pay it, nothing else.
import crypto from "node:crypto";

const keyFor = (secret: string) => crypto.createHmac("sha256", secret).update("meridian:payment-link:v1").digest();
const sign = (secret: string, payload: string) => crypto.createHmac("sha256", keyFor(secret)).update(payload).digest("base64url");

export function paymentLinkToken(secret: string, bookingId: string, expiresAt: Date): string {
  const payload = Buffer.from(`${bookingId}.${Math.floor(expiresAt.getTime() / 1000)}`).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}

/** The booking id a valid, unexpired token names; null otherwise. */
export function verifyPaymentLinkToken(secret: string, token: string, now = new Date()): string | null {
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== undefined || token.length > 300) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const [bookingId, exp] = Buffer.from(payload, "base64url").toString().split(".");
  if (!bookingId || !exp || Number(exp) * 1000 < now.getTime()) return null;
  return bookingId;
}

export const paymentLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/pay/${token}`;
