// Multipart photo uploads: the "photo" parts (each with an optional "takenAt" part in the same order),
// limited in count and size before any image is decoded.
import type { Context } from "hono";
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_TICKET, PHOTO_TOO_LARGE, tooManyPhotos } from "@meridian/shared/valet-ticket";
import type { AppEnv } from "../lib/context";
import { badRequest, HttpError } from "../lib/errors";
import type { Upload } from "./photos.service";

/** The largest multipart body a photo route reads: six photos at the limit, plus the form's other fields. */
export const MAX_UPLOAD_BODY_BYTES = MAX_PHOTOS_PER_TICKET * MAX_PHOTO_BYTES + 256 * 1024;
/** Paths that take multipart photo uploads, the company logo included (app.ts gives them the larger body limit). */
export const UPLOAD_PATH_RE = /^\/api\/(valet\/tickets\/[^/]+\/(photos|incidents)|admin\/settings\/company\/logo)$/;

const list = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** A photo's time: the phone's when it is plausible (not in the future, within a day), else now. */
function takenAt(value: unknown, now: Date): Date {
  const t = typeof value === "string" ? new Date(value) : null;
  if (!t || Number.isNaN(t.getTime())) return now;
  const ms = t.getTime();
  return ms > now.getTime() + 5 * 60_000 || ms < now.getTime() - 24 * 3_600_000 ? now : t;
}

export async function readMultipart(c: Context<AppEnv>): Promise<{ uploads: Upload[]; fields: Record<string, string> }> {
  if (!c.req.header("content-type")?.startsWith("multipart/form-data")) {
    throw badRequest("Send the photos as multipart/form-data.", undefined, "unsupported_media_type");
  }
  let body: Record<string, unknown>;
  try {
    body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  } catch {
    throw badRequest("The upload could not be read.");
  }
  const files = list(body.photo);
  if (files.some((f) => !(f instanceof File))) throw badRequest("Each photo must be a file.", { photo: "Each photo must be a file." });
  if (files.length > MAX_PHOTOS_PER_TICKET) throw new HttpError(413, "too_many_photos", tooManyPhotos());
  if ((files as File[]).some((f) => f.size > MAX_PHOTO_BYTES)) throw new HttpError(413, "payload_too_large", PHOTO_TOO_LARGE);
  const times = list(body.takenAt);
  const now = new Date();
  const uploads: Upload[] = [];
  for (const [i, f] of (files as File[]).entries()) uploads.push({ bytes: new Uint8Array(await f.arrayBuffer()), takenAt: takenAt(times[i], now) });
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(body)) if (k !== "photo" && k !== "takenAt" && typeof v === "string") fields[k] = v;
  return { uploads, fields };
}
