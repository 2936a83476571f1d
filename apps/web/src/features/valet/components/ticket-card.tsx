// One car in the attendants' lists: key tag and stall first (what a runner needs), then the car, the wait,
// and one big button for the next step.
import { VALET_ACTION_LABELS, valetMoveSentence, type ValetStatus, type ValetTicket } from "@meridian/shared/valet-ticket";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { notifyError, notifySuccess } from "@/lib/notify";
import { StatusBadge } from "@/components/admin/admin-ui";
import { useChangeStatus } from "../api/change-status";

export function minutesSince(iso: string | null, now = Date.now()) {
  return iso ? Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000)) : 0;
}

export function TicketCard({ ticket, primary }: { ticket: ValetTicket; primary?: ValetStatus }) {
  const change = useChangeStatus();
  const card = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const acted = useRef(false);
  // Keyboard users keep their place: the button (disabled while the change is saved) gets focus back, now
  // with the next step's words; a card that leaves the list hands focus to the next card or the current tab.
  useEffect(() => {
    if (!refocus || change.isPending) return;
    setRefocus(false);
    acted.current = false;
    button.current?.focus();
  }, [refocus, change.isPending]);
  useLayoutEffect(() => {
    const li = card.current;
    return () => {
      // Only when this card had focus, or was just tapped and focus fell to the page (a car that another
      // attendant delivers takes nobody's focus).
      if (!li || !(li.contains(document.activeElement) || (acted.current && document.activeElement === document.body))) return;
      const sibling = (li.nextElementSibling ?? li.previousElementSibling)?.querySelector<HTMLElement>("button");
      (sibling ?? document.querySelector<HTMLElement>('[data-focus-home] [aria-current="page"]'))?.focus();
    };
  }, []);
  const go = async (status: ValetStatus) => {
    acted.current = true;
    setRefocus(true);
    try {
      await change.mutateAsync({ id: ticket.id, status });
      notifySuccess("Status Updated", valetMoveSentence(ticket.keyTag, status));
    } catch (err) {
      notifyError("Update Failed", err);
    }
  };
  const waited = ticket.requestedAt ? minutesSince(ticket.requestedAt) : null;
  return (
    <li ref={card} className="rounded-2xl border border-border bg-surface/80 p-4" data-testid="valet-ticket" data-ticket-code={ticket.ticketCode}>
      <Link to={`/staff/valet/tickets/${ticket.id}`} className="block">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="whitespace-nowrap font-mono text-2xl font-semibold tracking-wider text-foreground">{ticket.keyTag}</p>
            <p className="mt-0.5 text-sm text-muted">
              {ticket.stall ? (
                <>
                  Stall <span className="font-semibold text-foreground">{ticket.stall}</span> ·{" "}
                </>
              ) : null}
              {ticket.stand}
            </p>
          </div>
          <StatusBadge status={ticket.status} />
        </div>
        <p className="mt-3 text-[0.95rem] text-foreground">
          {ticket.colour} {ticket.make} {ticket.model} <span className="ml-1 font-mono text-sm text-muted">{ticket.plate}</span>
        </p>
        <p className="mt-1 text-xs text-muted">
          {ticket.ticketCode}
          {waited !== null ? ` · requested ${waited === 0 ? "just now" : `${waited} min ago`}` : ""}
          {ticket.assignedTo ? ` · ${ticket.assignedTo}` : ""}
        </p>
      </Link>
      {primary ? (
        <Button ref={button} className="mt-4 h-12 w-full text-base" disabled={change.isPending} onClick={() => go(primary)}>
          {VALET_ACTION_LABELS[primary]}
        </Button>
      ) : null}
    </li>
  );
}
