// Check a car in at the stand: the guest's mobile (or e-mail), the car, the key tag, where it is, photos.
// On success the attendant sees the ticket code and that the guest has their link.
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatClockRange } from "@meridian/shared/valet-pricing";
import { valetCheckInSchema, type ValetCheckInInput, type ValetCheckInResult } from "@meridian/shared/valet-ticket";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCheckIn } from "../api/check-in";
import { useStands } from "../api/get-stands";
import { useTodaysValetBookings } from "../api/get-todays-bookings";
import { useUploadPhotos, type PhotoUpload } from "../api/upload-photos";
import { PhotoPicker } from "./photo-picker";

const empty = { guestPhone: "", guestEmail: "", plate: "", make: "", model: "", colour: "", keyTag: "", stand: "", stall: "" };
type Values = typeof empty;

const fieldErrorsOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) => {
  const out: Record<string, string> = {};
  for (const i of error.issues) out[String(i.path[0] ?? "_")] ??= i.message;
  return out;
};

export function CheckInForm() {
  const [values, setValues] = useState<Values>(() => ({ ...empty, stand: localStorage.getItem("valet-stand") ?? "" }));
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<ValetCheckInResult | null>(null);
  const [bookingId, setBookingId] = useState<string | null>(null);
  const todays = useTodaysValetBookings(values.stand);
  const events = todays.data?.bookings ?? [];
  // A booking picked at another stand is not this stand's: the pick follows the list.
  const picked = events.some((b) => b.id === bookingId) ? bookingId : null;
  const stands = useStands();
  const checkIn = useCheckIn();
  const upload = useUploadPhotos();
  const busy = checkIn.isPending || upload.isPending;
  const result = useRef<HTMLElement>(null);
  // The form goes away on success: focus moves to the result, so the keyboard (and a screen reader) stays with it.
  useEffect(() => {
    if (done) result.current?.focus();
  }, [done]);

  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const input: ValetCheckInInput = { ...values, plate: values.plate, keyTag: values.keyTag, ...(picked ? { bookingId: picked } : {}) };
    const parsed = valetCheckInSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    try {
      const result = await checkIn.mutateAsync(input);
      localStorage.setItem("valet-stand", values.stand.trim());
      if (photos.length) {
        try {
          await upload.mutateAsync({ ticketId: result.ticket.id, photos });
        } catch (err) {
          notifyError("Photos not saved", err); // the ticket stands; photos can be added from its page
        }
      }
      setDone(result);
      notifySuccess("Car Checked In", `Ticket ${result.ticket.ticketCode}. The guest has their link.`);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      notifyError("Check-in Failed", err);
    }
  }

  if (done) {
    return (
      <section ref={result} tabIndex={-1} aria-label="Car checked in" className="rounded-2xl border border-gold/40 bg-gold/[0.06] p-6 text-center">
        <CheckCircle2 className="mx-auto size-10 text-gold" />
        <p className="mt-3 text-xs uppercase tracking-[0.22em] text-gold">Checked in</p>
        <p className="mt-2 font-mono text-3xl tracking-wider text-foreground" data-testid="ticket-code">
          {done.ticket.ticketCode}
        </p>
        <p className="mt-2 text-sm text-muted">
          Key tag <span className="font-semibold text-foreground">{done.ticket.keyTag}</span> · {done.ticket.colour} {done.ticket.make} {done.ticket.model}
        </p>
        <p className="mt-4 text-sm text-muted">{done.ticket.guestPhone ? `Link texted to ${done.ticket.guestPhone}.` : `Link e-mailed to ${done.ticket.guestEmail}.`}</p>
        <Button
          className="mt-6 h-14 w-full text-base"
          onClick={() => {
            setDone(null);
            setPhotos([]);
            setValues((v) => ({ ...empty, stand: v.stand }));
            // The next car is most likely for the same event: the pick stays.
          }}
        >
          Check In Another Car
        </Button>
      </section>
    );
  }

  const text = (k: keyof Values, label: string, props: Record<string, unknown> = {}) => (
    <Field label={label} htmlFor={`ci-${k}`} error={errors[k]}>
      <Input id={`ci-${k}`} value={values[k]} onChange={set(k)} aria-invalid={Boolean(errors[k])} className="h-12 text-base" {...props} />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <fieldset className="space-y-4">
        <legend className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Guest</legend>
        {text("guestPhone", "Mobile number", { type: "tel", inputMode: "tel", autoComplete: "off", placeholder: "+1 310 555 0199" })}
        {text("guestEmail", "E-mail (optional)", { type: "email", inputMode: "email", autoComplete: "off", placeholder: "guest@example.com" })}
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Car</legend>
        <div className="grid grid-cols-2 gap-3">
          {text("plate", "Plate", { autoCapitalize: "characters", placeholder: "7ABC123" })}
          {text("keyTag", "Key tag", { autoCapitalize: "characters", placeholder: "K-042" })}
          {text("make", "Make", { placeholder: "Porsche" })}
          {text("model", "Model", { placeholder: "911" })}
          {text("colour", "Colour", { placeholder: "Black" })}
          {text("stall", "Stall (optional)", { autoCapitalize: "characters", placeholder: "B12" })}
        </div>
        {text("stand", "Stand", { list: "valet-stands", placeholder: "Main Entrance" })}
        <datalist id="valet-stands">
          {(stands.data?.stands ?? []).map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </fieldset>
      {events.length ? (
        <fieldset>
          <legend className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Today's events here</legend>
          <div role="radiogroup" aria-label="Today's events here" className="space-y-2">
            {[null, ...events].map((b) => {
              const on = picked === (b?.id ?? null);
              return (
                <button
                  key={b?.id ?? "walk-up"}
                  type="button"
                  role="radio"
                  aria-checked={on}
                  onClick={() => setBookingId(b?.id ?? null)}
                  className={`flex min-h-14 w-full cursor-pointer flex-col items-start justify-center rounded-xl border px-4 py-2.5 text-left ${on ? "border-gold bg-gold/10" : "border-border bg-surface-2/60"}`}
                >
                  {b ? (
                    <>
                      <span className="text-base text-foreground">
                        {b.customerName} · {b.eventType}
                      </span>
                      <span className="text-sm text-muted">
                        {formatClockRange(b.startTime, b.endTime)} · {b.carsCheckedIn} of {b.expectedVehicles} cars in
                      </span>
                    </>
                  ) : (
                    <span className="text-base text-foreground">Walk-up (no booking)</span>
                  )}
                </button>
              );
            })}
          </div>
          {errors.bookingId ? <p className="mt-2 text-sm text-danger">{errors.bookingId}</p> : null}
        </fieldset>
      ) : null}
      <fieldset>
        <legend className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Condition photos</legend>
        <PhotoPicker id="ci-photos" photos={photos} onChange={setPhotos} />
      </fieldset>
      <Button type="submit" className="h-14 w-full text-base" disabled={busy}>
        {busy ? "Checking in…" : "Check In Car"}
      </Button>
    </form>
  );
}
