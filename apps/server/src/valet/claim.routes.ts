// /api/claim/:token: the guest's public claim ticket (no sign-in; the unguessable token is the key).
import { Hono, type Context } from "hono";
import { CLAIM_UPDATE_EVENT } from "@meridian/shared/valet-ticket";
import type { AppEnv } from "../lib/context";
import { claimResponseSchema } from "@meridian/shared/valet/answers";
import { LAST_EVENT_ID, route, type Parameter, type ResponseSpec } from "../lib/openapi";
import { claimView, limitClaimAttempts, resolveClaim } from "./claim.service";
import { readPhoto } from "./photos.service";
import { busStream, SESSION_BACKSTOP_HEARTBEATS } from "../realtime/bus-stream";
import { takeClaimStreamSlot, tooManyStreams } from "../realtime/stream-limits";
import { changeStatus } from "./tickets.service";
import { idParam } from "../lib/validate";

async function claim(c: Context<AppEnv>) {
  const token = c.req.param("token") ?? "";
  const db = c.get("deps").database.db;
  c.header("cache-control", "no-store");
  c.header("referrer-policy", "no-referrer");
  return { token, db, deps: c.get("deps"), ticketId: await resolveClaim(db, token) };
}

const tags = ["Valet: claim"];
const token: Parameter[] = [{ in: "path", name: "token", required: true, description: "The claim link's unguessable token (the guest's key: no sign-in)", schema: { type: "string" } }];
const claimAnswer = claimResponseSchema;
const noClaim = { description: "No such claim ticket (or it has closed)" };
const claimRoute = (summary: string, responses: Record<number, ResponseSpec>, description?: string, parameters: Parameter[] = token) =>
  route({ summary, description, tags, access: "public", parameters, responses: { 404: noClaim, ...responses } });
const tooMany = { description: "Too many attempts on this ticket: try again shortly" };

export const claimRoutes = new Hono<AppEnv>()
  .get("/:token", claimRoute("A claim ticket as its guest sees it", { 200: claimAnswer }), async (c) => {
    const { token, db, ticketId } = await claim(c);
    return c.json({ claim: await claimView(db, token, ticketId) });
  })
  .get("/:token/events", claimRoute("The claim ticket's live updates", { 200: { description: "An event stream of claim.update events", contentType: "text/event-stream" }, 429: { description: "Too many pages of this ticket are open: try again shortly" } }, undefined, [...token, LAST_EVENT_ID]), async (c) => {
    const { token, db, deps, ticketId } = await claim(c);
    const release = takeClaimStreamSlot(deps, ticketId);
    if (!release) return tooManyStreams(c);
    // The link closes only a day after the car was delivered or the ticket cancelled: checking it again every
    // few minutes (not every heartbeat: 10,000 open pages made ~670 queries a second) ends such a stream in time.
    return busStream(
      c,
      (e) => (e.type === "valet.ticket" && e.ticketId === ticketId ? { event: CLAIM_UPDATE_EVENT, data: e.claim } : null),
      () => resolveClaim(db, token).then(() => true),
      release,
      SESSION_BACKSTOP_HEARTBEATS,
      ticketId,
    );
  })
  .post("/:token/request", claimRoute("Ask for the car to be brought", { 200: claimAnswer, 409: { description: "The car cannot be requested now" }, 429: tooMany }), async (c) => {
    const { token, db, deps, ticketId } = await claim(c);
    await limitClaimAttempts(db, ticketId);
    await changeStatus(deps, { kind: "guest" }, ticketId, "requested");
    return c.json({ claim: await claimView(db, token, ticketId) });
  })
  .delete("/:token/request", claimRoute("Take back the request (the car stays parked)", { 200: claimAnswer, 409: { description: "The request can no longer be taken back" }, 429: tooMany }), async (c) => {
    const { token, db, deps, ticketId } = await claim(c);
    await limitClaimAttempts(db, ticketId);
    await changeStatus(deps, { kind: "guest" }, ticketId, "parked");
    return c.json({ claim: await claimView(db, token, ticketId) });
  })
  .get(
    "/:token/photos/:id",
    claimRoute("A photo of the guest's car (JPEG)", { 200: { description: "The photo", contentType: "image/jpeg" } }, undefined, [
      ...token,
      { in: "path", name: "id", required: true, description: "The photo's id", schema: { type: "string", format: "uuid" } },
    ]),
    async (c) => {
      const { db, deps, ticketId } = await claim(c);
      const id = idParam(c, "Photo");
      const bytes = await readPhoto(deps, db, id, ticketId);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "content-type": "image/jpeg", "cache-control": "private, no-store" });
    },
  );
