// Booking and ticket status rules: which change is allowed from which state, and who may make it. Written once
// here; the server enforces them inside the write (a conditional UPDATE, so of two racing changes one wins)
// and the screens read the same tables to offer only the next steps.
//
// A ride is driven:  pending -> confirmed (a chauffeur assigned) -> en_route -> on_location -> on_board ->
// completed, or cancelled (before the passenger is on board) or no_show (the chauffeur waited on location), or
// expired: still pending or confirmed when its pickup is past by the overdue grace period (Settings), closed by
// the overdue job (rides/overdue.ts) with its hold released and the customer told.
// Other services (valet) keep the simpler pending -> confirmed -> in_progress -> completed.

export const bookingStatuses = [
  "pending",
  "confirmed",
  "in_progress",
  "en_route",
  "on_location",
  "on_board",
  "completed",
  "cancelled",
  "no_show",
  "expired",
  "refunded",
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A ride's statuses, in the order a ride lives them. */
export const rideStatuses = ["pending", "confirmed", "en_route", "on_location", "on_board", "completed", "cancelled", "no_show", "expired", "refunded"] as const satisfies readonly BookingStatus[];
export type RideStatus = (typeof rideStatuses)[number];

export const ticketStatuses = ["active", "released", "void"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/**
 * Who makes a move: "dispatch" assigns and unassigns (dispatchers and admins at the board), "chauffeur" is the
 * assigned chauffeur on the phone, "customer" the booking's owner, "admin" the back office (status changes,
 * and cancelling with a reason), "refund" the refunds flow: a booking becomes Refunded only when a refund (with its
 * amount and reason) has given back its whole charge, never by a status change; "system" the overdue sweep, which
 * alone closes a ride nobody served as Expired.
 */
export type StatusActor = "admin" | "dispatch" | "chauffeur" | "customer" | "refund" | "system";
type Moves<S extends string> = Record<S, Partial<Record<S, readonly StatusActor[]>>>;

const rideMoves: Moves<RideStatus> = {
  pending: { confirmed: ["dispatch"], cancelled: ["customer", "admin"], expired: ["system"] },
  confirmed: { pending: ["dispatch", "customer"], en_route: ["chauffeur", "admin"], cancelled: ["customer", "admin"], expired: ["system"] },
  en_route: { on_location: ["chauffeur", "admin"], cancelled: ["admin"] },
  on_location: { on_board: ["chauffeur", "admin"], no_show: ["chauffeur", "admin"], cancelled: ["admin"] },
  on_board: { completed: ["chauffeur", "admin"] },
  completed: { refunded: ["refund"] },
  cancelled: { refunded: ["refund"] },
  no_show: { refunded: ["refund"] },
  expired: {},
  refunded: {},
};

/** Every other service (valet): pending -> confirmed -> in_progress -> completed; cancel before it starts. */
const serviceMoves: Moves<"pending" | "confirmed" | "in_progress" | "completed" | "cancelled" | "refunded"> = {
  pending: { confirmed: ["admin"], cancelled: ["customer", "admin"] },
  confirmed: { in_progress: ["admin"], cancelled: ["customer", "admin"] },
  in_progress: { completed: ["admin"] },
  completed: { refunded: ["refund"] },
  cancelled: { refunded: ["refund"] },
  refunded: {},
};

/** A ticket starts active and ends released (car handed back) or void; both are final. */
const ticketTransitions: Record<TicketStatus, readonly TicketStatus[]> = {
  active: ["released", "void"],
  released: [],
  void: [],
};

export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  in_progress: "In Progress",
  en_route: "En Route",
  on_location: "On Location",
  on_board: "Passenger On Board",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-Show",
  expired: "Expired",
  refunded: "Refunded",
};

/** The chauffeur's one-tap buttons, by the status each one moves the ride to. */
export const rideStepLabels: Partial<Record<RideStatus, string>> = {
  en_route: "Start: En Route",
  on_location: "Arrived: On Location",
  on_board: "Passenger On Board",
  completed: "Complete Ride",
  no_show: "Passenger No-Show",
};

/** What the customer reads about their ride in each status. */
export const rideStatusSentences: Partial<Record<RideStatus, string>> = {
  pending: "We are assigning your chauffeur.",
  confirmed: "Your chauffeur is assigned.",
  en_route: "Your chauffeur is on the way.",
  on_location: "Your chauffeur has arrived.",
  on_board: "Enjoy your ride.",
  completed: "Ride completed. Thank you for riding with Meridian.",
  cancelled: "This ride was cancelled.",
  no_show: "Your chauffeur waited but could not find you.",
  expired: "We could not serve this ride. Your card was not charged.",
};

/** The flag on a ride still pending or confirmed once its pickup time has passed (dispatch board, Overview). */
export const OVERDUE_LABEL = "Overdue";

/** Whether a ride is overdue: still pending or confirmed, and its pickup time has passed. */
export function isOverdueRide(b: { service?: string; status: string; pickupAt: Date | string | null }, now: Date = new Date()): boolean {
  if ((b.service ?? "ride") !== "ride" || (b.status !== "pending" && b.status !== "confirmed") || !b.pickupAt) return false;
  return new Date(b.pickupAt).getTime() < now.getTime();
}

/** The back office's answer to a status change to Refunded: that is the refunds flow's to make. */
export const REFUND_THROUGH_REFUNDS_MESSAGE = "A booking is refunded with Refund (an amount and a reason); it becomes Refunded once its whole charge is given back.";

export const ticketStatusLabels: Record<TicketStatus, string> = { active: "Active", released: "Released", void: "Void" };

export const isBookingStatus = (v: unknown): v is BookingStatus => bookingStatuses.includes(v as BookingStatus);
export const isTicketStatus = (v: unknown): v is TicketStatus => ticketStatuses.includes(v as TicketStatus);

/** Ride statuses in which a chauffeur is on the job (their time is taken). */
export const activeRideStatuses = ["confirmed", "en_route", "on_location", "on_board"] as const satisfies readonly RideStatus[];

function movesFor(service: string): Moves<string> {
  return (service === "ride" ? rideMoves : serviceMoves) as Moves<string>;
}

/** The statuses a booking of this service may move to next, for this actor or for anyone (empty for a final or unknown state). */
export function nextBookingStatuses(from: string, opts: { service?: string; actor?: StatusActor } = {}): BookingStatus[] {
  const moves = movesFor(opts.service ?? "ride")[from];
  if (!moves) return [];
  return (Object.entries(moves) as [BookingStatus, readonly StatusActor[]][])
    .filter(([, who]) => !opts.actor || who.includes(opts.actor))
    .map(([to]) => to);
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

function describe<S extends string>(from: string, to: S, allowed: readonly S[], labels: Record<S, string>, noun: string, final = true): TransitionCheck {
  if (allowed.includes(to)) return { ok: true };
  const fromLabel = (labels as Record<string, string>)[from] ?? from;
  const toLabel = labels[to] ?? to;
  if (from === to) return { ok: false, message: `This ${noun} is already ${toLabel}.` };
  const options = allowed.map((s) => labels[s]);
  const next = options.length
    ? `From ${fromLabel} it can only move to ${options.join(" or ")}.`
    : final
      ? `${fromLabel} is a final status.`
      : `From ${fromLabel} it is not yours to move.`;
  return { ok: false, message: `A ${noun} cannot move from ${fromLabel} to ${toLabel}. ${next}` };
}

/** Whether `actor` may move a booking of `service` from `from` to `to`; the refusal says what is possible. */
export function checkBookingTransition(from: string, to: BookingStatus, opts: { service?: string; actor?: StatusActor } = {}): TransitionCheck {
  const service = opts.service ?? "ride";
  const final = nextBookingStatuses(from, { service }).length === 0;
  return describe(from, to, nextBookingStatuses(from, { service, actor: opts.actor }), bookingStatusLabels, service === "ride" ? "ride" : "booking", final);
}

export function nextTicketStatuses(from: string): readonly TicketStatus[] {
  return isTicketStatus(from) ? ticketTransitions[from] : [];
}

export function checkTicketTransition(from: string, to: TicketStatus): TransitionCheck {
  return describe(from, to, nextTicketStatuses(from), ticketStatusLabels, "ticket");
}

/** Statuses of a booking still ahead of the customer or under way (the rest are history). */
export const openBookingStatuses = ["pending", "confirmed", "in_progress", "en_route", "on_location", "on_board"] as const satisfies readonly BookingStatus[];

/**
 * The customer's list order: live and upcoming bookings first, soonest start first (one under way or overdue
 * leads); then past ones (completed, cancelled, expired...), most recent start first. Two bookings starting at
 * the same moment: the one booked last first (the spec's "newest first"), then by id, so the order never flickers
 * between two reads.
 */
export function orderForCustomer<B extends { id: string; status: string; startsAt: Date | string; createdAt?: Date | string }>(list: readonly B[]): B[] {
  const open = (b: B) => (openBookingStatuses as readonly string[]).includes(b.status);
  const at = (b: B) => new Date(b.startsAt).getTime();
  const booked = (b: B) => (b.createdAt ? new Date(b.createdAt).getTime() : 0);
  return [...list].sort((a, b) => {
    if (open(a) !== open(b)) return open(a) ? -1 : 1;
    const byTime = open(a) ? at(a) - at(b) : at(b) - at(a);
    return byTime || booked(b) - booked(a) || a.id.localeCompare(b.id);
  });
}
