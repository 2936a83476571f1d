// Text messages (the guest's claim link). With SMS_PROVIDER=twilio they go through Twilio's official
// client; otherwise into the embedded outbox, readable in the dev mailbox beside e-mail.
import type { RequestClient as TwilioRequestClient } from "twilio";
import type { Db, Tx } from "../db/client";
import { outboxSms } from "../db/schema";
import type { Env } from "../env";
import type { Logger } from "../lib/logger";
import { getSettings } from "../settings/store";
import { applySmsWording, smsEnabled } from "../mail/message-settings";

/** Which of the product's texts this is (Settings → Email/SMS), its placeholders' values and how its body starts. */
export type SmsMessage = { kind: string; vars: Record<string, string>; intro: string };
export type SmsSendOptions = {
  tx?: Tx;
  message?: SmsMessage;
  /** "Send me a test": sent even while its message is switched off, with wording not saved yet. */
  test?: { intro?: string };
};

export type SmsSender = {
  kind: "outbox" | "twilio";
  /**
   * Sends (or stores) one message to an E.164 number; throws when the provider refuses it. `tx`: the embedded
   * outbox writes it in that transaction (a job's), so it is stored if and only if the job's work commits.
   */
  send(to: string, body: string, opts?: SmsSendOptions): Promise<void>;
};

export function createSmsSender(env: Env, db: Db, logger: Logger): SmsSender {
  if (env.SMS_PROVIDER === "twilio") return createTwilioSender(env, logger);
  return {
    kind: "outbox",
    async send(to, body, opts) {
      await (opts?.tx ?? db).insert(outboxSms).values({ to, body });
      logger.info("sms stored in the embedded outbox", { to });
    },
  };
}

function createTwilioSender(env: Env, logger: Logger): SmsSender {
  const base = env.TWILIO_API_URL.replace(/\/$/, "");
  // The official client talks to api.twilio.com; TWILIO_API_URL points it elsewhere (a proxy, or a local
  // server replaying recorded answers in tests) by rewriting the address of each request.
  // The client (~25 MB of modules) is loaded by the first message, not at start.
  let client: Promise<import("twilio").Twilio> | undefined;
  const twilioClient = async () => {
    const { default: twilio } = await import("twilio");
    class RequestClient extends twilio.RequestClient {
      override request<TData>(opts: Parameters<TwilioRequestClient["request"]>[0] & { data?: TData }) {
        return super.request<TData>({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, base) });
      }
    }
    return twilio(env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, {
      httpClient: new RequestClient({ timeout: 10_000 }),
      autoRetry: true,
      maxRetries: 2,
    });
  };
  const from = env.TWILIO_FROM!;
  return {
    kind: "twilio",
    async send(to, body) {
      const msg = await (await (client ??= twilioClient())).messages.create({ to, body, ...(from.startsWith("MG") ? { messagingServiceSid: from } : { from }) });
      logger.info("sms sent", { to, sid: msg.sid, status: msg.status });
    },
  };
}

/** The company's signature on a text: its display name where the text says "Meridian", else in front. */
export function signSms(body: string, displayName: string): string {
  if (displayName === "Meridian") return body;
  const renamed = body.replace(/\bMeridian\b/g, displayName);
  return renamed.includes(displayName) ? renamed : `${displayName}: ${renamed}`;
}

/**
 * Every text as it leaves: signed by the company (Settings → Company), worded and switched as Settings → Email/SMS
 * says for its kind; none at all while SMS notifications are switched off (Settings → Features). Each one skipped
 * is logged.
 */
export function smsUnlessSwitchedOff(sender: SmsSender, db: Db, logger: Logger): SmsSender {
  return {
    kind: sender.kind,
    async send(to, body, opts = {}) {
      // In a job's transaction (`tx`) the settings are read through it (through `db` PGlite would wait for it forever).
      const features = await getSettings(db, "features", opts.tx);
      const company = await getSettings(db, "company", opts.tx);
      const messages = await getSettings(db, "messages", opts.tx);
      if (!features.smsNotifications) {
        logger.info("sms not sent: SMS notifications are switched off", { to });
        return;
      }
      const { message, test, ...rest } = opts;
      if (message && !test && !smsEnabled(message.kind, messages)) {
        logger.info("sms not sent: its message is switched off", { to, kind: message.kind });
        return;
      }
      const worded = message ? applySmsWording(body, message, messages, company.displayName, test) : body;
      await sender.send(to, signSms(worded, company.displayName), rest);
    },
  };
}
