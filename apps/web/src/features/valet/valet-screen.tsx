// /staff/valet/*: the valet attendant's phone screens: the live queue, check-in, the lot, one ticket.
import { NavLink, Route, Routes } from "react-router";
import { cn } from "@/lib/utils";
import { CheckInForm } from "./components/check-in-form";
import { LotView } from "./components/lot-view";
import { QueueView } from "./components/queue-view";
import { TicketView } from "./components/ticket-view";

const TABS = [
  { to: "/staff/valet", label: "Queue", end: true },
  { to: "/staff/valet/check-in", label: "Check In", end: false },
  { to: "/staff/valet/lot", label: "Lot", end: false },
];

export default function ValetScreen() {
  return (
    <div>
      <h1 className="sr-only">Valet</h1>
      <nav aria-label="Valet" data-focus-home className="mb-5 grid grid-cols-3 gap-1 rounded-xl border border-border bg-surface/70 p-1">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={t.end}
            className={({ isActive }) =>
              cn("flex min-h-12 items-center justify-center rounded-lg text-sm font-medium transition-colors", isActive ? "bg-gold text-background" : "text-foreground/80 hover:text-foreground")
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<QueueView />} />
        <Route path="check-in" element={<CheckInForm />} />
        <Route path="lot" element={<LotView />} />
        <Route path="tickets/:id" element={<TicketView />} />
      </Routes>
    </div>
  );
}
