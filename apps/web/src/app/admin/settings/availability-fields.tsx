// Settings → Operations: when rides are sold. Operating hours (an opening and a closing time on the service's
// clock, or around the clock) and blackout dates (add a date, remove one). Fields of the Operations form
// (react-hook-form); the shared operationsSettingsSchema validates them, its messages show under the fields.
import { formatClock } from "@meridian/shared/valet-pricing";
import type { operationsSettingsSchema } from "@meridian/shared/rides";
import { X } from "lucide-react";
import { useState } from "react";
import { useController, type Control, type FieldErrors } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { SwitchRow } from "./settings-ui";

type OperationsInput = z.input<typeof operationsSettingsSchema>;

/** The hours offered when the admin switches "around the clock" off. */
const DEFAULT_HOURS = { open: "06:00", close: "23:00" };
export const BLACKOUT_DATE_REQUIRED = "Choose a date to add.";
export const blackoutDateTaken = (date: string) => `${formatBlackoutDate(date)} is already a blackout date.`;

/** "Fri, Dec 25, 2026" for "2026-12-25" (a calendar day: no time zone moves it). */
export function formatBlackoutDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y!, m! - 1, d!)));
}

export function OperatingHoursFields({ control, errors }: { control: Control<OperationsInput>; errors: FieldErrors<OperationsInput> }) {
  const { field } = useController({ control, name: "operatingHours" });
  const hours = field.value ?? null;
  const hoursError = errors.operatingHours as { message?: string; open?: { message?: string }; close?: { message?: string } } | undefined;
  return (
    <div className="sm:col-span-2">
      <SwitchRow
        id="ops-aroundTheClock"
        label="Around the clock"
        hint={hours ? `Rides are sold for pickups from ${formatClock(hours.open)} until ${formatClock(hours.close)}.` : "Rides are sold for pickups at any hour."}
        checked={!hours}
        onChange={(on) => field.onChange(on ? null : DEFAULT_HOURS)}
      />
      {hours ? (
        <div className="mt-2 grid gap-6 sm:grid-cols-2">
          <Field label="Opening time" htmlFor="ops-open" error={hoursError?.open?.message}>
            <Input id="ops-open" type="time" step={900} className="w-40" value={hours.open} onChange={(e) => field.onChange({ ...hours, open: e.target.value })} onBlur={field.onBlur} />
            <p className="mt-1.5 text-xs text-muted">The first pickup time sold, on the service's clock.</p>
          </Field>
          <Field label="Closing time" htmlFor="ops-close" error={hoursError?.close?.message ?? hoursError?.message}>
            <Input id="ops-close" type="time" step={900} className="w-40" value={hours.close} onChange={(e) => field.onChange({ ...hours, close: e.target.value })} onBlur={field.onBlur} />
            <p className="mt-1.5 text-xs text-muted">Pickups are sold until before this time; earlier than the opening runs past midnight.</p>
          </Field>
        </div>
      ) : null}
    </div>
  );
}

export function BlackoutDatesField({ control, errors }: { control: Control<OperationsInput>; errors: FieldErrors<OperationsInput> }) {
  const { field } = useController({ control, name: "blackoutDates" });
  const dates = field.value ?? [];
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const listError = errors.blackoutDates as { message?: string } | { message?: string }[] | undefined;
  const serverMessage = Array.isArray(listError) ? listError.find((e) => e?.message)?.message : listError?.message;

  const add = () => {
    if (!draft) return setDraftError(BLACKOUT_DATE_REQUIRED);
    if (dates.includes(draft)) return setDraftError(blackoutDateTaken(draft));
    field.onChange([...dates, draft].sort());
    setDraft("");
    setDraftError(null);
  };
  return (
    <div className="sm:col-span-2">
      <Field label="Blackout date" htmlFor="ops-blackout" error={draftError ?? serverMessage}>
        <div className="flex flex-wrap items-center gap-3">
          <Input
            id="ops-blackout"
            type="date"
            className="w-48"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setDraftError(null);
            }}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                add();
              }
            }}
          />
          <Button type="button" variant="outline" onClick={add}>
            Add Date
          </Button>
        </div>
        <p className="mt-1.5 text-xs text-muted">No rides are sold on these days (a ride that touches one is refused).</p>
      </Field>
      {dates.length ? (
        <ul aria-label="Blackout dates" className="mt-4 flex flex-wrap gap-2.5">
          {dates.map((date) => (
            <li key={date} className="inline-flex items-center gap-2 rounded-full border border-gold/30 bg-gold/[0.07] py-1.5 pr-1.5 pl-4 text-sm text-foreground">
              {formatBlackoutDate(date)}
              <button
                type="button"
                aria-label={`Remove ${formatBlackoutDate(date)}`}
                onClick={() => field.onChange(dates.filter((d) => d !== date))}
                className="grid size-7 place-items-center rounded-full text-muted transition-colors hover:bg-gold/15 hover:text-gold focus-visible:outline-2 focus-visible:outline-gold"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-muted">No blackout dates.</p>
      )}
    </div>
  );
}
