// Car photos through the API, on both stores: files under DATA_DIR and an S3-compatible bucket (s3rver).
// Photos are resized and stripped of EXIF, limited in count/size/type (checked from the bytes), and only
// staff, admins and the ticket's own guest may fetch them.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { tickets } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { PHOTOS_CLOSED_MESSAGE } from "@meridian/shared/valet-ticket";

/** A JPEG like a phone's: large, with the camera and the GPS position in its EXIF. */
async function phoneJpeg(width = 3000, height = 2000) {
  return sharp({ create: { width, height, channels: 3, background: { r: 160, g: 30, b: 40 } } })
    .jpeg({ quality: 70 })
    .withExif({ IFD0: { Make: "LeakyCam", Model: "Spy 9000" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "34/1 3/1 1234/100", GPSLongitudeRef: "W", GPSLongitude: "118/1 14/1 3/1" } })
    .toBuffer();
}

function form(files: { bytes: Uint8Array; name?: string; type?: string }[], fields: Record<string, string> = {}, takenAt?: string[]) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  files.forEach((f, i) => {
    fd.append("photo", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name ?? `car-${i}.jpg`, { type: f.type ?? "image/jpeg" }));
    if (takenAt?.[i]) fd.append("takenAt", takenAt[i]!);
  });
  return fd;
}

function suite(name: string, setup: () => Promise<{ env: Record<string, string>; stored: () => Promise<string[]>; cleanup: () => Promise<void> }>) {
  describe(name, () => {
    let t: TestApp;
    let valet: { cookie: string };
    let ctx: Awaited<ReturnType<typeof setup>>;

    beforeAll(async () => {
      ctx = await setup();
      t = await createTestApp(ctx.env);
      valet = await t.userWithSession({ role: "valet" });
    });
    afterAll(async () => {
      await t?.close();
      await ctx?.cleanup();
    });

    const upload = (ticketId: string, fd: FormData, cookie = valet.cookie) =>
      t.app.request(`/api/valet/tickets/${ticketId}/photos`, { method: "POST", body: fd, headers: { cookie, origin: "http://localhost:3000" } });

    async function checkIn() {
      const res = await t.call("POST", "/api/valet/tickets", {
        cookie: valet.cookie,
        json: { guestPhone: "+13105550100", plate: "PHOTO1", make: "Audi", model: "A8", colour: "Grey", keyTag: "P-1", stand: "Main Entrance" },
      });
      return { id: res.body.ticket.id as string, token: (res.body.claimUrl as string).split("/t/")[1]! };
    }

    it("stores a photo resized and without EXIF, with the time it was taken, and serves it to staff and the ticket's guest only", async () => {
      const ticket = await checkIn();
      const original = await phoneJpeg();
      expect(Buffer.from(original).includes("LeakyCam")).toBe(true);
      const takenAt = new Date(Date.now() - 60_000).toISOString();
      const res = await upload(ticket.id, form([{ bytes: original }], {}, [takenAt]));
      expect(res.status).toBe(201);
      const { ticket: saved } = (await res.json()) as { ticket: { photos: { id: string; url: string; takenAt: string; width: number; height: number }[] } };
      expect(saved.photos).toHaveLength(1);
      const photo = saved.photos[0]!;
      expect(photo).toMatchObject({ width: 1600, height: 1067, takenAt });
      expect(await ctx.stored()).toEqual([expect.stringMatching(new RegExp(`^tickets/${ticket.id}/${photo.id}\\.jpg$`))]);

      const staff = await t.app.request(photo.url, { headers: { cookie: valet.cookie } });
      expect(staff.status).toBe(200);
      expect(staff.headers.get("content-type")).toBe("image/jpeg");
      const bytes = Buffer.from(await staff.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([1600, 1067, undefined]);
      expect(bytes.includes("LeakyCam")).toBe(false);

      const admin = await t.userWithSession({ role: "admin" });
      expect((await t.app.request(photo.url, { headers: { cookie: admin.cookie } })).status).toBe(200);
      const customer = await t.userWithSession();
      expect((await t.app.request(photo.url, { headers: { cookie: customer.cookie } })).status).toBe(403);
      expect((await t.app.request(photo.url)).status).toBe(401);

      // The guest sees their own car's photos through their link, and no other's.
      const claim = await t.call("GET", `/api/claim/${ticket.token}`);
      const guestUrl = claim.body.claim.photos[0].url as string;
      expect(guestUrl).toBe(`/api/claim/${ticket.token}/photos/${photo.id}`);
      expect((await t.app.request(guestUrl)).status).toBe(200);
      const other = await checkIn();
      expect((await t.app.request(`/api/claim/${other.token}/photos/${photo.id}`)).status).toBe(404);
    });

    it("refuses what is not an image from its bytes (415), photos over 10 MB and a seventh photo (413)", async () => {
      const ticket = await checkIn();
      const fake = await upload(ticket.id, form([{ bytes: new TextEncoder().encode("<?php echo 'hi'; ?>"), name: "car.jpg", type: "image/jpeg" }]));
      expect(fake.status).toBe(415);
      expect(((await fake.json()) as { error: { message: string } }).error.message).toBe("Photos must be JPEG, PNG, WebP or HEIC images.");
      const corrupt = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6]);
      expect((await upload(ticket.id, form([{ bytes: corrupt }]))).status).toBe(415);

      const big = new Uint8Array(10 * 1024 * 1024 + 1);
      big.set([0xff, 0xd8, 0xff]);
      const tooBig = await upload(ticket.id, form([{ bytes: big }]));
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe("Each photo must be 10 MB or smaller.");

      const small = await phoneJpeg(64, 48);
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#123456" } }).png().toBuffer();
      const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#654321" } }).webp().toBuffer();
      // A PNG named .jpg and a WebP named .txt are taken for what they are.
      const ok = await upload(ticket.id, form([{ bytes: small }, { bytes: png, name: "x.jpg" }, { bytes: webp, name: "x.txt", type: "text/plain" }, { bytes: small }, { bytes: small }]));
      expect(ok.status).toBe(201);
      const sixth = await upload(ticket.id, form([{ bytes: small }]));
      expect(sixth.status).toBe(201);
      const seventh = await upload(ticket.id, form([{ bytes: small }]));
      expect(seventh.status).toBe(413);
      expect(((await seventh.json()) as { error: { message: string } }).error.message).toBe("At most 6 photos per ticket.");
      const detail = await t.call("GET", `/api/valet/tickets/${ticket.id}`, { cookie: valet.cookie });
      expect(detail.body.ticket.photos).toHaveLength(6);
    });

    it("refuses car photos on a delivered or cancelled ticket (409)", async () => {
      const small = await phoneJpeg(64, 48);
      const move = (id: string, status: string) => t.call("PATCH", `/api/valet/tickets/${id}`, { cookie: valet.cookie, json: { status } });
      const delivered = await checkIn();
      for (const status of ["parked", "requested", "retrieving", "ready", "delivered"]) expect((await move(delivered.id, status)).status, status).toBe(200);
      const cancelled = await checkIn();
      expect((await move(cancelled.id, "cancelled")).status).toBe(200);
      for (const id of [delivered.id, cancelled.id]) {
        const res = await upload(id, form([{ bytes: small }]));
        expect(res.status).toBe(409);
        expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual(expect.objectContaining({ code: "ticket_closed", message: PHOTOS_CLOSED_MESSAGE }));
        expect((await t.call("GET", `/api/valet/tickets/${id}`, { cookie: valet.cookie })).body.ticket.photos).toEqual([]);
      }
    });

    /** Runs `during` once, right after the first photo of the next upload is stored (before it is recorded). */
    function whileStoring(during: () => Promise<void>) {
      const store = t.deps.photos;
      const put = store.put;
      store.put = async (...args) => {
        await put.apply(store, args);
        store.put = put;
        await during();
      };
      return () => (store.put = put);
    }

    it("deletes the stored photos of an upload refused after they were written (the ticket closed, the last places taken)", async () => {
      const small = await phoneJpeg(64, 48);
      await ctx.stored();
      // Delivered while the attendant's photos were being stored: 409, and no file of them is kept.
      const closing = await checkIn();
      const restore = whileStoring(async () => {
        await t.db.update(tickets).set({ valetStatus: "delivered" }).where(eq(tickets.id, closing.id));
      });
      try {
        const res = await upload(closing.id, form([{ bytes: small }, { bytes: small }]));
        expect(res.status).toBe(409);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("ticket_closed");
      } finally {
        restore();
      }
      expect(await ctx.stored()).toEqual([]);

      // Another attendant's five photos recorded while these two were being stored: 413, only the five are kept.
      const full = await checkIn();
      let five: Response | undefined;
      const restore2 = whileStoring(async () => {
        five = await upload(full.id, form([{ bytes: small }, { bytes: small }, { bytes: small }, { bytes: small }, { bytes: small }]));
      });
      let two: Response;
      try {
        two = await upload(full.id, form([{ bytes: small }, { bytes: small }]));
      } finally {
        restore2();
      }
      expect([two.status, five?.status]).toEqual([413, 201]);
      const kept = (await t.call("GET", `/api/valet/tickets/${full.id}`, { cookie: valet.cookie })).body.ticket.photos as { id: string }[];
      expect(kept).toHaveLength(5);
      expect((await ctx.stored()).sort()).toEqual(kept.map((p) => `tickets/${full.id}/${p.id}.jpg`).sort());

      // Damage photos: the disk fills up at the second one (503): the incident is not kept, nor is the first photo.
      const damaged = await checkIn();
      const store = t.deps.photos;
      const put = store.put;
      let puts = 0;
      store.put = async (...args) => {
        if (++puts === 2) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        await put.apply(store, args);
      };
      try {
        const res = await t.app.request(`/api/valet/tickets/${damaged.id}/incidents`, {
          method: "POST",
          body: form([{ bytes: small }, { bytes: small }], { type: "Scratch", notes: "Driver's door." }),
          headers: { cookie: valet.cookie, origin: "http://localhost:3000" },
        });
        expect(res.status).toBe(503);
      } finally {
        store.put = put;
      }
      expect(puts).toBe(2);
      const admin = await t.userWithSession({ role: "admin" });
      expect((await t.call("GET", `/api/admin/tickets/${damaged.id}/valet`, { cookie: admin.cookie })).body.incidents).toEqual([]);
      expect(await ctx.stored()).toEqual([]);
    });

    it("records damage at delivery as an incident with photos, listed for the admin", async () => {
      const ticket = await checkIn();
      const fd = form([{ bytes: await phoneJpeg(800, 600) }], { type: "Scratch", notes: "Rear bumper, 10 cm, found at delivery." });
      const res = await t.app.request(`/api/valet/tickets/${ticket.id}/incidents`, { method: "POST", body: fd, headers: { cookie: valet.cookie, origin: "http://localhost:3000" } });
      expect(res.status).toBe(201);
      const { incident } = (await res.json()) as { incident: { id: string; type: string; photos: unknown[]; reportedBy: string } };
      expect(incident).toMatchObject({ type: "Scratch", reportedBy: "Test Customer", photos: [expect.objectContaining({ width: 800 })] });
      const bad = await t.app.request(`/api/valet/tickets/${ticket.id}/incidents`, {
        method: "POST",
        body: form([], { type: "Explosion" }),
        headers: { cookie: valet.cookie, origin: "http://localhost:3000" },
      });
      expect(bad.status).toBe(400);
      const admin = await t.userWithSession({ role: "admin" });
      const list = await t.call("GET", "/api/admin/incidents", { cookie: admin.cookie });
      expect(list.body.incidents.map((i: { id: string }) => i.id)).toContain(incident.id);
      const detail = await t.call("GET", `/api/admin/tickets/${ticket.id}/valet`, { cookie: admin.cookie });
      expect(detail.body.incidents[0]).toMatchObject({ id: incident.id, notes: "Rear bumper, 10 cm, found at delivery." });
      expect(detail.body.ticket.photos).toEqual([]); // incident photos are not check-in photos
    });
  });
}

suite("photo store: files under DATA_DIR", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "valet-photos-"));
  const root = path.join(dir, "photos");
  const walk = (d: string): string[] =>
    fs.existsSync(d) ? fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.relative(root, path.join(d, e.name))])) : [];
  let seen = new Set<string>();
  return {
    env: { DATA_DIR: dir },
    // Only the files added since the last look (each test checks its own uploads).
    stored: async () => {
      const now = walk(root);
      const added = now.filter((f) => !seen.has(f));
      seen = new Set(now);
      return added;
    },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

suite("photo store: S3-compatible (s3rver)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "valet-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir, configureBuckets: [{ name: "car-photos", configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  let seen = new Set<string>();
  return {
    env: { DATA_DIR: dir, S3_URL: `http://S3RVER:S3RVER@127.0.0.1:${port}/car-photos` },
    stored: async () => {
      const out = await client.send(new ListObjectsV2Command({ Bucket: "car-photos" }));
      const now = (out.Contents ?? []).map((o) => o.Key!);
      const added = now.filter((k) => !seen.has(k));
      seen = new Set(now);
      return added;
    },
    cleanup: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
});
