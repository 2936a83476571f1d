// A real SMTP server on an ephemeral port for the mail tests (smtp-server), and a small reader of the raw
// messages it receives: headers, the text/plain part, and an attachment by file name.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Received = { from: string; to: string[]; raw: string };
export type TestSmtp = { port: number; url: string; received: Received[]; waitFor: (to: string, subject?: string, timeoutMs?: number) => Promise<Received>; close: () => Promise<void> };

/** A local SMTP server; `refuse()` returning an SMTP error (with responseCode) makes it reject recipients. */
export async function startSmtp(opts: { port?: number; refuse?: () => (Error & { responseCode?: number }) | null; delayMs?: number } = {}): Promise<TestSmtp> {
  const got: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const err = opts.refuse?.();
      if (err) callback(err);
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        setTimeout(() => {
          got.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        }, opts.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", resolve);
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received: got,
    async waitFor(to, subject, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const hit = got.find((m) => m.to.includes(to) && (!subject || parseMail(m.raw).header("Subject") === subject));
        if (hit) return hit;
        if (Date.now() > until) throw new Error(`No e-mail to ${to}${subject ? ` "${subject}"` : ""} reached the SMTP server`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding === "quoted-printable") {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** Header value, the decoded text/plain part, and the decoded attachment called `filename` of a raw RFC 822 message. */
export function parseMail(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const header = (name: string) => unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim();
  const body = rest.join("\n\n");
  // The text/plain part (nodemailer sends multipart/alternative when there is HTML).
  const part = body.match(/Content-Type: text\/plain[^\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([\s\S]*?)(?:\r?\n--)/i);
  const encoding = body.match(/Content-Type: text\/plain[\s\S]*?Content-Transfer-Encoding: (\S+)/i)?.[1]?.toLowerCase();
  const text = decode(part?.[1] ?? body, encoding);
  const attachment = (filename: string): string | undefined => {
    const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
    const found = parts.find((p) => new RegExp(`filename="?${filename.replace(/\./g, "\\.")}"?`, "i").test(p.replace(/\r?\n[ \t]+/g, " ")));
    if (!found) return undefined;
    const [partHead = "", ...partBody] = found.split(/\r?\n\r?\n/);
    const enc = partHead.match(/Content-Transfer-Encoding: (\S+)/i)?.[1]?.toLowerCase();
    return decode(partBody.join("\n\n").replace(/\r?\n--[^\r\n]*--\s*$/, ""), enc);
  };
  return { header, text, attachment };
}
