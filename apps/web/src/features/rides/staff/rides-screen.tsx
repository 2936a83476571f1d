// The chauffeur's phone screen: today's and upcoming assignments, each moved on with one big tap per step
// (En Route, On Location, Passenger On Board, Complete Ride; No-Show from on location). Live: a new
// assignment or a change from the desk arrives over the realtime stream.
import { bookingStatusLabels, rideStepLabels, type BookingStatus } from "@meridian/shared/booking-status";
import type { StaffRide } from "@meridian/shared/rides";
import { useEffect, useRef } from "react";
import { ArrowDown, CalendarClock, Car, Luggage, Phone, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { FlightStatus } from "@/components/ui/flight-status";
import { LoadingBlock } from "@/components/ui/spinner";
import { notifyError, notifySuccess } from "@/lib/notify";
import { clockIn, dayLabel } from "@/lib/time";
import { cn } from "@/lib/utils";
import { useMyRides } from "../api/get-my-rides";
import { useStepRide } from "../api/step-ride";
import { formatPhone } from "@meridian/shared/phone";

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
const finished = (s: string) => s === "completed" || s === "cancelled" || s === "no_show" || s === "expired" || s === "refunded";
const tone = (s: string) => (s === "completed" ? "success" : s === "cancelled" || s === "no_show" || s === "expired" ? "danger" : s === "confirmed" ? "gold" : "info");

export default function RidesScreen() {
  const rides = useMyRides();
  if (rides.isPending) {
    return (
      <LoadingBlock className="py-24" />
    );
  }
  if (rides.isError) return <p className="py-16 text-center text-sm text-danger">{rides.error.message}</p>;
  const { timeZone } = rides.data;
  const dayOf = (r: StaffRide) => new Date(r.pickupAt).toLocaleDateString("en-CA", { timeZone });
  const today = new Date().toLocaleDateString("en-CA", { timeZone });
  const todays = rides.data.rides.filter((r) => dayOf(r) <= today);
  const upcoming = rides.data.rides.filter((r) => dayOf(r) > today);
  return (
    <div className="space-y-8">
      <h1 className="font-display text-4xl text-foreground">Your Rides</h1>
      <section aria-label="Today">
        <h2 className="mb-3 text-[0.7rem] font-medium uppercase tracking-[0.28em] text-gold">Today</h2>
        {todays.length ? (
          <ul className="space-y-4">
            {todays.map((r) => (
              <RideCard key={r.id} ride={r} timeZone={timeZone} />
            ))}
          </ul>
        ) : (
          <p className="rounded-[var(--radius-card)] border border-border bg-surface/60 px-5 py-8 text-center text-sm text-muted">No rides for you today.</p>
        )}
      </section>
      <section aria-label="Upcoming">
        <h2 className="mb-3 text-[0.7rem] font-medium uppercase tracking-[0.28em] text-gold">Upcoming</h2>
        {upcoming.length ? (
          <ul className="space-y-4">
            {upcoming.map((r) => (
              <RideCard key={r.id} ride={r} timeZone={timeZone} showDay={dayLabel(dayOf(r))} />
            ))}
          </ul>
        ) : (
          <p className="rounded-[var(--radius-card)] border border-border bg-surface/60 px-5 py-8 text-center text-sm text-muted">Nothing scheduled after today yet.</p>
        )}
      </section>
    </div>
  );
}

function RideCard({ ride, timeZone, showDay }: { ride: StaffRide; timeZone: string; showDay?: string }) {
  const step = useStepRide();
  const next = ride.nextStatuses.filter((s) => s !== "no_show");
  const canNoShow = ride.nextStatuses.includes("no_show");
  const card = useRef<HTMLLIElement>(null);
  const acted = useRef(false);
  // After a tap the step's buttons are replaced by the next step's: focus goes to the new first button, or
  // to the card itself once the ride is over, so a keyboard user carries on from where they were.
  useEffect(() => {
    if (!acted.current || step.isPending) return;
    acted.current = false;
    (card.current?.querySelector<HTMLElement>("button") ?? card.current)?.focus();
  }, [ride.status, step.isPending]);
  const { confirm, dialog } = useConfirm();
  const go = async (status: BookingStatus) => {
    // Complete Ride charges the fare and sends the receipt; a no-show charges the fee: both ask first.
    const who = ride.customerName ?? "The passenger";
    if (
      (status === "completed" || status === "no_show") &&
      !(await confirm(
        status === "completed"
          ? {
              title: "Complete this ride?",
              description: `${who}'s card is charged the fare now and the receipt is e-mailed. Only the office can undo it, with a refund.`,
              confirmLabel: "Complete Ride",
              cancelLabel: "Not yet",
            }
          : {
              title: "Passenger did not come?",
              description: `${who}'s card is charged the no-show fee now and they are told. Only the office can undo it, with a refund.`,
              confirmLabel: "Mark No-Show",
              cancelLabel: "Keep waiting",
              destructive: true,
            },
      ))
    )
      return;
    acted.current = true;
    try {
      await step.mutateAsync({ id: ride.id, status });
      notifySuccess(bookingStatusLabels[status], `${ride.customerName ?? "The passenger"} sees it on their dashboard.`);
    } catch (err) {
      notifyError("Could not update the ride", err);
    }
  };
  return (
    <li
      ref={card}
      tabIndex={-1}
      data-testid="staff-ride"
      className={cn("rounded-[var(--radius-card)] border bg-surface p-5", finished(ride.status) ? "border-border opacity-70" : "border-gold/40 shadow-[0_20px_50px_-30px_rgba(201,163,92,0.45)]")}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          {showDay ? <p className="mb-1 flex items-center gap-1.5 text-xs uppercase tracking-[0.16em] text-muted"><CalendarClock className="size-3.5" aria-hidden />{showDay}</p> : null}
          <p className="font-display text-4xl leading-none text-foreground">{clockIn(ride.pickupAt, timeZone)}</p>
        </div>
        <Badge tone={tone(ride.status)} aria-label="Ride status">{bookingStatusLabels[ride.status]}</Badge>
      </div>
      <div className="mt-4 space-y-1">
        <p className="text-base text-foreground">{ride.pickup}</p>
        <ArrowDown className="size-4 text-gold" aria-hidden />
        <p className="text-base text-foreground">{ride.dropoff}</p>
      </div>
      {ride.flight ? <FlightStatus flight={ride.flight} pickupTime={ride.time} className="mt-3" /> : null}
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-muted">
        <span className="inline-flex items-center gap-1.5"><Users className="size-4 shrink-0" aria-hidden />{ride.customerName ?? "Guest"} · {plural(ride.passengers, "passenger")}</span>
        <span className="inline-flex items-center gap-1.5"><Luggage className="size-4 shrink-0" aria-hidden />{plural(ride.luggage, "bag")}</span>
        {ride.car ? null : <span className="inline-flex items-center gap-1.5"><Car className="size-4 shrink-0" aria-hidden />{ride.vehicleName ?? "—"}</span>}
      </div>
      {ride.car ? (
        <p className="mt-3 flex items-center gap-2 rounded-md border border-gold/30 bg-gold/5 px-3 py-2 text-sm text-foreground" data-testid="ride-car">
          <Car className="size-4 shrink-0 text-gold" aria-hidden />
          <span>
            {ride.car.colour} {ride.car.model} · <span className="font-semibold tracking-wider text-gold">{ride.car.plate}</span>
          </span>
        </p>
      ) : null}
      {ride.customerPhone ? (
        <a href={`tel:${ride.customerPhone}`} className="mt-3 inline-flex min-h-11 items-center gap-2 text-sm text-gold underline-offset-4 hover:underline">
          <Phone className="size-4" aria-hidden /> {formatPhone(ride.customerPhone)}
        </a>
      ) : null}
      {next.length || canNoShow ? (
        <div className="mt-5 space-y-2.5">
          {next.map((s) => (
            <Button key={s} size="lg" className="h-14 w-full text-base" disabled={step.isPending} onClick={() => go(s)}>
              {rideStepLabels[s as keyof typeof rideStepLabels] ?? bookingStatusLabels[s]}
            </Button>
          ))}
          {canNoShow ? (
            <Button variant="ghost" className="h-12 w-full" disabled={step.isPending} onClick={() => go("no_show")}>
              {rideStepLabels.no_show}
            </Button>
          ) : null}
        </div>
      ) : null}
      {dialog}
    </li>
  );
}
