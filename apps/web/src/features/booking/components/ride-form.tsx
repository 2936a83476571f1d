// Ride Transport tab: two addresses, date and time, party size, a vehicle that fits, the server's quote,
// and Confirm Booking (idempotent, sign-in required).
import { NO_VEHICLE_FOR_CAPACITY, noVehicleFitsMessage, normaliseLuggage, normalisePassengers, partyFieldError, vehiclesThatFit } from "@meridian/shared/capacity";
import { RIDE_DEFAULTS, ROUTE_FAILED_DESCRIPTION, ROUTE_FAILED_TITLE } from "@meridian/shared/booking";
import { bookingTimeProblem } from "@meridian/shared/booking-time";
import { AlertTriangle, Luggage, Users } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import type { Place } from "@/features/places/api/types";
import { AddressField } from "@/features/places/components/address-field";
import { ApiError } from "@/lib/api";
import { notifyError } from "@/lib/notify";
import { useBookingClock } from "../api/get-booking-times";
import { useQuote, type QuoteInput } from "../api/get-quote";
import type { BookableVehicle } from "../api/get-vehicles";
import type { ConfirmedBooking } from "./booking-confirmed";
import { CardStep } from "./card-step";
import { CouponField } from "./coupon-field";
import { FlightFields, flightNumberOf } from "./flight-fields";
import { BookingFooter } from "./booking-footer";
import { QuotePanel } from "./quote-panel";
import { TimeSelect } from "./time-select";
import { useConfirmBooking, type BookForCaller } from "./use-confirm-booking";
import { useLiveQuote } from "./use-live-quote";

function quoteErrorToast(err: unknown) {
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

  const [pickup, setPickup] = useState<Place | null>(null);
  const [dropoff, setDropoff] = useState<Place | null>(null);
  // The dialog opens on the spec's default time (noon) on the first day it can still be booked.
  const [date, setDate] = useState(() => clock.firstDateFor(RIDE_DEFAULTS.time));
  const times = useMemo(() => clock.timesOn(date), [clock, date]);
  const [chosenTime, setTime] = useState<string>(RIDE_DEFAULTS.time);
  // A time no longer offered (another day chosen, the clock moved on) becomes the day's first bookable time.
  const time = times.includes(chosenTime) ? chosenTime : (times[0] ?? chosenTime);
  const [passengersText, setPassengersText] = useState<string>(String(RIDE_DEFAULTS.passengers));
  const [luggageText, setLuggageText] = useState<string>(String(RIDE_DEFAULTS.luggage));
  const [vehicleId, setVehicleId] = useState<string | null>(null);
  const [couponCode, setCouponCode] = useState("");
  // An airport pickup asks for the arriving flight (airline + number).
  const [airline, setAirline] = useState("AA");
  const [flightText, setFlightText] = useState("");
  const atAirport = pickup?.precision === "airport";
  const flightNumber = atAirport ? flightNumberOf(airline, flightText) : { value: null };

  const passengers = normalisePassengers(passengersText);
  const luggage = normaliseLuggage(luggageText);
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
  const passengersError = partyFieldError("passengers", passengersText);
  const luggageError = partyFieldError("luggage", luggageText);
  // Only when nothing fits is there a capacity problem left to explain (otherwise the vehicle switched): one sentence.
  const capacityMessages = useMemo(
    () => (!passengersError && !luggageError && vehicles.length > 0 && fitting.length === 0 ? [noVehicleFitsMessage(vehicles, passengers)] : []),
    [passengersError, luggageError, vehicles, fitting.length, passengers],
  );
  const capacityError = capacityMessages.length > 0 || Boolean(passengersError || luggageError);

  // The server's words: why the date or time cannot be booked, and the earliest time that can.
  const problem = date === "" ? { field: "date", message: "Please choose a date." } : bookingTimeProblem("ride", date, time, clock.settings, clock.now());
  const dateError = problem?.field === "date" ? problem.message : undefined;
  const timeError = problem?.field === "time" ? problem.message : undefined;

  // A quote is fetched automatically whenever both addresses and a vehicle are set and the inputs are valid.
  const quoteInput: QuoteInput | null =
    pickup && dropoff && selected && selectedFits && !capacityError && !dateError && !timeError && !flightNumber.error
      ? {
          pickupPlaceId: pickup.placeId,
          dropoffPlaceId: dropoff.placeId,
          vehicleTypeId: selected.id,
          passengers,
          luggage,
          date,
          time,
          ...(couponCode.trim() ? { couponCode: couponCode.trim() } : {}),
          ...(flightNumber.value ? { flightNumber: flightNumber.value } : {}),
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
    if (foundFlight.suggestedDate === date && times.includes(foundFlight.suggestedTime)) setTime(foundFlight.suggestedTime);
  }, [foundFlight, suggestedFor, date, times]);

  // A capacity problem blocks the quote: say so once per problem, when a quote would otherwise be fetched.
  const routeReady = Boolean(pickup && dropoff);
  const capacityKey = routeReady && capacityMessages.length > 0 ? capacityMessages.join(" ") : "";
  useEffect(() => {
    if (capacityKey) notifyError("Capacity Issue", capacityKey);
  }, [capacityKey]);

  const confirmBooking = useConfirmBooking({ idempotencyKey, renewIdempotencyKey, refetchQuote: live.refetch, amountUsd: quoteData?.quote.totalUsd ?? null });
  const { confirm: book, card } = confirmBooking;
  const submitting = bookFor ? bookFor.submitting : confirmBooking.submitting;
  const canConfirm = Boolean(quoteData && !calculating && !capacityError && pickup && dropoff && !submitting);

  const confirm = () => {
    if (!quoteData || !pickup || !dropoff) return;
    if (bookFor) return bookFor.submit({ service: "ride", quoteId: quoteData.quoteId });
    const snapshot = { service: "ride" as const, vehicleName: quoteData.quote.vehicleName, totalUsd: quoteData.quote.totalUsd, pickup, dropoff, date, time };
    book({ service: "ride", quoteId: quoteData.quoteId }, (res) => onConfirmed({ ...res, ...snapshot }));
  };

  return (
    // A form, so Enter in a field books once the quote is ready (the address lists keep Enter for picking).
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (canConfirm) confirm();
      }}
    >
      <AddressField id="ride-pickup" label="Pickup" placeholder="Airport, hotel, venue or address" value={pickup} onChange={setPickup} />
      {atAirport ? (
        <FlightFields
          airline={airline}
          number={flightText}
          onAirline={setAirline}
          onNumber={setFlightText}
          error={flightNumber.error ?? (flightText.trim() ? flightProblem : undefined)}
          flight={foundFlight}
          time={time}
          onUseTime={setTime}
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
        <Field label="Date" htmlFor="ride-date" error={dateError}>
          <div className="relative">
            <Input
              id="ride-date"
              type="date"
              min={clock.earliest.date}
              required
              value={date}
              onChange={(e) => setDate(e.target.value)}
              className="[color-scheme:dark]"
            />
          </div>
        </Field>
        <Field label="Time" htmlFor="ride-time" error={timeError}>
          <div className="relative">
            <TimeSelect id="ride-time" required times={times} value={time} onChange={(e) => setTime(e.target.value)} />
          </div>
        </Field>
        <Field label="Passengers" htmlFor="ride-passengers" error={passengersError}>
          <div className="relative">
            <Users className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-gold/70" aria-hidden />
            <Input
              id="ride-passengers"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={passengersText}
              onChange={(e) => setPassengersText(e.target.value)}
              onBlur={() => {
                if (passengersText.trim() === "") setPassengersText(String(passengers));
              }}
              className="pl-10"
            />
          </div>
        </Field>
        <Field label="Luggage" htmlFor="ride-luggage" error={luggageError}>
          <div className="relative">
            <Luggage className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-gold/70" aria-hidden />
            <Input
              id="ride-luggage"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={luggageText}
              onChange={(e) => setLuggageText(e.target.value)}
              onBlur={() => {
                if (luggageText.trim() === "") setLuggageText(String(luggage));
              }}
              className="pl-10"
            />
          </div>
        </Field>
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
            : dateError || timeError
              ? "Choose a valid date and time to see your fare."
              : !pickup || !dropoff
                ? "Choose both addresses to see your fare."
                : live.isError
                  ? "We could not price this trip. Please check the addresses or choose another vehicle."
                  : "Choose a vehicle to see your fare."
        }
      />

      {bookFor ? null : <CardStep card={card} idPrefix="ride" />}

      <BookingFooter total={quoteData?.quote.totalUsd ?? null} calculating={calculating}>
        <Button type="submit" size="lg" className="w-full" disabled={!canConfirm} aria-busy={submitting || undefined}>
          {submitting ? <Spinner className="size-4 border-background/30 border-t-background" label="Booking" /> : null}
          {submitting ? "Confirming…" : (bookFor?.label ?? "Confirm Booking")}
        </Button>
      </BookingFooter>
    </form>
  );
}
