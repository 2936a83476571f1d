// Valet Service tab: the event's details, the computed duration, the server's live quote (priced from the
// published valet rates as the form changes) and Request Valet Service (idempotent, sign-in required).
import { zodResolver } from "@hookform/resolvers/zod";
import { BOOKING_STEP_MINUTES } from "@meridian/shared/booking-time";
import {
  MAX_VALET_VEHICLES,
  VALET_EVENT_TYPES,
  formatDuration,
  makeValetFormSchema,
  valetDurationMinutes,
  valetFormDefaults,
  valetQuoteInputFromForm,
  valetTimeError,
  type ValetFormInput,
  type ValetFormValues,
} from "@meridian/shared/valet";
import { formatHours } from "@meridian/shared/valet-pricing";
import { Hourglass } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CountField, DateField, SelectField, TextAreaField, TextField, TimeField } from "@/components/form/fields";
import { Form } from "@/components/form/form";
import type { Place } from "@/lib/places/types";
import { AddressField } from "@/components/places/address-field";
import { ApiError } from "@/lib/api";
import { notifyError } from "@/lib/notify";
import { useBookingClock } from "../api/get-booking-times";
import { useValetQuote } from "../api/get-valet-quote";
import { CardStep } from "./card-step";
import { CouponField } from "./coupon-field";
import { BookingFooter } from "./booking-footer";
import { QuotePanel } from "./quote-panel";
import type { ConfirmedBooking } from "./booking-confirmed";
import { useConfirmBooking, type BookForCaller } from "./use-confirm-booking";
import { useLiveQuote } from "./use-live-quote";

const eventTypeOptions = VALET_EVENT_TYPES.map((t) => ({ value: t, label: t }));
const quoteErrorToast = (err: unknown) => notifyError("Quote Error", err);

/** The quarter hours after `start` ("HH:MM") up to 11:45 PM: an event ends the day it starts. */
function quarterHoursAfter(start: string): string[] {
  const [h, m] = start.split(":").map(Number);
  const from = (h ?? 0) * 60 + (m ?? 0) + BOOKING_STEP_MINUTES;
  const out: string[] = [];
  for (let t = Number.isFinite(from) ? from : BOOKING_STEP_MINUTES; t < 24 * 60; t += BOOKING_STEP_MINUTES) {
    out.push(`${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`);
  }
  return out;
}

export function ValetForm({
  idempotencyKey,
  renewIdempotencyKey,
  onConfirmed,
  bookFor,
}: {
  idempotencyKey: string;
  renewIdempotencyKey: () => void;
  onConfirmed: (booking: ConfirmedBooking) => void;
  /** The desk booking for a caller: no card step, the quote goes to bookFor.submit. */
  bookFor?: BookForCaller;
}) {
  // Dates and times on the operations clock (Settings), from the earliest bookable time on (the notice), as the
  // server checks them; the form opens on the spec's start time (5:00 PM) on the first day it can be booked.
  const clock = useBookingClock("valet");
  const today = clock.today;
  const schema = useMemo(() => makeValetFormSchema(today, clock), [today, clock]);
  const [address, setAddress] = useState<Place | null>(null);
  const form = useForm<ValetFormInput, unknown, ValetFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...valetFormDefaults(today), date: clock.firstDateFor(valetFormDefaults(today).startTime) },
    mode: "onTouched",
  });
  const { control, handleSubmit, setValue } = form;

  const values = useWatch({ control }) as ValetFormInput;
  const { customerName, eventType, startTime, endTime, date } = values;
  // The pickers offer only what can be booked: start times from the notice on, end times after the start (same day).
  const startTimes = useMemo(() => clock.timesOn(date), [clock, date]);
  const endTimes = useMemo(() => quarterHoursAfter(startTime), [startTime]);
  useEffect(() => {
    if (startTimes.length && !startTimes.includes(startTime)) setValue("startTime", startTimes[0]!, { shouldValidate: true });
  }, [startTimes, startTime, setValue]);
  useEffect(() => {
    if (endTimes.length && !endTimes.includes(endTime)) setValue("endTime", endTimes[Math.min(endTimes.length - 1, 3)]!, { shouldValidate: true });
  }, [endTimes, endTime, setValue]);
  const timeError = valetTimeError(startTime, endTime);
  const duration = valetDurationMinutes(startTime, endTime);
  const hasDetails = customerName.trim() !== "" && date !== "";

  // The quote follows the form: whenever every field is valid and an address is chosen.
  const parsed = schema.safeParse(values);
  const [couponCode, setCouponCode] = useState("");
  const quoteInput =
    parsed.success && address ? { ...valetQuoteInputFromForm(parsed.data, address.placeId), ...(couponCode.trim() ? { couponCode: couponCode.trim() } : {}) } : null;
  const live = useLiveQuote(quoteInput, useValetQuote, quoteErrorToast);
  const quote = live.data?.quote ?? null;
  // The quote's refusal of a field (a 4xx with fields) shows under that field until the form has its own message.
  const quoteFields = live.error instanceof ApiError ? (live.error.fields ?? {}) : {};

  const confirmBooking = useConfirmBooking({ idempotencyKey, renewIdempotencyKey, refetchQuote: live.refetch, amountUsd: quote?.totalUsd ?? null });
  const { confirm, card } = confirmBooking;
  const submitting = bookFor ? bookFor.submitting : confirmBooking.submitting;
  const canSubmit = hasDetails && !timeError && address !== null && live.data !== null && !live.calculating && !submitting;

  const submit = handleSubmit((v) => {
    const shown = live.data;
    if (!shown || !address) return;
    if (bookFor) return bookFor.submit({ service: "valet", quoteId: shown.quoteId });
    confirm({ service: "valet", quoteId: shown.quoteId }, (res) =>
      onConfirmed({
        ...res,
        service: "valet",
        eventLabel: shown.quote.eventLabel,
        totalUsd: shown.quote.totalUsd,
        place: address,
        date: v.date,
        startTime: v.startTime,
        endTime: v.endTime,
        attendants: shown.quote.attendants,
      }),
    );
  });

  return (
    <Form form={form} onSubmit={(e) => void submit(e)} className="space-y-5">
      <TextField<ValetFormInput> name="customerName" label="Customer Full Name" id="valet-name" error={quoteFields.customerName} autoComplete="name" placeholder="Name on the reservation" />

      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField<ValetFormInput> name="eventType" label="Event Type" id="valet-event-type" options={eventTypeOptions} />
        <DateField<ValetFormInput> name="date" label="Date" id="valet-date" error={quoteFields.date} min={clock.earliest.date} />
      </div>

      {eventType === "Other" ? <TextField<ValetFormInput> name="eventTypeOther" label="Type of Event" id="valet-event-other" error={quoteFields.eventTypeOther} placeholder="e.g. Product launch" /> : null}

      <AddressField id="valet-address" label="Event Address" placeholder="Venue, hotel or address" value={address} onChange={setAddress} error={quoteFields.eventPlaceId} />

      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <TimeField<ValetFormInput> name="startTime" label="Start Time" id="valet-start" error={quoteFields.startTime} times={startTimes} />
        <TimeField<ValetFormInput> name="endTime" label="End Time" id="valet-end" times={endTimes} error={timeError ?? quoteFields.endTime} />
        <div className="col-span-2 sm:col-span-1">
          <p className="mb-1.5 text-xs font-medium uppercase tracking-[0.14em] text-muted">Total Duration</p>
          <p
            data-testid="valet-duration"
            aria-live="polite"
            className="flex h-11 items-center gap-2 rounded-md border border-gold/30 bg-gold/[0.06] px-3.5 text-sm text-gold-bright"
          >
            <Hourglass className="size-4 shrink-0 text-gold/80" aria-hidden />
            {duration !== null ? formatDuration(duration) : "—"}
          </p>
        </div>
      </div>

      <CountField<ValetFormInput> name="expectedVehicles" label="Expected Vehicles (optional)" id="valet-vehicles" error={quoteFields.expectedVehicles} min={1} max={MAX_VALET_VEHICLES} placeholder="e.g. 80" />
      <TextAreaField<ValetFormInput> name="notes" label="Special Instructions (optional)" id="valet-notes" error={quoteFields.notes} rows={3} placeholder="Gate codes, VIP arrivals, attendant attire…" />

      <CouponField
        id="valet-coupon"
        value={couponCode}
        onChange={setCouponCode}
        applied={quote?.coupon}
        refused={live.data?.coupon}
        calculating={live.calculating}
      />

      <QuotePanel
        quote={quote}
        summary={
          quote ? (
            <>
              <span className="text-foreground/90">
                {quote.attendants} attendant{quote.attendants === 1 ? "" : "s"}
              </span>{" "}
              · {formatHours(quote.billableHours)} h · {quote.expectedVehicles} cars{quote.expectedVehiclesDefaulted ? " (estimate)" : ""}
            </>
          ) : null
        }
        calculating={live.calculating}
        caption="All-inclusive event valet in USD, confirmed when you book."
        hint={
          !address
            ? "Fill in the event and choose its address to see your quote."
            : live.isError
              ? "We could not price this event. Please check the details."
              : "Complete the event details to see your quote."
        }
      />

      {bookFor ? null : <CardStep card={card} idPrefix="valet" />}

      <BookingFooter total={quote?.totalUsd ?? null} calculating={live.calculating} disabled={!canSubmit} submitting={submitting} label={bookFor?.label ?? "Request Valet Service"} />
    </Form>
  );
}
