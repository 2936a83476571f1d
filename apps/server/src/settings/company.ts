// The company's logo (Settings → Company): uploaded by an admin, checked from its bytes, shrunk to fit 600 x 200
// and re-encoded as PNG (transparency kept, every metadata block dropped), stored in the photo store as car photos
// are, and recorded in the company settings (audited). Shown on the site, in every e-mail and on the receipt PDF.
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE, sniffImageType } from "@meridian/shared/valet-ticket";
import type { CompanySettings } from "@meridian/shared/settings";
import type { AuditActor } from "../lib/audit";
import type { Tx } from "../db/client";
import type { Deps } from "../lib/context";
import { HttpError } from "../lib/errors";
import { getSettings, updateSettings } from "./store";

export const LOGO_WRONG_TYPE = "The logo must be a PNG, JPEG or WebP image.";

async function cleanLogo(input: Uint8Array): Promise<Uint8Array> {
  if (input.byteLength > MAX_PHOTO_BYTES) throw new HttpError(413, "payload_too_large", PHOTO_TOO_LARGE);
  const type = sniffImageType(input);
  if (!type || type === "image/heic") throw new HttpError(415, "unsupported_media_type", LOGO_WRONG_TYPE);
  try {
    const { default: sharp } = await import("sharp");
    const out = await sharp(input, { limitInputPixels: 40_000_000, failOn: "error" }).resize({ width: 600, height: 200, fit: "inside", withoutEnlargement: true }).png().toBuffer();
    return new Uint8Array(out);
  } catch {
    throw new HttpError(415, "unsupported_media_type", `The image could not be read. ${LOGO_WRONG_TYPE}`);
  }
}

export async function uploadLogo(deps: Deps, actor: AuditActor, bytes: Uint8Array): Promise<CompanySettings> {
  const png = await cleanLogo(bytes);
  const key = `company/logo-${crypto.randomUUID()}.png`;
  await deps.photos.put(key, png, "image/png");
  try {
    const company = await getSettings(deps.database.db, "company");
    return await updateSettings(deps, actor, "company", { ...company, logoKey: key });
  } catch (err) {
    await deps.photos.delete(key).catch(() => undefined); // not recorded: no logo file is kept that no setting names
    throw err;
  }
}

export async function removeLogo(deps: Deps, actor: AuditActor): Promise<CompanySettings> {
  const company = await getSettings(deps.database.db, "company");
  return updateSettings(deps, actor, "company", { ...company, logoKey: null });
}

const logoCache = new Map<string, Promise<Uint8Array | null>>();
/** The current logo's PNG bytes, or null when there is none (kept in memory by key: a new logo gets a new key). */
export async function currentLogo(deps: Pick<Deps, "database" | "photos">, tx?: Tx): Promise<Uint8Array | null> {
  const { logoKey } = await getSettings(deps.database.db, "company", tx);
  if (!logoKey) return null;
  let bytes = logoCache.get(logoKey);
  if (!bytes) {
    bytes = deps.photos.get(logoKey).catch(() => null);
    logoCache.set(logoKey, bytes);
    void bytes.then((b) => (b ? undefined : logoCache.delete(logoKey)));
  }
  return bytes;
}

/** What the receipt PDF prints of the company: its names, contact and logo. */
export type ReceiptBrand = { company: CompanySettings; logo: Uint8Array | null };
/** `tx`: inside a transaction (the receipt job's), read through it. */
export async function receiptBrand(deps: Pick<Deps, "database" | "photos">, tx?: Tx): Promise<ReceiptBrand> {
  return { company: await getSettings(deps.database.db, "company", tx), logo: await currentLogo(deps, tx) };
}
