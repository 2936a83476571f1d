// Where car photos' bytes live: files under DATA_DIR/photos by default, or an S3-compatible bucket
// (S3_URL = http(s)://ACCESS_KEY:SECRET@host[:port]/bucket, path-style, so MinIO, R2, s3rver and AWS all work).
import fs from "node:fs/promises";
import path from "node:path";

export type PhotoStore = {
  kind: "files" | "s3";
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such photo. */
  get(key: string): Promise<Uint8Array | null>;
  /** Deletes a photo (none under that key: nothing to do). */
  delete(key: string): Promise<void>;
};

const KEY_RE = /^[a-z0-9][a-z0-9/-]{0,200}\.(jpg|png)$/; // photos are JPEG, the company logo PNG
function checkKey(key: string) {
  if (!KEY_RE.test(key) || key.includes("..")) throw new Error(`bad photo key ${key}`);
}

export function createFilePhotoStore(dir: string): PhotoStore {
  const root = path.resolve(dir);
  return {
    kind: "files",
    async put(key, bytes) {
      checkKey(key);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        await fs.writeFile(tmp, bytes);
        await fs.rename(tmp, file); // never a half-written photo under its real name
      } catch (err) {
        await fs.rm(tmp, { force: true }); // nor a half-written one left behind (a full disk)
        throw err;
      }
    },
    async get(key) {
      checkKey(key);
      try {
        return new Uint8Array(await fs.readFile(path.join(root, key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async delete(key) {
      checkKey(key);
      await fs.rm(path.join(root, key), { force: true });
    },
  };
}

export function createS3PhotoStore(s3Url: string, region: string): PhotoStore {
  const url = new URL(s3Url);
  const bucket = url.pathname.replace(/^\/|\/$/g, "");
  // The SDK is loaded on first use, so the embedded default never pays for it.
  let sdk: Promise<{ s3: typeof import("@aws-sdk/client-s3"); client: import("@aws-sdk/client-s3").S3Client }> | undefined;
  const load = () =>
    (sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        endpoint: `${url.protocol}//${url.host}`,
        region,
        forcePathStyle: true,
        credentials: { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) },
      }),
    })));
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      checkKey(key);
      const { s3, client } = await load();
      await client.send(new s3.PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    async get(key) {
      checkKey(key);
      const { s3, client } = await load();
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key }));
        return out.Body ? await out.Body.transformToByteArray() : null;
      } catch (err) {
        if ((err as { name?: string }).name === "NoSuchKey") return null;
        throw err;
      }
    },
    async delete(key) {
      checkKey(key);
      const { s3, client } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

export function createPhotoStore(env: { S3_URL?: string; S3_REGION: string; DATA_DIR: string }): PhotoStore {
  return env.S3_URL ? createS3PhotoStore(env.S3_URL, env.S3_REGION) : createFilePhotoStore(path.join(env.DATA_DIR, "photos"));
}
