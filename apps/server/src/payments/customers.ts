// The provider's customer a card is saved to for later off-session charges (stripe: a Customer, cus_...): the one
// this customer's earlier stripe payments used, else a new one (one per user: its idempotency key names the user).
// Used by the booking dialog (POST /api/bookings) and by confirming a new card for a booking (the confirm-a-card
// page and a caller's payment link), so a card saved either way is on the same Customer. Embedded: null.
import { and, eq, isNotNull } from "drizzle-orm";
import { isMailableEmail } from "@meridian/shared/caller-booking";
import { bookings, payments } from "../db/schema";
import type { Deps } from "../lib/context";
import { newestChargeFirst } from "./charges";

export async function customerRefFor(deps: Pick<Deps, "database" | "payments">, who: { id: string; email: string; name: string }): Promise<string | null> {
  if (deps.payments.kind !== "stripe") return null;
  const [earlier] = await deps.database.db
    .select({ ref: payments.customerRef })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(bookings.userId, who.id), isNotNull(payments.customerRef), eq(payments.provider, "stripe")))
    .orderBy(...newestChargeFirst)
    .limit(1);
  if (earlier?.ref) return earlier.ref;
  // A customer booked by phone only has a placeholder address: Stripe gets no e-mail for them.
  return deps.payments.createCustomer({ email: isMailableEmail(who.email) ? who.email : null, name: who.name, userId: who.id }, `customer:${who.id}`);
}
