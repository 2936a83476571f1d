// A name a user typed is never a link in an e-mail and never runs on (issue 21): sign up with a name made of
// links and check the verification e-mail, as its reader's mail client would read it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { MAX_NAME_IN_EMAIL } from "./templates";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("user-supplied names in e-mails", () => {
  it("a name holding addresses is not a link in the text or the HTML, and a long name is shortened", async () => {
    const email = `linky.${Date.now()}@example.com`;
    const name = "Win at evil.example/prize http://evil.example and more words to make this name long";
    const res = await t.call("POST", "/api/auth/sign-up/email", { json: { name, email, password: "a-good-password-1" } });
    expect(res.status).toBe(200);
    await t.deps.mailer.drain();
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mail).toBeTruthy();
    for (const body of [mail!.text, mail!.html ?? ""]) {
      expect(body).not.toContain("evil.example");
      expect(body).not.toContain("http://evil");
    }
    expect((mail!.html ?? "").match(/<a /g)?.length).toBe(2); // the verification button and its plain link, nothing else
    const greeting = mail!.text.split("\n")[0]!;
    expect(greeting.replace(/\u200b/g, "").length).toBeLessThanOrEqual("Welcome to Meridian, .".length + MAX_NAME_IN_EMAIL);
    expect(greeting).toContain("…");
  });
});
