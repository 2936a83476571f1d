// /api/claim/:token: the guest's public claim ticket (no sign-in; the unguessable token is the key).
import { Hono, type Context } from "hono";
import { uuidParamSchema } from "@meridian/shared/admin";
import { CLAIM_UPDATE_EVENT } from "@meridian/shared/valet-ticket";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { claimView, limitClaimAttempts, resolveClaim } from "./claim.service";
import { readPhoto } from "./photos.service";
import { busStream } from "../realtime/bus-stream";
import { changeStatus } from "./tickets.service";

async function claim(c: Context<AppEnv>) {
  const token = c.req.param("token") ?? "";
  const db = c.get("deps").database.db;
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return { token, db, deps: c.get("deps"), ticketId: await resolveClaim(db, token) };
}

export const claimRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    const { token, db, ticketId } = await claim(c);
    return c.json({ claim: await claimView(db, token, ticketId) });
  })
  .get("/:token/events", async (c) => {
    const { token, db, ticketId } = await claim(c);
    return busStream(
      c,
      (e) => (e.type === "valet.ticket" && e.ticketId === ticketId ? { event: CLAIM_UPDATE_EVENT, data: e.claim } : null),
      () => resolveClaim(db, token).then(() => true),
    );
  })
  .post("/:token/request", async (c) => {
    const { token, db, deps, ticketId } = await claim(c);
    await limitClaimAttempts(db, ticketId);
    await changeStatus(deps, { kind: "guest" }, ticketId, "requested");
    return c.json({ claim: await claimView(db, token, ticketId) });
  })
  .delete("/:token/request", async (c) => {
    const { token, db, deps, ticketId } = await claim(c);
    await limitClaimAttempts(db, ticketId);
    await changeStatus(deps, { kind: "guest" }, ticketId, "parked");
    return c.json({ claim: await claimView(db, token, ticketId) });
  })
  .get("/:token/photos/:id", async (c) => {
    const { db, deps, ticketId } = await claim(c);
    const id = c.req.param("id");
    if (!uuidParamSchema.safeParse(id).success) throw notFound("Photo not found.");
    const bytes = await readPhoto(deps, db, id, ticketId);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "content-type": "image/jpeg", "cache-control": "private, no-store" });
  });
