// Every e-mail carries the company of Settings → Company: its display name wherever a template says "Meridian"
// (subject, text and HTML), its logo and name in the HTML header, and a signature with its name, phone, support
// e-mail and address (the HTML footer, the end of the text). Applied by the mailer to each e-mail as it is stored,
// so a name changed in Settings is in the very next e-mail.
import { addressOnOneLine, companyLogoPath, type CompanySettings } from "@meridian/shared/settings";
import { formatPhone } from "@meridian/shared/phone";
import type { Mail } from "./mailer";

/** The HTML layout's header and footer (templates.ts writes them between these markers). */
export const BRAND_HEADER = { start: "<!--brand-header-->", end: "<!--/brand-header-->" };
export const BRAND_FOOTER = { start: "<!--brand-footer-->", end: "<!--/brand-footer-->" };

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
const between = (html: string, marks: { start: string; end: string }, content: string) => {
  const a = html.indexOf(marks.start);
  const b = html.indexOf(marks.end, a);
  return a < 0 || b < 0 ? html : html.slice(0, a + marks.start.length) + content + html.slice(b);
};

/** The one-line signature: "Meridian · (310) 555-0142 · concierge@meridian-valet.com". */
export const companySignature = (c: CompanySettings) => [c.displayName, formatPhone(c.phone), c.supportEmail].join(" · ");

export function brandMail(mail: Mail, company: CompanySettings, publicUrl: string): Mail {
  const name = company.displayName;
  const rename = (s: string) => (name === "Meridian" ? s : s.replace(/\bMeridian\b/g, name));
  const signature = companySignature(company);
  const address = addressOnOneLine(company.address);
  const text = `${rename(mail.text).trimEnd()}\n\n--\n${signature}\n${address}\n`;
  if (!mail.html) return { ...mail, subject: rename(mail.subject), text };
  const logo = companyLogoPath(company.logoKey);
  const header = logo
    ? `<img src="${escape(publicUrl + logo)}" alt="${escape(name)}" style="max-height:48px;max-width:200px;display:block">`
    : escape(name.toUpperCase());
  const footer = `${escape(company.legalName)} · ${escape(address)}<br>${escape(signature)}`;
  const html = between(between(rename(mail.html), BRAND_HEADER, header), BRAND_FOOTER, footer);
  return { ...mail, subject: rename(mail.subject), text, html };
}
