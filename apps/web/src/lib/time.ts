// Instants shown on the service's wall clock (its time zone comes with the data, from admin Settings).
import { addDays } from "@meridian/shared/zoned-time";

/** "9:30 AM" at `iso` in `timeZone`. */
export const clockIn = (iso: string, timeZone: string) => new Date(iso).toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });

/** "Wed, Nov 25" for a date "YYYY-MM-DD". */
export const dayLabel = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" });

/** Today's date "YYYY-MM-DD" here. */
export const todayHere = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

/** The Monday on or before `date`. */
export const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));

export { addDays };
