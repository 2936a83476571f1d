// A one-event iCalendar file (RFC 5545) for booking e-mails: CRLF lines folded at 75 octets, text escaped,
// times in UTC so every calendar places the event at the right moment. A booking's entries share one UID; a change
// (reschedule) is the same UID with a higher SEQUENCE, a cancellation METHOD:CANCEL with a higher SEQUENCE still,
// so the customer's calendar moves or removes the event it already holds instead of adding another.
export type CalendarEvent = {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  stamp?: Date;
  /** 0 for the first entry; higher for every later version of the same UID. */
  sequence?: number;
  /** CANCEL removes the event from the calendar (STATUS:CANCELLED). */
  method?: "PUBLISH" | "CANCEL";
};

const utc = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

/** TEXT value escaping: backslash, semicolon, comma, and line breaks as \n. */
export const icsText = (s: string) => s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** A content line folded into chunks of at most 75 octets, continuation lines starting with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74; // a continuation line's leading space counts
    if (bytes + size > limit) {
      out.push(current);
      current = "";
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function icsCalendar(e: CalendarEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Meridian//Bookings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${e.method ?? "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence ?? 0}`,
    `DTSTAMP:${utc(e.stamp ?? new Date())}`,
    `DTSTART:${utc(e.start)}`,
    `DTEND:${utc(e.end)}`,
    `SUMMARY:${icsText(e.summary)}`,
    `LOCATION:${icsText(e.location)}`,
    `DESCRIPTION:${icsText(e.description)}`,
    e.method === "CANCEL" ? "STATUS:CANCELLED" : "STATUS:CONFIRMED",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** The e-mail attachment of `e`. */
export const icsAttachment = (filename: string, e: CalendarEvent) => ({
  filename,
  contentType: `text/calendar; charset=utf-8; method=${e.method ?? "PUBLISH"}`,
  content: icsCalendar(e),
});
