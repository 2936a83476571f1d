// The product's e-mails: plain text plus a simple dark-and-gold HTML version.
import type { Mail } from "./mailer";

/** The longest a person's name reads in an e-mail; longer ones end in an ellipsis. */
export const MAX_NAME_IN_EMAIL = 40;

/**
 * A name a user typed, as an e-mail shows it: on one line, shortened, and never a link (mail clients turn text like
 * "evil.com/x" or "http://..." into links: a zero-width space after each dot, colon, slash and @ stops them).
 */
export function nameInEmail(name: string): string {
  const flat = name.replace(/\s+/g, " ").trim();
  const short = flat.length > MAX_NAME_IN_EMAIL ? `${flat.slice(0, MAX_NAME_IN_EMAIL - 1).trimEnd()}…` : flat;
  return short.replace(/([.:/@])/g, "$1\u200b");
}

/** "Hello <name>," with the name as nameInEmail shows it: how every e-mail to a person opens. */
export const greeting = (name: string) => `Hello ${nameInEmail(name)},`;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escape(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:28px 0"><a href="${escape(action.url)}" style="background:#c9a35c;color:#0b0b0d;padding:14px 28px;border-radius:4px;text-decoration:none;font-weight:600;letter-spacing:.04em">${escape(action.label)}</a></p>
       <p style="font-size:12px;color:#8a8577">Or open this link: <a style="color:#c9a35c" href="${escape(action.url)}">${escape(action.url)}</a></p>`
    : "";
  return `<!doctype html><html><body style="margin:0;background:#0b0b0d;color:#ece7dc;font-family:Georgia,serif">
<div style="max-width:560px;margin:0 auto;padding:48px 32px">
<div style="letter-spacing:.3em;color:#c9a35c;font-size:13px"><!--brand-header-->MERIDIAN<!--/brand-header--></div>
<h1 style="font-weight:400;font-size:26px;margin:24px 0">${escape(title)}</h1>${body}${button}
<p style="margin-top:40px;font-size:12px;color:#8a8577"><!--brand-footer-->Meridian Valet &amp; Chauffeur · Los Angeles<!--/brand-footer--></p></div></body></html>`;
}

/**
 * An e-mail about `name`'s account: the greeting (or its own `opening`), its paragraphs, then one link, as
 * "linkText: url" in the text and as a button (under `heading`) in the HTML.
 */
function accountEmail(
  to: string,
  name: string,
  mail: { opening?: string; subject: string; lines: string[]; linkText: string; url: string; heading: string; button: string; kind: string },
): Mail {
  const lines = [mail.opening ?? greeting(name), ...mail.lines];
  return {
    to,
    subject: mail.subject,
    text: `${lines.join("\n\n")}\n\n${mail.linkText}: ${mail.url}\n`,
    html: layout(mail.heading, lines, { label: mail.button, url: mail.url }),
    kind: mail.kind,
    vars: { customerName: nameInEmail(name) },
  };
}

export function verificationEmail(to: string, name: string, url: string): Mail {
  const opening = `Welcome to Meridian, ${nameInEmail(name)}.`;
  const lines = ["Please confirm your e-mail address to activate your account."];
  return accountEmail(to, name, { opening, subject: "Verify your Meridian account", lines, linkText: "Verify your e-mail", url, heading: "Verify your e-mail", button: "Verify e-mail", kind: "verification" });
}

export function resetPasswordEmail(to: string, name: string, url: string): Mail {
  const lines = [
    "We received a request to reset your Meridian password. The link below is valid for one hour.",
    "If you did not ask for this, you can ignore this e-mail; your password stays as it is.",
  ];
  return accountEmail(to, name, { subject: "Reset your Meridian password", lines, linkText: "Reset your password", url, heading: "Reset your password", button: "Choose a new password", kind: "password_reset" });
}

/** To an account's owner when someone signs up with their address (the sign-up itself answers as for a new account). */
export function signUpAttemptEmail(to: string, name: string, siteUrl: string): Mail {
  const lines = [
    "Someone tried to create a Meridian account with your e-mail address. You already have one, so nothing was created.",
    "If it was you: sign in, or reset your password from the sign-in window if you have forgotten it.",
    "If it was not you, you can ignore this e-mail; your account and password are unchanged.",
  ];
  return accountEmail(to, name, { subject: "Someone tried to sign up with your address", lines, linkText: "Meridian", url: siteUrl, heading: "Someone tried to sign up with your address", button: "Go to Meridian", kind: "sign_up_attempt" });
}

export function welcomeSetPasswordEmail(to: string, name: string, url: string): Mail {
  const lines = ["An account has been created for you at Meridian. Choose a password to sign in."];
  return accountEmail(to, name, { subject: "Your Meridian account", lines, linkText: "Set your password", url, heading: "Welcome to Meridian", button: "Set your password", kind: "account_created" });
}

export { layout as emailLayout };

/** To an account's owner, once per run of failed sign-ins that locked it (auth/lockout.ts). */
export function signInLockedEmail(to: string, name: string, failures: number, url: string): Mail {
  const lines = [
    `Someone tried to sign in to your Meridian account with a wrong password ${failures} times in a row, so we have paused sign-in to it for a while.`,
    "If it was you, wait a few minutes and try again, or reset your password: open Meridian, choose Sign in, then Forgot password.",
    "If it was not you, your account is safe: nobody signed in. Choosing a new password is a good idea.",
  ];
  return accountEmail(to, name, { subject: "Failed sign-in attempts on your Meridian account", lines, linkText: "Meridian", url, heading: "Failed sign-in attempts", button: "Open Meridian", kind: "sign_in_locked" });
}
