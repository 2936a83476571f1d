// Uploaded photos are checked from their bytes, turned upright, shrunk to at most 1600 px and re-encoded as
// JPEG: re-encoding drops every metadata block (EXIF location, camera serials), since sharp keeps none unless asked.
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE, PHOTO_WRONG_TYPE, sniffImageType } from "@meridian/shared/valet-ticket";
import { HttpError } from "../lib/errors";

export const PHOTO_MAX_EDGE = 1600;

export type CleanPhoto = { bytes: Uint8Array; width: number; height: number };

export async function cleanPhoto(input: Uint8Array): Promise<CleanPhoto> {
  if (input.byteLength > MAX_PHOTO_BYTES) throw new HttpError(413, "payload_too_large", PHOTO_TOO_LARGE);
  const type = sniffImageType(input);
  if (!type) throw new HttpError(415, "unsupported_media_type", PHOTO_WRONG_TYPE);
  try {
    // Loaded on the first photo: sharp and its native library are ~20 MB a server holds for nothing until then.
    const { default: sharp } = await import("sharp");
    const { data, info } = await sharp(input, { limitInputPixels: 60_000_000, failOn: "error" })
      .rotate()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch {
    const hint = type === "image/heic" ? " This HEIC photo could not be read: set the camera to 'Most Compatible' or send a JPEG." : "";
    throw new HttpError(415, "unsupported_media_type", `The photo could not be read.${hint}`);
  }
}
