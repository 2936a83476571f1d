// Check a car in at the stand: the guest's mobile (or e-mail), the car, the key tag, where it is, photos.
// On success the attendant sees the ticket code and that the guest has their link.
import { CheckCircle2 } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState, type ComponentProps } from "react";
import { useForm, useFormState, useWatch } from "react-hook-form";
import { formatClockRange } from "@meridian/shared/valet-pricing";
import { valetCheckInSchema, type ValetCheckIn, type ValetCheckInInput, type ValetCheckInResult } from "@meridian/shared/valet-ticket";
import { TextField } from "@/components/form/fields";
import { applyServerFieldErrors, Form } from "@/components/form/form";
import { Button } from "@/components/ui/button";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCheckIn } from "../api/check-in";
import { useStands } from "../api/get-stands";
import { useTodaysValetBookings } from "../api/get-todays-bookings";
import { useUploadPhotos, type PhotoUpload } from "../api/upload-photos";
import { PhotoPicker } from "./photo-picker";

const empty = { guestPhone: "", guestEmail: "", plate: "", make: "", model: "", colour: "", keyTag: "", stand: "", stall: "" };
/** The form's values (the booking picked below is not a field: it is added when sending). */
type Values = ValetCheckInInput;
const FIELDS = [...(Object.keys(empty) as (keyof typeof empty)[]), "bookingId"] as const;

export function CheckInForm() {
  const form = useForm<Values, unknown, ValetCheckIn>({ resolver: zodResolver(valetCheckInSchema), defaultValues: { ...empty, stand: localStorage.getItem("valet-stand") ?? "" } });
  const stand = useWatch({ control: form.control, name: "stand" });
  const bookingError = useFormState({ control: form.control, name: "bookingId" }).errors.bookingId?.message;
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const [done, setDone] = useState<ValetCheckInResult | null>(null);
  const [bookingId, setBookingId] = useState<string | null>(null);
  const todays = useTodaysValetBookings(stand);
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

  // The server gets the fields as typed (it normalises them itself, as the schema just did to check them).
  const submit = form.handleSubmit(async () => {
    const { bookingId: _none, ...typed } = form.getValues();
    const input: ValetCheckInInput = { ...typed, ...(picked ? { bookingId: picked } : {}) };
    try {
      const result = await checkIn.mutateAsync(input);
      localStorage.setItem("valet-stand", typed.stand.trim());
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
      applyServerFieldErrors(err, form.setError, FIELDS);
      notifyError("Check-in Failed", err);
    }
  });

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
            form.reset({ ...empty, stand: form.getValues("stand") });
            // The next car is most likely for the same event: the pick stays.
          }}
        >
          Check In Another Car
        </Button>
      </section>
    );
  }

  return (
    <Form form={form} onSubmit={submit} className="space-y-5">
      <fieldset className="space-y-4">
        <legend className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Guest</legend>
        <Text name="guestPhone" label="Mobile number" type="tel" inputMode="tel" autoComplete="off" placeholder="+1 310 555 0199" />
        <Text name="guestEmail" label="E-mail (optional)" type="email" inputMode="email" autoComplete="off" placeholder="guest@example.com" />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Car</legend>
        <div className="grid grid-cols-2 gap-3">
          <Text name="plate" label="Plate" autoCapitalize="characters" placeholder="7ABC123" />
          <Text name="keyTag" label="Key tag" autoCapitalize="characters" placeholder="K-042" />
          <Text name="make" label="Make" placeholder="Porsche" />
          <Text name="model" label="Model" placeholder="911" />
          <Text name="colour" label="Colour" placeholder="Black" />
          <Text name="stall" label="Stall (optional)" autoCapitalize="characters" placeholder="B12" />
        </div>
        <Text name="stand" label="Stand" list="valet-stands" placeholder="Main Entrance" />
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
          {bookingError ? (
            <p id="ci-bookingId-error" role="alert" className="mt-2 text-sm text-danger">
              {bookingError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset>
        <legend className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Condition photos</legend>
        <PhotoPicker id="ci-photos" photos={photos} onChange={setPhotos} />
      </fieldset>
      <Button type="submit" className="h-14 w-full text-base" disabled={busy}>
        {busy ? "Checking in…" : "Check In Car"}
      </Button>
    </Form>
  );
}

/** A field at the stand: big enough to tap with a glove on, its text at 16 px (no zoom on focus). */
function Text({ name, ...props }: { name: keyof typeof empty; label: string } & Omit<ComponentProps<typeof TextField<Values>>, "name" | "id">) {
  return <TextField<Values> name={name} id={`ci-${name}`} className="h-12 text-base" {...props} />;
}
