// Booking and ticket status rules: which change is allowed from which state. Pure; the server enforces them
// and the admin screens only offer the allowed ones.

export const bookingStatuses = ["pending", "confirmed", "in_progress", "completed", "cancelled", "refunded"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const ticketStatuses = ["active", "released", "void"] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** pending -> confirmed -> in_progress -> completed; cancel from pending/confirmed; refund only once completed or cancelled. */
const bookingTransitions: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ["confirmed", "cancelled"],
  confirmed: ["in_progress", "cancelled"],
  in_progress: ["completed"],
  completed: ["refunded"],
  cancelled: ["refunded"],
  refunded: [],
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
  completed: "Completed",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export const ticketStatusLabels: Record<TicketStatus, string> = { active: "Active", released: "Released", void: "Void" };

export const isBookingStatus = (v: unknown): v is BookingStatus => bookingStatuses.includes(v as BookingStatus);
export const isTicketStatus = (v: unknown): v is TicketStatus => ticketStatuses.includes(v as TicketStatus);

/** The statuses a booking may move to next (empty for a final state or an unknown one). */
export function nextBookingStatuses(from: string): readonly BookingStatus[] {
  return isBookingStatus(from) ? bookingTransitions[from] : [];
}

export function nextTicketStatuses(from: string): readonly TicketStatus[] {
  return isTicketStatus(from) ? ticketTransitions[from] : [];
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

function describe<S extends string>(from: string, to: S, allowed: readonly S[], labels: Record<S, string>, noun: string): TransitionCheck {
  if (allowed.includes(to)) return { ok: true };
  const fromLabel = (labels as Record<string, string>)[from] ?? from;
  const toLabel = labels[to] ?? to;
  if (from === to) return { ok: false, message: `This ${noun} is already ${toLabel}.` };
  const options = allowed.map((s) => labels[s]);
  const next = options.length ? `From ${fromLabel} it can only move to ${options.join(" or ")}.` : `${fromLabel} is a final status.`;
  return { ok: false, message: `A ${noun} cannot move from ${fromLabel} to ${toLabel}. ${next}` };
}

export function checkBookingTransition(from: string, to: BookingStatus): TransitionCheck {
  return describe(from, to, nextBookingStatuses(from), bookingStatusLabels, "booking");
}

export function checkTicketTransition(from: string, to: TicketStatus): TransitionCheck {
  return describe(from, to, nextTicketStatuses(from), ticketStatusLabels, "ticket");
}
