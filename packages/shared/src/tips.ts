// Tips after a completed service: the customer's input (one schema for the dashboard's form and the API), the
// presets the dashboard offers, the bounds, and how a tip is shared between the staff who did the service.
// Money is integer cents in the rules, dollars with 2 decimals in the API.
import { z } from "zod";
import { CENTS, isCents } from "./fleet";
import { formatMoney } from "./money";

/** The smallest tip taken (a card charge below this costs more than it gives). */
export const TIP_MIN_USD = 1;
/** The largest tip whatever the fare. */
export const TIP_CAP_USD = 2_000;
/** A tip may be up to the service's total, and up to $100 on a small fare (a generous tip on a short ride). */
export const TIP_FLOOR_OF_MAX_USD = 100;
/** The dashboard's presets, percent of the service's total. */
export const TIP_PRESET_PERCENTS = [15, 20, 25] as const;

export const TIP_AMOUNT_MESSAGE = `Enter a tip of at least ${formatMoney(TIP_MIN_USD)}.`;
export const TIP_CENTS_MESSAGE = "A tip can have at most 2 decimals.";
export const TIP_NOT_COMPLETED_MESSAGE = "You can add a tip once the service is completed.";
export const TIP_ALREADY_GIVEN_MESSAGE = "You have already added a tip for this booking. Thank you!";
export const TIP_NO_CARD_MESSAGE = "There is no card on file for this booking, so a tip cannot be charged.";
export const TIP_NOT_CHARGED_MESSAGE = "Your tip was not charged. Please add it again.";
export const TIP_IN_PROGRESS_MESSAGE = "Your tip is still being processed. Please retry in a moment.";
export const TIP_IDEMPOTENCY_KEY_MESSAGE = "Send an Idempotency-Key header (1 to 200 characters) with each tip.";

/** The largest tip on a service of `totalUsd`. */
export function tipMaxUsd(totalUsd: number): number {
  return Math.min(TIP_CAP_USD, Math.max(TIP_FLOOR_OF_MAX_USD, Math.round(totalUsd * 100) / 100));
}
export const tipTooLargeMessage = (maxUsd: number) => `A tip can be at most ${formatMoney(maxUsd)} on this booking.`;

export const tipInputSchema = z.strictObject({
  amountUsd: z
    .number({ error: TIP_AMOUNT_MESSAGE })
    .min(TIP_MIN_USD, TIP_AMOUNT_MESSAGE)
    .max(TIP_CAP_USD, tipTooLargeMessage(TIP_CAP_USD))
    .refine(isCents, TIP_CENTS_MESSAGE).meta(CENTS),
  /** The preset chosen (percent of the service's total), when one was: it must still be offered (Settings → Payments). */
  percent: z.number({ error: "A tip preset is a whole percent." }).int("A tip preset is a whole percent.").min(1, "A tip preset is a whole percent.").max(100, "A tip preset is a whole percent.").optional(),
});
/** A preset the dialog offered that an admin has since removed (Settings → Payments). */
export const tipPresetGoneMessage = (presets: readonly number[]) =>
  `That tip is no longer offered. Choose ${presets.map((p) => `${p}%`).join(", ").replace(/, ([^,]*)$/, " or $1")}, or a custom amount.`;
export type TipInput = z.infer<typeof tipInputSchema>;

/** A preset: `percent` of the service's total, rounded to the cent (half up), never below the minimum tip. */
export function tipPresetUsd(totalUsd: number, percent: number): number {
  const cents = Math.round((Math.round(totalUsd * 100) * percent) / 100);
  return Math.max(TIP_MIN_USD * 100, cents) / 100;
}

/**
 * Shares `totalCents` evenly between `n` people to the cent: everyone gets the floor, and the remainder cents go
 * one each to the first people in the order given (the caller sorts them, e.g. by id, so the split is the same
 * every time). The shares always add up to the total.
 */
export function splitCents(totalCents: number, n: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new RangeError("totalCents must be a whole number of cents, 0 or more.");
  if (!Number.isInteger(n) || n < 1) throw new RangeError("n must be at least 1.");
  const base = Math.floor(totalCents / n);
  const remainder = totalCents - base * n;
  return Array.from({ length: n }, (_, i) => base + (i < remainder ? 1 : 0));
}

export type { TipResponse } from "./payments/answers";
