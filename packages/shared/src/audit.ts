// The audit log as a person reads it: the writer keeps only the fields that changed (auditDiff), and the page
// names actions, entities and fields in words (the labels below) and shows names instead of ids.

/** Bookkeeping columns nobody changes by hand: never listed as a change. */
const IGNORED_FIELDS = new Set(["id", "createdAt", "updatedAt"]);

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The part of a change worth logging: for an update (both sides objects), only the fields whose value differs,
 * on both sides; for a create or a delete, the one side without its bookkeeping columns. `changed` is false for
 * an update that changed nothing.
 */
export function auditDiff(before: unknown, after: unknown): { before: unknown; after: unknown; changed: boolean } {
  const strip = (v: unknown) => (isRecord(v) ? Object.fromEntries(Object.entries(v).filter(([k]) => !IGNORED_FIELDS.has(k))) : v);
  if (!isRecord(before) || !isRecord(after)) return { before: strip(before) ?? null, after: strip(after) ?? null, changed: !same(before, after) };
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (IGNORED_FIELDS.has(key) || same(before[key], after[key])) continue;
    if (key in before) b[key] = before[key];
    if (key in after) a[key] = after[key];
  }
  return { before: b, after: a, changed: Object.keys(a).length + Object.keys(b).length > 0 };
}

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "booking.status": "Changed a booking's status",
  "booking.cancel": "Cancelled a booking",
  "booking.refund": "Refunded a booking",
  "booking.assign": "Assigned a chauffeur",
  "booking.reassign": "Reassigned a chauffeur",
  "booking.unassign": "Unassigned a chauffeur",
  "coupon.create": "Created a coupon",
  "coupon.update": "Edited a coupon",
  "coupon.status": "Turned a coupon on or off",
  "pricing.publish": "Published pricing",
  "rate_card.create": "Set a rate card",
  "rate_card.update": "Edited a rate card",
  "tier.create": "Added a price tier",
  "tier.update": "Edited a price tier",
  "tier.delete": "Deleted a price tier",
  "vehicle.create": "Added a vehicle",
  "vehicle.update": "Edited a vehicle",
  "vehicle.status": "Turned a vehicle on or off",
  "vehicle.delete": "Deleted a vehicle",
  "user.create": "Added a staff member",
  "user.update": "Edited a user",
  "staff.promote": "Changed a staff role",
  "shift.create": "Added a shift",
  "shift.delete": "Removed a shift",
  "ticket.update": "Edited a ticket",
  "settings.update": "Changed settings",
  "valet_rates.save_draft": "Saved valet rates (draft)",
  "valet_rates.publish": "Published valet rates",
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  booking: "Booking",
  coupon: "Coupon",
  pricing_method: "Pricing method",
  ride_fixed_tier: "Price tier",
  ride_rate_card: "Rate card",
  settings: "Settings",
  shift: "Shift",
  ticket: "Ticket",
  user: "User",
  valet_rate_card: "Valet rates",
  vehicle_type: "Vehicle",
};

const FIELD_LABELS: Record<string, string> = {
  chauffeurId: "Chauffeur",
  vehicleId: "Vehicle",
  vehicleTypeId: "Vehicle",
  staffId: "Staff member",
  userId: "User",
  refundId: "Refund reference",
  amountUsd: "Amount",
  refundedUsd: "Refunded in total",
  baseFeeUsd: "Base fee",
  perMileUsd: "Per mile",
  perMinuteUsd: "Per minute",
  minimumFareUsd: "Minimum fare",
  priceUsd: "Price",
  keyTag: "Key tag",
  fullName: "Name",
  startsAt: "Starts",
  endsAt: "Ends",
  milesMax: "Up to (miles)",
  passengerCapacity: "Passengers",
  luggageCapacity: "Luggage",
  active: "Active",
  supportEmail: "Support e-mail",
  logoKey: "Logo",
  tipPresetPercents: "Tip presets (%)",
  smsNotifications: "SMS notifications",
  serviceArea: "Service area",
};

/** "baseFeeUsd" -> "Base fee", "rideNoticeHours" -> "Ride notice hours": the label a person reads for a field. */
export function auditFieldLabel(key: string): string {
  if (FIELD_LABELS[key]) return FIELD_LABELS[key];
  // A nested setting ("ride_reminder.subject"): each part in words.
  if (key.includes(".")) return key.split(".").map(auditFieldLabel).join(" · ");
  const words = key
    .replace(/Usd$/, "")
    .replace(/Id$/, "")
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether `key` holds an amount in dollars. */
export const isMoneyField = (key: string) => /Usd$/.test(key);

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
