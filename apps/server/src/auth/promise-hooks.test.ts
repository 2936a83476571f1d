// better-auth keeps its request context in AsyncLocalStorage, which on Node 20 turns the promise hooks on for every
// promise of the process. Its storages are ours (lib/idle-off-storage.ts): once sign-ins stop for a quiet moment,
// the requests that never reach better-auth run without the hooks, and the next sign-in works as before.
import { afterAll, beforeAll, expect, it } from "vitest";
import { IdleOffStorage, STORAGE_IDLE_MS } from "../lib/idle-off-storage";
import { createTestApp, type TestApp } from "../test/harness";
import { cookieFrom, linkIn, outboxFor, promiseHooksOffWithin, reactionId } from "../test/helpers";
import { AUTH_CONTEXT_STORAGES, authContextStorages } from "./auth";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("lets the promise hooks go between sign-ins; signed-in requests and the next sign-in still work", { timeout: 30_000 }, async () => {
  const email = `hooks-${Date.now().toString(36)}@example.com`;
  const password = "velvet-rope-9";
  expect((await t.call("POST", "/api/auth/sign-up/email", { json: { name: "Grace Kelly", email, password } })).status).toBe(200);
  const [mail] = await outboxFor(t.db, email);
  expect((await t.app.request(linkIn(mail!).path)).status).toBe(302);
  const signIn = () => t.call("POST", "/api/auth/sign-in/email", { json: { email, password } });
  const first = await signIn();
  expect(first.status).toBe(200);

  // better-auth ran its request in our storages, and they hold the hooks on for now.
  const storages = authContextStorages();
  for (const name of AUTH_CONTEXT_STORAGES) expect(storages[name], name).toBeInstanceOf(IdleOffStorage);
  expect(AUTH_CONTEXT_STORAGES.some((name) => (storages[name] as IdleOffStorage<unknown>).on)).toBe(true);
  expect(await reactionId()).not.toBe(0);

  await promiseHooksOffWithin(STORAGE_IDLE_MS + 5_000);
  // A signed-in request that never reaches better-auth works, and leaves the hooks off.
  const cookie = cookieFrom(first.headers);
  const me = await t.call("GET", "/api/me/profile", { cookie });
  expect(me.status).toBe(200);
  expect(me.body.email).toBe(email);
  expect(await reactionId()).toBe(0);

  // The next sign-in and sign-out go through better-auth's context as before.
  const second = await signIn();
  expect(second.status).toBe(200);
  expect((await t.call("POST", "/api/auth/sign-out", { cookie: cookieFrom(second.headers), json: {} })).status).toBe(200);
  expect((await t.call("GET", "/api/me/profile", { cookie: cookieFrom(second.headers) })).status).toBe(401);
  expect((await t.call("GET", "/api/me/profile", { cookie })).status).toBe(200);
});
