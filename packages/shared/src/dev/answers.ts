// The development tools' answers (zod; only while MAILBOX is on): the embedded e-mail and SMS outboxes, and a
// booking's jobs run as of a moment.
import { z } from "zod";

export const outboxEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string(), encoding: z.literal("base64").optional() }))
    .nullable()
    .describe("Files sent with the e-mail (e.g. a booking's .ics calendar entry)"),
  createdAt: z.string(),
});
/** GET /api/dev/mailbox: the newest first. */
export const outboxEmailsResponseSchema = z.object({ emails: z.array(outboxEmailSchema) });
/** GET /api/dev/mailbox/sms: the newest first. */
export const outboxSmsResponseSchema = z.object({ messages: z.array(z.object({ id: z.number().int(), to: z.string(), body: z.string(), createdAt: z.string() })) });
/** POST /api/dev/jobs/run: how many ran, and each of the booking's jobs with its status and result. */
export const devJobsRunResponseSchema = z.object({
  ran: z.number().int().nonnegative(),
  jobs: z.array(z.object({ kind: z.string(), runAt: z.string(), status: z.string(), result: z.string().nullable(), lastError: z.string().nullable() })),
});
