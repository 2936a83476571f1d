// "Payment needed" (docs/decisions/011): a booking whose card could not be authorised (before a far-off service,
// or at completion with no live hold). The customer is e-mailed a link to confirm a card; the desk sees it on the
// dispatch board and in the booking's payment status.
import { eq } from "drizzle-orm";
import { isMailableEmail } from "@meridian/shared/caller-booking";
import { unpaidCancelAt } from "@meridian/shared/payment-policy";
import type { Tx } from "../db/client";
import { user } from "../db/schema";
import type { Deps } from "../lib/context";
import type { Mail } from "../mail/mailer";
import { emailLayout, greeting, nameInEmail } from "../mail/templates";
import { formatWhen } from "../lib/format-when";
import { type BookingRow, startOf } from "../bookings";
import { getOperationsSettings } from "../settings/settings.service";
import { formatMoney } from "@meridian/shared/money";

export async function customerOf(tx: Tx, b: BookingRow) {
  const [owner] = b.userId ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, b.userId)) : [];
  // A customer booked by phone only has a placeholder address: told by SMS instead.
  const to = [b.email, owner?.email].find(isMailableEmail);
  return to ? { to, name: owner?.name ?? b.name ?? "there" } : null;
}

export const serviceName = (b: BookingRow) => (b.service === "ride" ? "ride" : "valet service");

/** `cancelBy`: before the service, when the booking is cancelled if still unpaid; absent once the service is done. */
export function paymentNeededEmail(f: { to: string; name: string; what: string; when: string; amountUsd: number; reason: string; url: string; cancelBy?: string }): Mail {
  const lines = [
    greeting(f.name),
    `We tried to authorise ${formatMoney(f.amountUsd)} on your card for your ${f.what} on ${f.when}, and it did not go through: ${f.reason}`,
    f.cancelBy ? `Please confirm a card before ${f.cancelBy}, or the booking will be cancelled (without a fee).` : "Please confirm a card to pay for it.",
  ];
  return { to: f.to, subject: `Payment needed for your ${f.what} on ${f.when}`, text: `${lines.join("\n\n")}\n\nConfirm a card: ${f.url}\n`, html: emailLayout("Payment needed", lines, { label: "Confirm a card", url: f.url }), kind: "payment_needed", vars: { customerName: nameInEmail(f.name), service: f.what, when: f.when, amount: formatMoney(f.amountUsd) } };
}

export const paymentPageUrl = (publicUrl: string, bookingId: string) => `${publicUrl}/bookings/${bookingId}/payment`;

/** E-mails the customer the "Payment needed" link, in the caller's transaction (the outbox). */
export async function tellPaymentNeeded(tx: Tx, deps: Pick<Deps, "mailer" | "config">, b: BookingRow, f: { amountUsd: number; reason: string; beforeService: boolean }) {
  const who = await customerOf(tx, b);
  if (!who) return;
  const { timeZone } = await getOperationsSettings(tx);
  const startsAt = startOf(b, timeZone);
  const mail = paymentNeededEmail({
    ...who,
    what: serviceName(b),
    when: formatWhen(startsAt, timeZone),
    amountUsd: f.amountUsd,
    reason: f.reason,
    url: paymentPageUrl(deps.config.publicUrl, b.id),
    ...(f.beforeService ? { cancelBy: formatWhen(unpaidCancelAt(startsAt), timeZone) } : {}),
  });
  await deps.mailer.send(mail, { tx });
}
