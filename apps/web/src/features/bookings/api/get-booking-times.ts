// GET /api/booking-times: the operations clock and notice the dialog's date and time pickers follow (the server
// checks the same rules, @meridian/shared/booking-time). Times are offered from the server's clock, not the device's.
import { addDays, wallClock } from "@meridian/shared/zoned-time";
import { bookableTimes, earliestBookable, type BookingKind, type BookingTimeSettings, type BookingTimesResponse } from "@meridian/shared/booking-time";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { api } from "@/lib/api";
import { bookingKeys } from "@/lib/query-keys";

export const bookingTimesQueryOptions = queryOptions({
  queryKey: bookingKeys.times(),
  queryFn: () => api<BookingTimesResponse>("/api/booking-times"),
  staleTime: 60_000,
  retry: 1,
});

/** Until the rules arrive: the defaults of the operations settings. */
const FALLBACK: BookingTimeSettings = { timeZone: "America/Los_Angeles", rideNoticeHours: 2, valetNoticeHours: 24 };

export type BookingClock = {
  settings: BookingTimeSettings;
  /** Today's date on the operations clock. */
  today: string;
  /** Now on the server's clock. */
  now: () => Date;
  /** The earliest bookable date and time. */
  earliest: { date: string; time: string };
  /** The bookable times of a date ("HH:MM"). */
  timesOn: (date: string) => string[];
  /** The first date on which `time` can be booked (today or later): what the dialog opens on. */
  firstDateFor: (time: string) => string;
};

/** The booking rules for rides or valet events, on the server's clock; re-read every half minute so the lists move on. */
export function useBookingClock(kind: BookingKind): BookingClock {
  const { data, dataUpdatedAt } = useQuery(bookingTimesQueryOptions);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => clearInterval(id);
  }, []);
  return useMemo(() => {
    const settings = data ? { timeZone: data.timeZone, rideNoticeHours: data.rideNoticeHours, valetNoticeHours: data.valetNoticeHours } : FALLBACK;
    const offset = data ? Date.parse(data.now) - dataUpdatedAt : 0;
    const now = () => new Date(Date.now() + offset);
    const at = now();
    const e = earliestBookable(kind, settings, at);
    const timesOn = (date: string) => bookableTimes(kind, date, settings, at);
    const firstDateFor = (time: string) => (timesOn(e.date).includes(time) ? e.date : addDays(e.date, 1));
    return { settings, now, today: wallClock(at, settings.timeZone).date, earliest: { date: e.date, time: e.time }, timesOn, firstDateFor };
    // `tick` moves the clock on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, data, dataUpdatedAt, tick]);
}
