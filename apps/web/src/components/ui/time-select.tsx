// A time picker that offers only the given times (the bookable quarter hours), as a native select: the phone's
// own wheel, the keyboard and screen readers all work, and nothing else can be typed in.
import type { ComponentProps } from "react";
import { useFieldControl } from "./label";

/** "7:30 PM" for "19:30". */
export const timeLabel = (time: string) => {
  const [h, m] = time.split(":").map(Number);
  return `${((h! + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
};

export function TimeSelect({ times, ...props }: ComponentProps<"select"> & { times: string[] }) {
  return (
    <select {...useFieldControl(props, "h-11 px-3 [color-scheme:dark] transition-colors focus:ring-2 focus:ring-gold/50 disabled:opacity-50")}>
      {times.length === 0 ? <option value="">No times left this day</option> : null}
      {times.map((t) => (
        <option key={t} value={t}>
          {timeLabel(t)}
        </option>
      ))}
    </select>
  );
}
