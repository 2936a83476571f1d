// Booking for a caller (issue 20): the desk (admins and dispatchers) books a ride or a valet service for a customer
// on the telephone. The customer is found by name, e-mail or phone, or created with a name and a phone and/or an
// e-mail; the quote is the customer's own (POST /api/quotes or /api/valet/quotes, the same rules and prices); the
// customer pays through a secure link sent by e-mail and/or SMS, and the booking reads "payment needed" until then.
import { z } from "zod";
import { fullNameSchema, signUpSchema } from "./auth";
import { bookingServices, bookingSummarySchema, QUOTE_INVALID_MESSAGE, ticketSummarySchema } from "./booking";
import { toE164 } from "./phone";

export const CALLER_MESSAGES = {
  contact: "Enter the customer's phone number or e-mail.",
  phone: "Enter a valid phone number, e.g. +1 310 555 0199.",
  customer: "Choose a customer, or enter a new customer's name with a phone number or e-mail.",
  customerNotFound: "That customer was not found. Search again.",
  notACustomer: "That account is a staff account. Book for a customer.",
  emailTaken: "A customer with this e-mail already exists. Find them by e-mail instead.",
  phoneTaken: "A customer with this phone number already exists. Find them by phone instead.",
  service: "The service must be ride or valet.",
} as const;

/** A customer with no e-mail (booked by phone) gets an address under this reserved domain: it is never mailed. */
export const PHONE_ONLY_EMAIL_DOMAIN = "phone-only.invalid";
export const phoneOnlyEmail = (e164: string) => `${e164.replace(/\D/g, "")}@${PHONE_ONLY_EMAIL_DOMAIN}`;
/** False for the placeholder address of a customer booked by phone only. */
export const isMailableEmail = (email: string | null | undefined): email is string => !!email && !email.endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const callerEmail = z.preprocess(blank, signUpSchema.shape.email.transform((v) => v.toLowerCase()).optional());
/** A phone number as E.164 ("+13105550199"); ten digits are taken as a US number. */
export const callerPhoneSchema = z.preprocess(
  blank,
  z
    .string({ error: CALLER_MESSAGES.phone })
    .max(32, CALLER_MESSAGES.phone)
    .transform((v, ctx) => {
      const e164 = toE164(v);
      if (!e164) ctx.addIssue({ code: "custom", message: CALLER_MESSAGES.phone });
      return e164 ?? v;
    })
    .optional(),
);

/** A new customer: a name, and a phone number and/or an e-mail (at least one, to send the payment link to). */
export const newCallerCustomerSchema = z
  .strictObject({ fullName: fullNameSchema, email: callerEmail, phone: callerPhoneSchema })
  .refine((v) => v.email !== undefined || v.phone !== undefined, { message: CALLER_MESSAGES.contact, path: ["phone"] });

/** POST /api/admin/bookings: an existing customer (customerId) or a new one, and the quote id of the customer's quote. */
export const adminCreateBookingSchema = z
  .strictObject({
    service: z.enum(bookingServices, { error: CALLER_MESSAGES.service }),
    /** A ride quote id for a ride, a valet quote id for valet (POST /api/quotes, POST /api/valet/quotes). */
    quoteId: z.string({ error: QUOTE_INVALID_MESSAGE }).min(1, QUOTE_INVALID_MESSAGE).max(8192, QUOTE_INVALID_MESSAGE),
    customerId: z.string().trim().min(1, CALLER_MESSAGES.customer).max(100, CALLER_MESSAGES.customer).optional(),
    newCustomer: newCallerCustomerSchema.optional(),
  })
  .refine((v) => (v.customerId === undefined) !== (v.newCustomer === undefined), { message: CALLER_MESSAGES.customer, path: ["customerId"] });
export type AdminCreateBookingInput = z.infer<typeof adminCreateBookingSchema>;

/** One customer as the desk's search lists them. */
export const callerCustomerSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  /** Null for a customer booked by phone only. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type CallerCustomer = z.infer<typeof callerCustomerSchema>;

/** GET /api/admin/customers?q=: customers (never staff) whose name, e-mail or phone matches. */
export const callerCustomersQuerySchema = z.object({
  q: z.string({ error: "Type at least 2 characters to search." }).trim().min(2, "Type at least 2 characters to search.").max(100, "Search text must be at most 100 characters."),
});
export const callerCustomersResponseSchema = z.object({ customers: z.array(callerCustomerSchema) });
export type CallerCustomersResponse = z.infer<typeof callerCustomersResponseSchema>;

/** POST /api/admin/bookings (201; the same answer again for a replayed Idempotency-Key). */
export const adminCreateBookingResponseSchema = z.object({
  booking: bookingSummarySchema,
  ticket: ticketSummarySchema,
  customer: callerCustomerSchema,
  /** Where the payment link was sent ("email", "sms"), and until when the booking waits for it. */
  paymentLink: z.object({ sentBy: z.array(z.enum(["email", "sms"])), dueAt: z.string() }),
});
export type AdminCreateBookingResponse = z.infer<typeof adminCreateBookingResponseSchema>;

/** The booking's timeline note and the audit's words. */
export const bookedForNote = (staffName: string, customerName: string) => `Booked by ${staffName} for ${customerName}`;
export const CALLER_BOOKED_TITLE = "Booking Created";
export const callerBookedDescription = (customerName: string, via: string[]) =>
  via.length ? `A payment link was sent to ${customerName} by ${via.map((v) => (v === "sms" ? "SMS" : "e-mail")).join(" and ")}.` : `Booked for ${customerName}.`;
/** The placeholder charge's note: nothing was tried on a card yet, the customer has the link. */
export const AWAITING_LINK_PAYMENT = "Awaiting the customer's payment through the link we sent.";
export const CALLER_UNPAID_CANCEL_REASON = "The payment link was not used in time; cancelled without a fee.";
