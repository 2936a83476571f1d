// A moment as the customer's e-mails and texts say it: "Friday, May 1 at 9:30 AM" on the service area's clock.
export function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" }).format(at);
}
