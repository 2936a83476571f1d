// The customer's money after a service, under /api/me: add a tip (POST /bookings/:id/tip, Idempotency-Key
// header as for bookings), the receipts (GET /receipts) and one receipt as a PDF (GET /bookings/:id/receipt.pdf).
// Every route answers only the signed-in customer's own bookings (another's is a 404, as if it did not exist).
import { requireFeature } from "../settings/public-settings";
import { Hono } from "hono";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "@meridian/shared/booking";
import { TIP_IDEMPOTENCY_KEY_MESSAGE, tipInputSchema } from "@meridian/shared/tips";
import { z } from "zod";
import type { AppEnv } from "../lib/context";
import { badRequest, notFound } from "../lib/errors";
import { receiptsResponseSchema, tipResponseSchema } from "@meridian/shared/payments/answers";
import { route } from "../lib/openapi";
import { listReceipts, receiptPdfFor } from "./receipts";
import { addTip } from "./tips.service";
import { idParam } from "../lib/validate";

export const meMoneyRoutes = new Hono<AppEnv>()
  .post(
    "/bookings/:id/tip",
    route({
      summary: "Add a tip to a completed service",
      description: "Charged on the booking's card and shared by the chauffeur or the valet attendants of the service. Send an Idempotency-Key header; a retry with it tips once.",
      tags: ["Payments"],
      access: "signed-in",
      body: tipInputSchema,
      parameters: [{ in: "header", name: IDEMPOTENCY_KEY_HEADER, required: true, schema: z.toJSONSchema(idempotencyKeySchema) }],
      responses: {
        201: tipResponseSchema,
        402: { description: "The card was declined" },
        403: { description: "Tips are switched off (Settings → Features)" },
        404: { description: "Not one of this customer's bookings" },
        409: { description: "The service is not completed yet, it has a tip already, or no card is on file" },
      },
    }),
    async (c) => {
    const me = c.get("actor");
    await requireFeature(c.get("deps").database.db, "tips");
    const id = idParam(c, "Booking");
    const key = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER) ?? "");
    if (!key.success) throw badRequest(TIP_IDEMPOTENCY_KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: TIP_IDEMPOTENCY_KEY_MESSAGE }, "idempotency_key_required");
    const input = c.req.valid("json");
    const outcome = await addTip(c.get("deps"), me, id, key.data, input);
    if (outcome.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(outcome.body, outcome.status);
  })
  .get(
    "/receipts",
    route({ summary: "The customer's receipts, itemised", tags: ["Payments"], access: "signed-in", responses: { 200: receiptsResponseSchema } }),
    async (c) => {
    const me = c.get("actor");
    return c.json({ receipts: await listReceipts(c.get("deps").database.db, me.id) });
  })
  .get(
    "/bookings/:id/receipt.pdf",
    route({
      summary: "One receipt as a PDF",
      tags: ["Payments"],
      access: "signed-in",
      responses: { 200: { description: "The receipt", contentType: "application/pdf" }, 404: { description: "No receipt yet (the card has not been charged), or not this customer's booking" } },
    }),
    async (c) => {
    const me = c.get("actor");
    const found = await receiptPdfFor(c.get("deps"), idParam(c, "Booking"), me.id);
    if (!found) throw notFound("There is no receipt for this booking yet: it is issued once the card has been charged.");
    return c.body(new Uint8Array(found.pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="meridian-receipt-${found.receipt.reference}.pdf"`,
      "cache-control": "private, no-store",
    });
  });
