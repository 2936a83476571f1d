// The dev mailbox: a new user reads the verification e-mail in the browser with no setup. Pages
// render the outbox, escape whatever the e-mail contains, and the JSON list filters by recipient.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "../db/schema";
import { linkIn, outboxFor } from "../test/helpers";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let evilId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db
    .insert(outboxEmails)
    .values({
      to: "mallory@example.com",
      subject: `<script>alert("subject")</script> & "quotes"`,
      text: `Hello <b>there</b>\n\nClick https://example.com/x?a=1&b="><script>alert(1)</script> now`,
      html: `<p onclick="alert('x')">Hi</p><script>alert("html")</script>"></iframe><script>alert("escape")</script>`,
    })
    .returning();
  evilId = row!.id;
});
afterAll(() => t.close());

async function page(path: string) {
  const res = await t.app.request(path);
  return { status: res.status, type: res.headers.get("content-type") ?? "", html: await res.text() };
}

describe("dev mailbox pages", () => {
  it("lists the e-mail newest first with recipient, subject and a link to each", async () => {
    await t.call("POST", "/api/auth/sign-up/email", { json: { name: "Ingrid Bergman", email: "ingrid@example.com", password: "casablanca-42" } });
    const res = await page("/dev/mailbox");
    expect(res.status).toBe(200);
    expect(res.type).toContain("text/html");
    expect(res.html).toContain("<h1>Dev mailbox</h1>");
    const [verify] = await outboxFor(t.db, "ingrid@example.com");
    expect(res.html).toContain(`<a href="/dev/mailbox/${verify!.id}">Verify your Meridian account</a>`);
    expect(res.html).toContain("<td>ingrid@example.com</td>");
    // Newest first: the sign-up mail comes before the one inserted in beforeAll.
    expect(res.html.indexOf(`/dev/mailbox/${verify!.id}"`)).toBeLessThan(res.html.indexOf(`/dev/mailbox/${evilId}"`));
  });

  it("escapes subjects and recipients in the list", async () => {
    const { html } = await page("/dev/mailbox");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;");
  });

  it("shows one e-mail with its links, and the HTML body only inside a sandboxed frame without scripts", async () => {
    const res = await page(`/dev/mailbox/${evilId}`);
    expect(res.status).toBe(200);
    expect(res.html).not.toContain("<script>");
    expect(res.html).not.toMatch(/<p onclick/);
    expect(res.html).toContain("<h1>&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;</h1>");
    expect(res.html).toContain("To mallory@example.com");
    const frame = res.html.match(/<iframe sandbox="([^"]*)" srcdoc="([^"]*)"><\/iframe>/);
    expect(frame).not.toBeNull();
    expect(frame![1]).not.toContain("allow-scripts");
    expect(frame![1]).not.toContain("allow-same-origin");
    expect(frame![2]).toContain("&lt;p onclick=&quot;alert('x')&quot;&gt;Hi&lt;/p&gt;");
    // The plain text with its link, escaped.
    expect(res.html).toContain("Hello &lt;b&gt;there&lt;/b&gt;");
    expect(res.html).toContain(`<li><a href="https://example.com/x?a=1&amp;b=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">`);
  });

  it("the verification e-mail page offers a link that verifies the account", async () => {
    const [verify] = await outboxFor(t.db, "ingrid@example.com");
    const res = await page(`/dev/mailbox/${verify!.id}`);
    const href = res.html.match(/<li><a href="([^"]+)">/)?.[1]?.replaceAll("&amp;", "&");
    expect(href).toBe(linkIn(verify!).url.toString());
    const url = new URL(href!);
    expect((await t.app.request(url.pathname + url.search)).status).toBe(302);
    expect((await t.call("POST", "/api/auth/sign-in/email", { json: { email: "ingrid@example.com", password: "casablanca-42" } })).status).toBe(200);
  });

  it("answers 404 for an e-mail that does not exist and 400 for a bad id", async () => {
    expect((await page("/dev/mailbox/999999")).status).toBe(404);
    for (const id of ["abc", "0", "1.5", "99999999999", "1e400"]) {
      const bad = await t.call("GET", `/dev/mailbox/${id}`);
      expect(bad.status, id).toBe(400);
      expect(bad.body.error.code, id).toBe("validation_error");
    }
  });
});

describe("GET /api/dev/mailbox", () => {
  it("lists e-mail as JSON, filtered by recipient (any case), newest first", async () => {
    for (const i of [1, 2]) await t.db.insert(outboxEmails).values({ to: "filter@example.com", subject: `Number ${i}`, text: `Body ${i}` });
    const res = await t.call("GET", "/api/dev/mailbox?to=FILTER@example.com");
    expect(res.status).toBe(200);
    expect(res.body.emails.map((m: { subject: string }) => m.subject)).toEqual(["Number 2", "Number 1"]);
    expect(res.body.emails.every((m: { to: string }) => m.to === "filter@example.com")).toBe(true);

    const all = await t.call("GET", "/api/dev/mailbox");
    expect(all.body.emails.length).toBeGreaterThanOrEqual(4);
    expect((await t.call("GET", "/api/dev/mailbox?to=nobody@example.com")).body.emails).toEqual([]);
    expect((await t.call("GET", "/api/dev/mailbox?limit=1")).body.emails).toHaveLength(1);
  });

  it("refuses a bad limit with 400", async () => {
    for (const q of ["limit=0", "limit=abc", "limit=100000"]) {
      const res = await t.call("GET", `/api/dev/mailbox?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
    }
  });

  describe("when the mailbox is off", () => {
    let off: TestApp;
    beforeAll(async () => {
      off = await createTestApp({}, { mailbox: false });
    });
    afterAll(() => off.close());
    it("is not there", async () => {
      expect((await off.call("GET", "/api/dev/mailbox")).status).toBe(404);
      expect((await off.app.request("/dev/mailbox")).status).toBe(404);
      expect((await off.app.request("/dev/mailbox/1")).status).toBe(404);
    });
  });
});
