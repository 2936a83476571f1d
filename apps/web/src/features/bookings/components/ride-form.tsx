// Ride Transport tab: two addresses, date and time, party size, a vehicle that fits, the server's quote,
// and Confirm Booking (idempotent, sign-in required).
import { zodResolver } from "@hookform/resolvers/zod";
import { NO_VEHICLE_FOR_CAPACITY, noVehicleFitsMessage, normaliseLuggage, normalisePassengers, vehiclesThatFit } from "@meridian/shared/capacity";
import { RIDE_DEFAULTS, ROUTE_FAILED_DESCRIPTION, ROUTE_FAILED_TITLE } from "@meridian/shared/booking";
import { makeRideFormSchema, rideFormDefaults, type RideFormInput, type RideFormValues } from "@meridian/shared/ride-form";
import { AlertTriangle, Luggage, Users } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CountField, DateField, TimeField } from "@/components/form/fields";
import { Form } from "@/components/form/form";
import { Field } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { Place } from "@/lib/places/types";
import { AddressField } from "@/components/places/address-field";
import { ApiError } from "@/lib/api";
import { notifyError } from "@/lib/notify";
import { useBookingClock } from "../api/get-booking-times";
import { useQuote, type QuoteInput } from "../api/get-quote";
import type { BookableVehicle } from "../api/get-vehicles";
import type { ConfirmedBooking } from "./booking-confirmed";
import { CardStep } from "./card-step";
import { CouponField } from "./coupon-field";
import { FlightFields } from "./flight-fields";
import { BookingFooter } from "./booking-footer";
import { QuotePanel } from "./quote-panel";
import { UnavailableTimes, unavailableOf } from "./unavailable-times";
import { useConfirmBooking, type BookForCaller, type OnUnavailable } from "./use-confirm-booking";
import { useLiveQuote } from "./use-live-quote";

function quoteErrorToast(err: unknown) {
  // A time that cannot be served is said under the form, with the nearest times (UnavailableTimes): no toast.
  if (unavailableOf(err)) return;
  if (err instanceof ApiError && err.code === "route_failed") notifyError(ROUTE_FAILED_TITLE, ROUTE_FAILED_DESCRIPTION);
  else if (err instanceof ApiError && err.code === "capacity") notifyError("Capacity Issue", err);
  else if (err instanceof ApiError && err.code === "unreachable_by_car") notifyError("No Road to This Place", err);
  else if (err instanceof ApiError && err.code.startsWith("flight_")) notifyError("Flight Not Found", err);
  else notifyError("Quote Error", err);
}

export function RideForm({
  vehicles,
  vehiclesLoading,
  idempotencyKey,
  renewIdempotencyKey,
  onConfirmed,
  bookFor,
}: {
  vehicles: BookableVehicle[];
  vehiclesLoading: boolean;
  idempotencyKey: string;
  renewIdempotencyKey: () => void;
  onConfirmed: (booking: ConfirmedBooking) => void;
  /** The desk booking for a caller: no card step, the quote goes to bookFor.submit. */
  bookFor?: BookForCaller;
}) {
  // Dates and times on the operations clock (Settings), from the earliest bookable time on, as the server checks them.
  const clock = useBookingClock("ride");
  const schema = useMemo(() => makeRideFormSchema(clock.today, clock), [clock]);

  const [pickup, setPickup] = useState<Place | null>(null);
  const [dropoff, setDropoff] = useState<Place | null>(null);
  // The dialog opens on the spec's defaults: noon on the first day it can still be booked, one passenger, no luggage.
  const form = useForm<RideFormInput, unknown, RideFormValues>({
    resolver: zodResolver(schema),
    defaultValues: rideFormDefaults(clock.firstDateFor(RIDE_DEFAULTS.time)),
    mode: "onChange",
  });
  const { control, handleSubmit, setValue, trigger, formState } = form;
  const values = useWatch({ control }) as RideFormInput;
  const { date, time } = values;
  // Every problem shows as soon as it is there (a date makes the time too soon; the clock moves on), as the server would answer.
  const valuesKey = JSON.stringify(values);
  useEffect(() => {
    void trigger();
  }, [schema, valuesKey, trigger]);

  const times = useMemo(() => clock.timesOn(date), [clock, date]);
  // A time no longer offered (another day chosen, the clock moved on) becomes the day's first bookable time.
  useEffect(() => {
    if (times.length && !times.includes(time)) setValue("time", times[0]!, { shouldValidate: true });
  }, [times, time, setValue]);
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [couponCode, setCouponCode] = useState("");
  // An airport pickup asks for the arriving flight (airline + number): the schema checks it then.
  const atAirport = pickup?.precision === "airport";
  useEffect(() => {
    setValue("airportPickup", atAirport, { shouldValidate: true });
  }, [atAirport, setValue]);

  const passengers = normalisePassengers(values.passengers);
  const luggage = normaliseLuggage(values.luggage);
  const fitting = useMemo(() => vehiclesThatFit(vehicles, passengers, luggage), [vehicles, passengers, luggage]);
  const chosen = vehicles.find((v) => v.id === vehicleId) ?? null;
  // The selected vehicle switches to the first that fits when it no longer does (or none is chosen yet);
  // the render uses the switched vehicle at once, the effect then records it.
  const selected = chosen && fitting.some((v) => v.id === chosen.id) ? chosen : (fitting[0] ?? chosen);
  const selectedFits = selected !== null && fitting.some((v) => v.id === selected.id);
  useEffect(() => {
    if (selectedFits && selected && selected.id !== vehicleId) setVehicleId(selected.id);
  }, [selected, selectedFits, vehicleId]);

  // A negative or fractional party is refused at the field (an empty field becomes the default on leaving it).
  const partyError = Boolean(formState.errors.passengers || formState.errors.luggage);
  // Only when nothing fits is there a capacity problem left to explain (otherwise the vehicle switched): one sentence.
  const capacityMessages = useMemo(
    () => (!partyError && vehicles.length > 0 && fitting.length === 0 ? [noVehicleFitsMessage(vehicles, passengers)] : []),
    [partyError, vehicles, fitting.length, passengers],
  );
  const capacityError = capacityMessages.length > 0 || partyError;
  const whenError = Boolean(formState.errors.date || formState.errors.time);

  // The form's values as the quote needs them, once every field is valid (the server's words otherwise, on the fields).
  const parsed = schema.safeParse(values);
  const valid = parsed.success ? parsed.data : null;

  // A quote is fetched automatically whenever both addresses and a vehicle are set and the inputs are valid.
  const quoteInput: QuoteInput | null =
    valid && pickup && dropoff && selected && selectedFits && capacityMessages.length === 0
      ? {
          pickupPlaceId: pickup.placeId,
          dropoffPlaceId: dropoff.placeId,
          vehicleTypeId: selected.id,
          passengers: valid.passengers,
          luggage: valid.luggage,
          date: valid.date,
          time: valid.time,
          ...(couponCode.trim() ? { couponCode: couponCode.trim() } : {}),
          ...(valid.flightNumber ? { flightNumber: valid.flightNumber } : {}),
        }
      : null;
  const live = useLiveQuote(quoteInput, useQuote, quoteErrorToast);
  const { calculating, data: quoteData } = live;
  const flightProblem = live.error instanceof ApiError ? live.error.fields?.flightNumber : undefined;
  const foundFlight = quoteData?.flight ?? null;

  // A flight found for the first time (or another one): the pickup moves to the suggested time, once, if it can be booked.
  const [suggestedFor, setSuggestedFor] = useState("");
  useEffect(() => {
    if (!foundFlight) return;
    const key = `${foundFlight.flightNumber}|${foundFlight.scheduledArrival}`;
    if (key === suggestedFor) return;
    setSuggestedFor(key);
    if (foundFlight.suggestedDate === date && times.includes(foundFlight.suggestedTime)) setValue("time", foundFlight.suggestedTime, { shouldValidate: true });
  }, [foundFlight, suggestedFor, date, times, setValue]);

  // A capacity problem blocks the quote: say so once per problem, when a quote would otherwise be fetched.
  const routeReady = Boolean(pickup && dropoff);
  const capacityKey = routeReady && capacityMessages.length > 0 ? capacityMessages.join(" ") : "";
  useEffect(() => {
    if (capacityKey) notifyError("Capacity Issue", capacityKey);
  }, [capacityKey]);

  // A booking refused because the time was sold meanwhile (a lost race): its sentence and nearest times show under the
  // form until the ride asked for changes or a quote is answered after it (the fresh quote, asked at once, then decides).
  const [refusal, setRefusal] = useState<{ error: ApiError; input: string; at: number } | null>(null);
  const inputKey = JSON.stringify(quoteInput);
  const onUnavailable: OnUnavailable = (error) => setRefusal({ error, input: inputKey, at: Date.now() });
  const shownRefusal = live.error ?? (refusal && refusal.input === inputKey && live.updatedAt <= refusal.at ? refusal.error : null);
  const unavailable = unavailableOf(live.error) !== null;
  const refusalRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) refusalRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [refusal]);

  const confirmBooking = useConfirmBooking({ idempotencyKey, renewIdempotencyKey, refetchQuote: live.refetch, amountUsd: quoteData?.quote.totalUsd ?? null, onUnavailable });
  const { confirm: book, card } = confirmBooking;
  const submitting = bookFor ? bookFor.submitting : confirmBooking.submitting;
  const canConfirm = Boolean(quoteData && !calculating && !capacityError && pickup && dropoff && !submitting);

  const confirm = handleSubmit((v) => {
    if (!canConfirm || !quoteData || !pickup || !dropoff) return;
    setRefusal(null);
    if (bookFor) return bookFor.submit({ service: "ride", quoteId: quoteData.quoteId }, (error) => (onUnavailable(error), void live.refetch()));
    const snapshot = { service: "ride" as const, vehicleName: quoteData.quote.vehicleName, totalUsd: quoteData.quote.totalUsd, pickup, dropoff, date: v.date, time: v.time };
    book({ service: "ride", quoteId: quoteData.quoteId }, (res) => onConfirmed({ ...res, ...snapshot }));
  });

  return (
    // A form, so Enter in a field books once the quote is ready (the address lists keep Enter for picking).
    <Form form={form} className="space-y-5" onSubmit={(e) => void confirm(e)}>
      <AddressField id="ride-pickup" label="Pickup" placeholder="Airport, hotel, venue or address" value={pickup} onChange={setPickup} />
      {atAirport ? (
        <FlightFields
          error={values.flightNumber.trim() ? flightProblem : undefined}
          flight={foundFlight}
          time={time}
          onUseTime={(t) => setValue("time", t, { shouldValidate: true })}
        />
      ) : null}
      <AddressField
        id="ride-dropoff"
        label="Dropoff"
        placeholder="Where are we taking you?"
        value={dropoff}
        onChange={setDropoff}
        routeFrom={pickup?.placeId ?? null}
      />

      <div className="grid grid-cols-2 gap-4">
        <DateField<RideFormInput> name="date" label="Date" id="ride-date" min={clock.earliest.date} />
        <TimeField<RideFormInput> name="time" label="Time" id="ride-time" times={times} />
        <CountField<RideFormInput> name="passengers" label="Passengers" id="ride-passengers" icon={Users} min={1} emptyAs={String(passengers)} />
        <CountField<RideFormInput> name="luggage" label="Luggage" id="ride-luggage" icon={Luggage} min={0} emptyAs={String(luggage)} />
      </div>

      <div>
        <Field label="Vehicle" htmlFor="ride-vehicle">
          <Select value={selectedFits && selected ? selected.id : ""} onValueChange={setVehicleId} disabled={fitting.length === 0}>
            <SelectTrigger
              id="ride-vehicle"
              data-testid="vehicle-select"
              data-vehicle-id={selectedFits && selected ? selected.id : ""}
              aria-invalid={capacityMessages.length > 0 || undefined}
              aria-describedby={capacityMessages.length > 0 ? "ride-capacity" : undefined}
            >
              <SelectValue
                placeholder={vehiclesLoading ? "Loading vehicles…" : fitting.length === 0 ? NO_VEHICLE_FOR_CAPACITY : "Choose a vehicle"}
              />
            </SelectTrigger>
            <SelectContent>
              {fitting.map((v) => (
                <SelectItem key={v.id} value={v.id} hint={`${v.passengerCapacity} seats · ${v.luggageCapacity} bags`}>
                  {v.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        {capacityMessages.length > 0 ? (
          <div id="ride-capacity" role="alert" className="mt-2 flex gap-2 rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-xs text-danger">
            <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden />
            <div className="space-y-0.5">
              {capacityMessages.map((m) => (
                <p key={m}>{m}</p>
              ))}
            </div>
          </div>
        ) : selected && selectedFits ? (
          <p className="mt-1.5 text-xs text-muted">
            Seats up to {selected.passengerCapacity} guests with {selected.luggageCapacity} bags.
          </p>
        ) : null}
      </div>

      <CouponField
        id="ride-coupon"
        value={couponCode}
        onChange={setCouponCode}
        applied={quoteData?.quote.coupon}
        refused={quoteData?.coupon}
        calculating={calculating}
      />

      {/* A time that cannot be served: the sentence and the nearest times take the quote's place (no "could not price"). */}
      <UnavailableTimes
        ref={refusalRef}
        error={shownRefusal}
        disabled={calculating}
        onPick={(a) => {
          setValue("date", a.date, { shouldValidate: true });
          setValue("time", a.time, { shouldValidate: true });
        }}
      />

      {unavailable ? null : (
        <QuotePanel
          quote={quoteData?.quote ?? null}
          summary={
            quoteData ? (
              <>
                <span className="text-foreground/90">{quoteData.quote.vehicleName}</span> · {quoteData.quote.miles.toFixed(1)} mi · {quoteData.quote.minutes.toFixed(0)} min
              </>
            ) : null
          }
          calculating={calculating}
          hint={
            capacityError
              ? "Adjust passengers or luggage to see your fare."
              : whenError
                ? "Choose a valid date and time to see your fare."
                : !pickup || !dropoff
                  ? "Choose both addresses to see your fare."
                  : live.isError
                    ? "We could not price this trip. Please check the addresses or choose another vehicle."
                    : "Choose a vehicle to see your fare."
          }
        />
      )}

      {bookFor ? null : <CardStep card={card} idPrefix="ride" />}

      <BookingFooter total={quoteData?.quote.totalUsd ?? null} calculating={calculating} disabled={!canConfirm} submitting={submitting} label={bookFor?.label ?? "Confirm Booking"} />
    </Form>
  );
}
