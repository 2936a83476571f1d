// The customer's money after a service, under /api/me: add a tip (POST /bookings/:id/tip, Idempotency-Key
// header as for bookings), the receipts (GET /receipts) and one receipt as a PDF (GET /bookings/:id/receipt.pdf).
// Every route answers only the signed-in customer's own bookings (another's is a 404, as if it did not exist).
import { Hono } from "hono";
import { uuidParamSchema } from "@meridian/shared/admin";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "@meridian/shared/booking";
import { TIP_IDEMPOTENCY_KEY_MESSAGE, tipInputSchema } from "@meridian/shared/tips";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { badRequest, notFound } from "../lib/errors";
import { parseBody } from "../lib/validate";
import { listReceipts, receiptPdfFor } from "./receipts";
import { addTip } from "./tips.service";

function bookingId(id: string | undefined): string {
  if (!uuidParamSchema.safeParse(id ?? "").success) throw notFound("Booking not found.");
  return id!;
}

export const meMoneyRoutes = new Hono<AppEnv>()
  .post("/bookings/:id/tip", async (c) => {
    const me = await requireUser(c);
    const id = bookingId(c.req.param("id"));
    const key = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER) ?? "");
    if (!key.success) throw badRequest(TIP_IDEMPOTENCY_KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: TIP_IDEMPOTENCY_KEY_MESSAGE }, "idempotency_key_required");
    const input = await parseBody(c, tipInputSchema);
    const outcome = await addTip(c.get("deps"), me, id, key.data, input);
    if (outcome.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(outcome.body, outcome.status);
  })
  .get("/receipts", async (c) => {
    const me = await requireUser(c);
    return c.json({ receipts: await listReceipts(c.get("deps").database.db, me.id) });
  })
  .get("/bookings/:id/receipt.pdf", async (c) => {
    const me = await requireUser(c);
    const found = await receiptPdfFor(c.get("deps").database.db, bookingId(c.req.param("id")), me.id);
    if (!found) throw notFound("There is no receipt for this booking yet: it is issued once the card has been charged.");
    return c.body(new Uint8Array(found.pdf), 200, {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="meridian-receipt-${found.receipt.reference}.pdf"`,
      "cache-control": "private, no-store",
    });
  });
