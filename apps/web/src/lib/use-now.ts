import { useEffect, useState } from "react";

/** The current time, re-read every `everyMs` (and at `wakeAt`, if given): flags that depend on the clock
 *  (an overdue ride) change on screen the moment they become true, without a reload. */
export function useNow(everyMs = 15_000, wakeAt?: string | null): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  useEffect(() => {
    if (!wakeAt) return;
    const wait = new Date(wakeAt).getTime() - Date.now();
    if (!(wait > 0) || wait > 2 ** 31 - 1) return;
    const id = setTimeout(() => setNow(new Date()), wait + 250);
    return () => clearTimeout(id);
  }, [wakeAt]);
  return now;
}
