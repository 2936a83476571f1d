// The dispatch board: one day's rides on a timeline per chauffeur (their shifts behind), then every ride with
// its pickup time, route, vehicle type and party, unassigned first. The desk assigns a chauffeur and a vehicle,
// reassigns or unassigns; the server refuses (409, its sentence in the toast) overlaps, off-shift and too small a car.
import type { DispatchBoard, DispatchRide } from "@meridian/shared/rides";
import { bookingStatusLabels, isOverdueRide } from "@meridian/shared/booking-status";
import { withArticle } from "@meridian/shared/words";
import { carLabel } from "@meridian/shared/fleet-units";
import { PAYMENT_NEEDED_HINT, PAYMENT_NEEDED_LABEL } from "@meridian/shared/payment-lifecycle";
import { ArrowRight, CalendarDays, ChevronLeft, ChevronRight, CreditCard, Luggage, UserRound, Users } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FlightStatus } from "@/components/ui/flight-status";
import { Input } from "@/components/ui/input";
import { OptionSelect } from "@/components/ui/select";
import { LoadingBlock } from "@/components/ui/spinner";
import { notifyError, notifySuccess } from "@/lib/notify";
import { addDays, clockIn, dayLabel, todayHere } from "@/lib/time";
import { useNow } from "@/lib/use-now";
import { cn } from "@/lib/utils";
import { useAssignRide, useUnassignRide } from "../api/assign-ride";
import { useDispatch } from "../api/get-dispatch";
import { PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import { Panel } from "@/components/ui/panel";
import { OverdueBadge } from "@/components/admin/overdue-badge";
import { laneRows, MIN_BOX_HOURS } from "./lane-rows";
import { CapacityTable, ShiftWarnings } from "./capacity-panel";

/** One row of a timeline lane, in rem (a ride's box is 1.75rem high). */
const ROW_REM = 2.25;
/**
 * The timeline's column of lane names (narrower on a phone): it stays at the panel's left edge, over the panel's
 * padding, while the hours scroll sideways under it.
 */
const NAME_COLUMN = "sticky -left-5 z-10 -ml-5 w-33 shrink-0 self-stretch bg-surface pl-5 sm:-left-6 sm:-ml-6 sm:w-46 sm:pl-6";

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** The previous and next day buttons: 44 px squares on a phone, the desk's small buttons from sm up. */
const DAY_STEP = "size-11 px-0 sm:h-8 sm:w-auto sm:px-3";
/** A ride's pickers and buttons: the row's full width, one under another, on a phone; their own widths from sm up. */
const PICKER = "col-span-2 w-full";

export default function DispatchPage() {
  const [date, setDate] = useState(todayHere);
  const board = useDispatch(date);
  const data = board.data;
  const unassigned = data?.rides.filter((r) => !r.assignment).length ?? 0;
  // Overdue is a matter of the clock: re-read it so a ride is flagged the moment its pickup passes.
  const now = useNow(15_000, data?.rides.find((r) => new Date(r.pickupAt) > new Date() && (r.status === "pending" || r.status === "confirmed"))?.pickupAt);
  const overdue = data?.rides.filter((r) => isOverdueRide(r, now)).length ?? 0;
  return (
    <>
      <PageHeader
        eyebrow="Operations"
        title="Dispatch Board"
        description="Assign a chauffeur and a vehicle to each ride. Unassigned rides come first."
        actions={
          // On a phone the day's controls are thumb-sized (44 px) across the width; the desk's stay compact.
          <div className="flex w-full items-center gap-2 sm:w-auto">
            <Button variant="subtle" size="sm" aria-label="Previous day" className={DAY_STEP} onClick={() => setDate(addDays(date, -1))}>
              <ChevronLeft />
            </Button>
            <Input aria-label="Day" type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} className="min-w-0 flex-1 [color-scheme:dark] sm:w-40 sm:flex-none" />
            <Button variant="subtle" size="sm" aria-label="Next day" className={DAY_STEP} onClick={() => setDate(addDays(date, 1))}>
              <ChevronRight />
            </Button>
            <Button variant="ghost" size="sm" className="h-11 sm:h-8" onClick={() => setDate(todayHere())}>
              Today
            </Button>
          </div>
        }
      />
      {board.isPending ? (
        <LoadingBlock className="py-24" />
      ) : board.isError ? (
        <p className="py-16 text-center text-sm text-danger">{board.error.message}</p>
      ) : data ? (
        <>
          <div className="mb-6 flex flex-wrap items-baseline gap-x-6 gap-y-2">
            <h2 className="font-display text-3xl text-foreground">{dayLabel(data.date)}</h2>
            <p className="text-sm text-muted">
              {plural(data.rides.length, "ride")} · <span className={unassigned ? "text-gold" : undefined}>{unassigned} unassigned</span>
              {overdue ? <span className="font-semibold text-danger"> · {overdue} overdue</span> : null} · ride time includes a {data.bufferMinutes}-minute buffer
            </p>
          </div>
          <ShiftWarnings warnings={data.warnings} timeZone={data.timeZone} />
          <CapacityTable capacity={data.capacity} from={Math.min(5, ...data.capacity.filter((c) => c.sold || c.chauffeurs).map((c) => c.hour))} />
          <Timeline board={data} now={now} />
          {data.rides.length ? (
            <ul aria-label="Rides" className="mt-8 space-y-3">
              {data.rides.map((ride) => (
                <RideCard key={ride.id} ride={ride} board={data} overdue={isOverdueRide(ride, now)} />
              ))}
            </ul>
          ) : (
            <Panel className="mt-8 grid place-items-center gap-3 px-6 py-16 text-center">
              <CalendarDays className="size-6 text-gold" aria-hidden />
              <p className="text-sm text-muted">No rides booked for this day.</p>
            </Panel>
          )}
        </>
      ) : null}
    </>
  );
}

/** Hours 5:00 to 24:00 of the day, or wider when a ride or shift falls outside. */
function Timeline({ board, now }: { board: DispatchBoard; now: Date }) {
  const { timeZone } = board;
  const hourOf = (iso: string) => {
    const [h, m] = new Date(iso).toLocaleTimeString("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).split(":").map(Number);
    const sameDay = new Date(iso).toLocaleDateString("en-CA", { timeZone }) === board.date;
    return sameDay ? h! + m! / 60 : new Date(iso) < new Date(`${board.date}T12:00:00Z`) ? 0 : 24;
  };
  const starts = [...board.rides.map((r) => hourOf(r.pickupAt)), ...board.chauffeurs.flatMap((c) => c.shifts.map((s) => hourOf(s.startsAt)))];
  const from = Math.max(0, Math.min(5, ...starts.map(Math.floor)));
  const span = 24 - from;
  const pos = (h: number) => `${((Math.min(24, Math.max(from, h)) - from) / span) * 100}%`;
  const width = (a: number, b: number) => `${((Math.min(24, b) - Math.max(from, a)) / span) * 100}%`;
  const hours = Array.from({ length: Math.floor(span / 2) + 1 }, (_, i) => from + i * 2).filter((h) => h <= 24);
  const lanes = [{ id: "", fullName: "Unassigned", shifts: [] as DispatchBoard["chauffeurs"][number]["shifts"] }, ...board.chauffeurs];
  // It scrolls sideways on narrow screens: focusable so the keyboard can scroll it (like the data tables). The
  // lanes' names stay put at its left edge (narrower on a phone) while the hours scroll under them.
  return (
    <Panel className="overflow-x-auto p-5 focus-visible:outline-offset-[-2px] sm:p-6" aria-label="Timeline" tabIndex={0}>
      <div className="min-w-[760px]">
        <div className="flex h-6 border-b border-border/70">
          <div className={NAME_COLUMN} aria-hidden />
          <div className="relative flex-1">
            {hours.map((h) => (
              <span key={h} className="absolute -translate-x-1/2 text-[0.66rem] uppercase tracking-[0.14em] text-muted" style={{ left: pos(h) }}>
                {h === 24 ? "" : `${((h + 11) % 12) + 1}${h < 12 ? "a" : "p"}`}
              </span>
            ))}
          </div>
        </div>
        {lanes.map((lane) => {
          const rides = board.rides.filter((r) => (r.assignment?.chauffeurId ?? "") === lane.id);
          if (lane.id === "" && !rides.length) return null;
          // Rides that overlap (on screen) take rows of their own: nothing draws on top of anything.
          const { rows, count } = laneRows(rides.map((r) => ({ start: hourOf(r.pickupAt), end: hourOf(r.endsAt) })));
          return (
            <div key={lane.id || "unassigned"} className="flex items-center border-b border-border/40 py-2 last:border-b-0" data-testid="timeline-lane">
              <div className={cn(NAME_COLUMN, "-my-2 flex items-center")}>
                <p title={lane.fullName} className={cn("truncate pr-3 text-sm", lane.id ? "text-foreground" : "text-gold")}>
                  {lane.fullName}
                </p>
              </div>
              <div className="relative flex-1" style={{ height: `${count * ROW_REM + 0.75}rem` }}>
                {hours.map((h) => (
                  <span key={h} className="absolute inset-y-0 w-px bg-border/40" style={{ left: pos(h) }} aria-hidden />
                ))}
                {lane.shifts.map((s) => (
                  <span
                    key={s.startsAt}
                    title={`On shift ${clockIn(s.startsAt, timeZone)} – ${clockIn(s.endsAt, timeZone)} · ${s.location}`}
                    className="absolute inset-y-1 rounded-md border border-dashed border-success/30 bg-success/[0.06]"
                    style={{ left: pos(hourOf(s.startsAt)), width: width(hourOf(s.startsAt), hourOf(s.endsAt)) }}
                  />
                ))}
                {rides.map((r, i) => {
                  const start = hourOf(r.pickupAt);
                  const late = isOverdueRide(r, now);
                  return (
                    <span
                      key={r.id}
                      data-testid="timeline-ride"
                      title={`${late ? "Overdue: " : ""}${clockIn(r.pickupAt, timeZone)} ${r.pickup} → ${r.dropoff}`}
                      className={cn(
                        "absolute h-7 overflow-hidden truncate rounded-md px-2 text-[0.7rem] leading-7 ring-1 ring-background",
                        late ? "bg-danger font-semibold text-background" : r.assignment ? "bg-gold text-background" : "border border-gold/70 bg-surface text-gold",
                      )}
                      style={{ top: `${rows[i]! * ROW_REM + 0.375}rem`, left: pos(start), width: width(start, Math.max(hourOf(r.endsAt), start + MIN_BOX_HOURS)) }}
                    >
                      {clockIn(r.pickupAt, timeZone)} {r.pickup}
                    </span>
                  );
                })}
              </div>
            </div>
          );
        })}
        {!board.chauffeurs.length ? <p className="pt-4 text-sm text-muted">No chauffeurs yet: add them on the Staff page.</p> : null}
      </div>
    </Panel>
  );
}

function RideCard({ ride, board, overdue }: { ride: DispatchRide; board: DispatchBoard; overdue: boolean }) {
  const assign = useAssignRide();
  const unassign = useUnassignRide();
  const [chauffeurId, setChauffeurId] = useState(ride.assignment?.chauffeurId ?? "");
  const [vehicleId, setVehicleId] = useState(ride.assignment?.vehicleId || ride.vehicleTypeId || "");
  const [unitId, setUnitId] = useState(ride.assignment?.unitId ?? "");
  const cars = board.units.filter((u) => u.vehicleTypeId === vehicleId);
  const time = clockIn(ride.pickupAt, board.timeZone);
  const busy = assign.isPending || unassign.isPending;
  const canAssign = ride.status === "pending" || ride.status === "confirmed";

  const onAssign = async () => {
    try {
      const car = cars.find((u) => u.id === unitId);
      const { booking } = await assign.mutateAsync({ id: ride.id, input: { chauffeurId, ...(vehicleId ? { vehicleId } : {}), ...(car ? { unitId: car.id } : {}) } });
      notifySuccess(
        ride.assignment ? "Ride Reassigned" : "Chauffeur Assigned",
        `${booking.assignment?.chauffeurName} drives the ${time} ride in ${withArticle(booking.assignment?.vehicleName ?? "car")}${car ? ` (${car.plate})` : ""}.`,
      );
    } catch (err) {
      notifyError("Assignment Refused", err);
    }
  };
  const onUnassign = async () => {
    try {
      await unassign.mutateAsync(ride.id);
      setChauffeurId("");
      notifySuccess("Chauffeur Unassigned", `The ${time} ride is back among the unassigned.`);
    } catch (err) {
      notifyError("Could not unassign", err);
    }
  };

  return (
    <li
      data-testid="dispatch-ride"
      className={cn(
        "grid gap-5 rounded-[var(--radius-card)] border bg-surface/80 p-5 lg:grid-cols-[110px_1fr_minmax(380px,auto)] lg:items-center",
        overdue ? "border-danger shadow-[0_0_0_1px_rgba(224,108,90,0.35)]" : ride.assignment ? "border-border" : "border-gold/50 shadow-[0_0_0_1px_rgba(201,163,92,0.15)]",
      )}
    >
      <div>
        <p className={cn("font-display text-3xl leading-none", overdue ? "text-danger" : "text-foreground")}>{time}</p>
        <p className="mt-1.5 text-xs text-muted">{ride.minutes} min ride</p>
        {overdue ? (
          <p className="mt-2">
            <OverdueBadge />
          </p>
        ) : null}
      </div>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm text-foreground">
          <span className="truncate">{ride.pickup}</span>
          <ArrowRight className="size-3.5 shrink-0 text-gold" aria-hidden />
          <span className="truncate">{ride.dropoff}</span>
        </p>
        <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
          <span>{ride.vehicleTypeName ?? "Any vehicle"}</span>
          <span className="inline-flex items-center gap-1">
            <Users className="size-3.5 shrink-0" aria-hidden /> {plural(ride.passengers, "passenger")}
          </span>
          <span className="inline-flex items-center gap-1">
            <Luggage className="size-3.5 shrink-0" aria-hidden /> {plural(ride.luggage, "bag")}
          </span>
          <span className="inline-flex items-center gap-1">
            <UserRound className="size-3.5 shrink-0" aria-hidden /> {ride.customerName ?? "Guest"}
          </span>
          <StatusBadge status={ride.status} />
          {ride.paymentNeeded ? (
            <span data-testid="payment-needed" title={PAYMENT_NEEDED_HINT} className="inline-flex items-center gap-1 rounded-full border border-danger/50 bg-danger/10 px-2.5 py-0.5 font-medium text-danger">
              <CreditCard className="size-3.5" aria-hidden /> {PAYMENT_NEEDED_LABEL}
            </span>
          ) : null}
        </p>
        {ride.paymentNeeded ? <p className="mt-1.5 text-xs text-muted">{PAYMENT_NEEDED_HINT}</p> : null}
        {ride.flight ? <FlightStatus flight={ride.flight} pickupTime={ride.time} className="mt-2" /> : null}
        {ride.assignment ? (
          <p className="mt-2 text-sm text-gold">
            {ride.assignment.chauffeurName} · {ride.assignment.car ? carLabel(ride.assignment.car) : ride.assignment.vehicleName}
          </p>
        ) : null}
      </div>
      {canAssign ? (
        // A phone: the pickers full width, one under another, then Assign (and Unassign) as 48 px buttons.
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center lg:justify-end">
          <OptionSelect
            id={`chauffeur-${ride.id}`}
            label={`Chauffeur for the ${time} ride`}
            className={cn(PICKER, "sm:w-44")}
            placeholder="Chauffeur"
            value={chauffeurId}
            onValueChange={setChauffeurId}
            options={board.chauffeurs.map((c) => ({ value: c.id, label: `${c.fullName}${c.shifts.length ? "" : " (no shift)"}` }))}
          />
          <OptionSelect
            id={`vehicle-${ride.id}`}
            label={`Vehicle for the ${time} ride`}
            className={cn(PICKER, "sm:w-40")}
            placeholder="Vehicle"
            value={vehicleId}
            onValueChange={(v) => {
              setVehicleId(v);
              setUnitId("");
            }}
            options={board.vehicles.map((v) => ({ value: v.id, label: `${v.name} (${v.passengerCapacity})` }))}
          />
          <OptionSelect
            id={`car-${ride.id}`}
            label={`Car for the ${time} ride`}
            className={cn(PICKER, "sm:w-40")}
            placeholder={cars.length ? "Car" : "No car in service"}
            value={unitId}
            onValueChange={setUnitId}
            disabled={!cars.length}
            options={cars.map((u) => ({ value: u.id, label: `${u.plate} · ${u.colour}` }))}
          />
          <Button
            size="sm"
            className={cn("h-12 text-sm sm:h-8 sm:text-xs", !ride.assignment && "col-span-2")}
            disabled={!chauffeurId || busy || (chauffeurId === ride.assignment?.chauffeurId && vehicleId === ride.assignment?.vehicleId && unitId === (ride.assignment?.unitId ?? ""))}
            onClick={onAssign}
          >
            {ride.assignment ? "Reassign" : "Assign"}
          </Button>
          {ride.assignment ? (
            <Button size="sm" variant="ghost" className="h-12 border border-border text-sm sm:h-8 sm:border-transparent sm:text-xs" disabled={busy} onClick={onUnassign}>
              Unassign
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted lg:text-right">{bookingStatusLabels[ride.status]}</p>
      )}
    </li>
  );
}
