// Valet claim tickets: the car's lifecycle (written once here; the server enforces it with conditional
// UPDATEs, the staff and admin screens read it to show the next buttons), the check-in and incident inputs
// with their messages, and the shapes the API answers. Pure: no I/O.
import { z } from "zod";
import { toE164 } from "./phone";
import { VALET_STATUS_LABELS, valetStatuses, type ValetStatus } from "./valet-guest";

export * from "./valet-guest";


/**
 * checked in -> parked -> requested -> retrieving -> ready -> delivered, plus cancelled (a check-in made by
 * mistake). A request can be withdrawn and a car re-parked while it is being fetched or waits at the stand
 * (the guest did not come); a guest may call for a car that is not parked yet. Delivered and cancelled are final.
 */
const valetTransitions: Record<ValetStatus, readonly ValetStatus[]> = {
  checked_in: ["parked", "requested", "cancelled"],
  parked: ["requested", "cancelled"],
  requested: ["retrieving", "parked"],
  retrieving: ["ready", "parked"],
  ready: ["delivered", "parked"],
  delivered: [],
  cancelled: [],
};

/** The moves a guest may make from the claim page: request the car, withdraw a request nobody has taken yet. */
const guestTransitions: Partial<Record<ValetStatus, readonly ValetStatus[]>> = {
  checked_in: ["requested"],
  parked: ["requested"],
  requested: ["parked"],
};

export const isValetStatus = (v: unknown): v is ValetStatus => valetStatuses.includes(v as ValetStatus);

export function nextValetStatuses(from: string): readonly ValetStatus[] {
  return isValetStatus(from) ? valetTransitions[from] : [];
}

/** Statuses in which the car is still with us (the lot board). */
export const OPEN_VALET_STATUSES = ["checked_in", "parked", "requested", "retrieving", "ready"] as const satisfies readonly ValetStatus[];
/** The attendants' queue: cars a guest is waiting for. */
export const QUEUE_VALET_STATUSES = ["requested", "retrieving", "ready"] as const satisfies readonly ValetStatus[];
export const isFinalValetStatus = (s: string) => nextValetStatuses(s).length === 0;

/** A delivered or cancelled ticket's car photos are closed (an incident found at delivery still takes its own). */
export const PHOTOS_CLOSED_MESSAGE = "Photos cannot be added to a delivered or cancelled ticket.";

export type ValetTransitionCheck = { ok: true } | { ok: false; message: string };

export function checkValetTransition(from: string, to: ValetStatus, by: "staff" | "guest" = "staff"): ValetTransitionCheck {
  const allowed = by === "guest" ? (isValetStatus(from) ? (guestTransitions[from] ?? []) : []) : nextValetStatuses(from);
  if (allowed.includes(to)) return { ok: true };
  const fromLabel = isValetStatus(from) ? VALET_STATUS_LABELS[from] : from;
  if (by === "guest") {
    if (to === "requested" && from === "requested") return { ok: false, message: "You have already requested your car." };
    if (to === "requested" && ["retrieving", "ready"].includes(from)) return { ok: false, message: "Your car is already on its way." };
    if (to === "parked" && ["retrieving", "ready"].includes(from)) return { ok: false, message: "An attendant is already bringing your car; the request can no longer be cancelled." };
    if (to === "parked") return { ok: false, message: "There is no request to cancel." };
    return { ok: false, message: `This ticket is ${fromLabel.toLowerCase()}; the car can no longer be requested.` };
  }
  if (from === to) return { ok: false, message: `This ticket is already ${VALET_STATUS_LABELS[to]}.` };
  const options = allowed.map((s) => VALET_STATUS_LABELS[s]);
  const next = options.length ? `From ${fromLabel} it can only move to ${options.join(" or ")}.` : `${fromLabel} is a final status.`;
  return { ok: false, message: `A ticket cannot move from ${fromLabel} to ${VALET_STATUS_LABELS[to]}. ${next}` };
}

/** What the attendant's toast says after a move, as a sentence: "Key K-117: you are bringing the car." */
const VALET_MOVE_SENTENCES: Record<ValetStatus, string> = {
  checked_in: "checked in",
  parked: "parked",
  requested: "requested for the guest",
  retrieving: "you are bringing the car",
  ready: "ready for the guest",
  delivered: "handed back to the guest",
  cancelled: "ticket cancelled",
};
export const valetMoveSentence = (keyTag: string, status: ValetStatus) => `Key ${keyTag}: ${VALET_MOVE_SENTENCES[status]}.`;

/** The button an attendant taps for each move. */
export const VALET_ACTION_LABELS: Record<ValetStatus, string> = {
  checked_in: "Check In",
  parked: "Mark Parked",
  requested: "Request for Guest",
  retrieving: "Take",
  ready: "Mark Ready",
  delivered: "Delivered",
  cancelled: "Cancel Ticket",
};


// ---- Inputs
export const VALET_MESSAGES = {
  contact: "Enter the guest's mobile number or e-mail.",
  phone: "Enter a valid mobile number, e.g. +1 310 555 0199.",
  email: "Enter a valid e-mail address.",
  plate: "Plates are 2-10 letters or digits (spaces and dashes allowed).",
  make: "Make is required.",
  model: "Model is required.",
  colour: "Colour is required.",
  keyTag: "Key tags are 1-12 letters or digits (dashes allowed), e.g. K-042.",
  stand: "Stand is required.",
  stall: "Stalls are up to 12 letters or digits (dashes allowed).",
  incidentType: "Choose the kind of damage.",
  notes: "Notes must be at most 2000 characters.",
} as const;

/** "7abc 123" -> "7ABC123": plates are stored upper-case without spaces or dashes. */
export function normalizePlate(value: string): string | null {
  const cleaned = value.trim().toUpperCase().replace(/[\s-]+/g, "");
  return /^[A-Z0-9]{2,10}$/.test(cleaned) ? cleaned : null;
}

export function normalizeKeyTag(value: string): string | null {
  const cleaned = value.trim().toUpperCase().replace(/\s+/g, "");
  return /^[A-Z0-9](?:[A-Z0-9-]{0,10}[A-Z0-9])?$/.test(cleaned) ? cleaned : null;
}

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

const required = (message: string, max = 40) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

export const valetCheckInSchema = z
  .strictObject({
    guestPhone: optionalText(32, VALET_MESSAGES.phone),
    guestEmail: optionalText(254, VALET_MESSAGES.email),
    plate: z.string({ error: VALET_MESSAGES.plate }).max(20, VALET_MESSAGES.plate),
    make: required(VALET_MESSAGES.make),
    model: required(VALET_MESSAGES.model),
    colour: required(VALET_MESSAGES.colour, 30),
    keyTag: z.string({ error: VALET_MESSAGES.keyTag }).max(20, VALET_MESSAGES.keyTag),
    stand: required(VALET_MESSAGES.stand, 60),
    stall: optionalText(20, VALET_MESSAGES.stall),
    /** The valet booking this car belongs to (an event valet), if any. */
    bookingId: z.uuid("Unknown booking.").optional(),
  })
  .transform((v, ctx) => {
    const plate = normalizePlate(v.plate);
    const keyTag = normalizeKeyTag(v.keyTag);
    const guestPhone = v.guestPhone ? toE164(v.guestPhone) : null;
    const guestEmail = v.guestEmail ? v.guestEmail.toLowerCase() : null;
    const stall = v.stall ? normalizeKeyTag(v.stall) : null;
    if (!plate) ctx.addIssue({ code: "custom", path: ["plate"], message: VALET_MESSAGES.plate });
    if (!keyTag) ctx.addIssue({ code: "custom", path: ["keyTag"], message: VALET_MESSAGES.keyTag });
    if (v.guestPhone && !guestPhone) ctx.addIssue({ code: "custom", path: ["guestPhone"], message: VALET_MESSAGES.phone });
    if (guestEmail && !z.email().safeParse(guestEmail).success) ctx.addIssue({ code: "custom", path: ["guestEmail"], message: VALET_MESSAGES.email });
    if (!v.guestPhone && !v.guestEmail) ctx.addIssue({ code: "custom", path: ["guestPhone"], message: VALET_MESSAGES.contact });
    if (v.stall && !stall) ctx.addIssue({ code: "custom", path: ["stall"], message: VALET_MESSAGES.stall });
    return {
      guestPhone,
      guestEmail,
      plate: plate ?? "",
      make: v.make,
      model: v.model,
      colour: v.colour,
      keyTag: keyTag ?? "",
      stand: v.stand.replace(/\s+/g, " "),
      stall,
      bookingId: v.bookingId ?? null,
    };
  });
export type ValetCheckInInput = z.input<typeof valetCheckInSchema>;
export type ValetCheckIn = z.output<typeof valetCheckInSchema>;

export const valetStatusChangeSchema = z.strictObject({
  status: z.enum(valetStatuses, { error: `Status must be one of ${valetStatuses.join(", ")}.` }),
  /** Where the car was parked (with "parked"). */
  stall: optionalText(20, VALET_MESSAGES.stall),
});
export type ValetStatusChangeInput = z.input<typeof valetStatusChangeSchema>;

export const INCIDENT_TYPES = ["Scratch", "Dent", "Glass", "Wheel or tyre", "Interior", "Other"] as const;
export const incidentInputSchema = z.strictObject({
  type: z.enum(INCIDENT_TYPES, { error: VALET_MESSAGES.incidentType }),
  notes: z.string().trim().max(2000, VALET_MESSAGES.notes).default(""),
});
export type IncidentInput = z.input<typeof incidentInputSchema>;

// ---- Photos
export const MAX_PHOTOS_PER_TICKET = 6;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const PHOTO_TOO_LARGE = "Each photo must be 10 MB or smaller.";
export const PHOTO_WRONG_TYPE = "Photos must be JPEG, PNG, WebP or HEIC images.";
export const tooManyPhotos = (max = MAX_PHOTOS_PER_TICKET) => `At most ${max} photos per ticket.`;

/** The image type from the file's first bytes (never its name), or null when it is not one we take. */
export function sniffImageType(bytes: Uint8Array): "image/jpeg" | "image/png" | "image/webp" | "image/heic" | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "image/png";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 12 && ascii(4, 8) === "ftyp" && ["heic", "heix", "hevc", "hevx", "mif1", "msf1"].includes(ascii(8, 12))) return "image/heic";
  return null;
}

// ---- Answers

export type { IncidentRow, LotBoard, RetrievalFigures, TimelineEntry, TodaysValetBooking, ValetCheckInResult, ValetQueue, ValetTicket } from "./valet/answers";


export const VALET_TICKET_EVENT = "valet.ticket";


/** With no recent retrieval to go by, the guest is told this many minutes. */
export const DEFAULT_ESTIMATE_MINUTES = 8;

// ---- Check-in for an event: today's valet bookings at the attendant's stand (one tap links the car to one).

/** Booking statuses of an event still to be served: a car can be checked in for it. */
export const CHECK_IN_BOOKING_STATUSES = ["pending", "confirmed", "in_progress"] as const;

export const VALET_BOOKING_PICK_MESSAGE = "Choose one of today's valet bookings at this stand.";

const standWords = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/**
 * Whether a stand (the attendant's free text, e.g. "Beverly Hills Hotel" or "Beverly Hills Hotel - Main Entrance")
 * is at an event's place: one names the other (the place's name, or the first line of its address).
 */
export function standIsAtPlace(stand: string, place: { name: string; address: string }): boolean {
  const s = standWords(stand);
  if (!s) return false;
  return [place.name, place.address.split(",")[0] ?? ""].map(standWords).some((p) => p.length > 0 && (s.includes(p) || p.includes(s)));
}

export const todaysValetBookingsQuerySchema = z.strictObject({
  stand: z.string({ error: VALET_MESSAGES.stand }).trim().min(1, VALET_MESSAGES.stand).max(60, "At most 60 characters."),
});

