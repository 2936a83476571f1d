// What the guest's claim page (/t/<token>) needs of the valet ticket: the statuses with their labels and the
// guest's sentences, the page's view and its live update. Kept apart from valet-ticket.ts (which re-exports it)
// so the claim page's own small bundle carries no schema library: nothing here but constants and types.

export const valetStatuses = ["checked_in", "parked", "requested", "retrieving", "ready", "delivered", "cancelled"] as const;
export type ValetStatus = (typeof valetStatuses)[number];

export const VALET_STATUS_LABELS: Record<ValetStatus, string> = {
  checked_in: "Checked In",
  parked: "Parked",
  requested: "Requested",
  retrieving: "Retrieving",
  ready: "Ready",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The guest's page: one sentence per status. */
export const GUEST_STATUS_TEXT: Record<ValetStatus, string> = {
  checked_in: "Your car has been checked in.",
  parked: "Your car is parked safely.",
  requested: "Your request has been received.",
  retrieving: "An attendant is bringing your car.",
  ready: "Your car is waiting at the stand",
  delivered: "Your car has been handed back. Thank you!",
  cancelled: "This ticket has been cancelled.",
};

export type { ClaimView, ValetPhoto } from "./valet/answers";


/** What a claim page's live stream sends on each change. */
export type ClaimUpdate = { status: ValetStatus; requestedAt: string | null; updatedAt: string; estimateMinutes: number };

export const CLAIM_UPDATE_EVENT = "claim.update";
