// Settings → Email/SMS applied to each message as it leaves: a message switched off is not sent (only optional
// ones can be), an edited subject replaces the subject, an edited intro replaces the e-mail's first paragraph (in
// the text and the HTML) or a text message's opening. The message says which it is (`kind`) and carries its
// placeholders' values (`vars`); {company} is the company's display name.
import { fillPlaceholders, messageDefinition, type MessagesSettings } from "@meridian/shared/settings";
import type { Mail } from "./mailer";

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
/** The layout's paragraphs (templates.ts): the first one after the title is the intro. */
const FIRST_PARAGRAPH = /(<\/h1>\s*<p style="margin:0 0 16px;line-height:1\.6">)([\s\S]*?)(<\/p>)/;

/**
 * The e-mail as Settings → Email/SMS wants it, or null when its message is switched off. `mail.test` ("Send me a
 * test"): sent even when switched off, with the wording tried before it is saved.
 */
export function applyMessageSettings(mail: Mail, messages: MessagesSettings, company: string): Mail | null {
  const def = mail.kind ? messageDefinition(mail.kind) : undefined;
  if (!def) return mail;
  const saved = messages[def.kind as keyof MessagesSettings];
  if (def.optional && !saved.enabled && !mail.test) return null;
  const wording = { subject: mail.test?.subject || saved.subject, intro: mail.test?.intro || saved.intro };
  if (!wording.subject && !wording.intro) return mail;
  const values = { ...mail.vars, company };
  let out: Mail = { ...mail };
  if (wording.subject) out.subject = fillPlaceholders(wording.subject, values).replace(/[\r\n]+/g, " ");
  if (wording.intro) {
    const intro = fillPlaceholders(wording.intro, values);
    const paragraphs = mail.text.split("\n\n");
    paragraphs[0] = intro;
    out = { ...out, text: paragraphs.join("\n\n"), ...(mail.html ? { html: mail.html.replace(FIRST_PARAGRAPH, (_all, open: string, _old: string, close: string) => open + escape(intro) + close) } : {}) };
  }
  return out;
}

/** A text message's body with Settings → Email/SMS's opening: `intro` is how the default body starts. */
export function applySmsWording(body: string, message: { kind: string; vars: Record<string, string>; intro: string }, messages: MessagesSettings, company: string, wording?: { intro?: string }): string {
  const def = messageDefinition(message.kind);
  if (!def) return body;
  const intro = wording?.intro || messages[def.kind as keyof MessagesSettings].intro;
  if (!intro || !body.startsWith(message.intro)) return body;
  return fillPlaceholders(intro, { ...message.vars, company }) + body.slice(message.intro.length);
}

/** Whether a text message of this kind goes out (an unknown kind, or a required one, always does). */
export function smsEnabled(kind: string | undefined, messages: MessagesSettings): boolean {
  const def = kind ? messageDefinition(kind) : undefined;
  return !def || !def.optional || messages[def.kind as keyof MessagesSettings].enabled;
}
