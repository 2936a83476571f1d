// Phone numbers, one rule for every form (profile, staff, valet check-in, a caller's booking): validated with
// libphonenumber-js (its smallest metadata) and stored in E.164 ("+13105550199"). A number without a country
// code is taken as a US number; any other country needs its "+" code. Letters ("555-CALL-NOW"), repeated
// signs and numbers no country issues ("0000000000") are refused with the field message.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { toCanonical } from "./canonical";

/** The spec's words. */
export const PHONE_MESSAGE = "Please enter a valid phone number";
export const DEFAULT_PHONE_COUNTRY = "US";

/** Digits with the usual separators, at most one leading "+" and an optional extension are all a phone number may hold. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/** The number in E.164, or null when it is not a valid phone number. */
export function toE164(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.length > 30 || !PHONE_CHARACTERS.test(trimmed) || (trimmed.match(/\d/g)?.length ?? 0) < 7) return null;
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}

// The numbers formatted lately: e-mails sign with the company's number, lists show the same few (a parse costs tens of µs).
const formatted = new Map<string, string>();

/** "+13105550199" -> "(310) 555-0199"; a foreign number in its international form. */
export function formatPhone(e164: string): string {
  let text = formatted.get(e164);
  if (text === undefined) {
    const parsed = parsePhoneNumberFromString(e164);
    text = !parsed ? e164 : parsed.country === DEFAULT_PHONE_COUNTRY ? parsed.formatNational() : parsed.formatInternational();
    if (formatted.size >= 500) formatted.clear();
    formatted.set(e164, text);
  }
  return text;
}

/** A required phone number, answered in E.164. */
export const requiredPhoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(30, PHONE_MESSAGE)
  .transform(toCanonical(toE164, PHONE_MESSAGE));

/** An optional phone number: "" (none) or a valid number, answered in E.164. */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGE })
  .trim()
  .max(30, PHONE_MESSAGE)
  .transform((v, ctx) => (v === "" ? "" : toCanonical(toE164, PHONE_MESSAGE)(v, ctx)));
