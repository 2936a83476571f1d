// A booking's or receipt's card head in My Bookings: the service's icon, its name with the booking's status, one
// line that says what it was (the route, the address), and what the card adds below that line.
import { Car, ParkingSquare } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { BookingStatusBadge } from "./status-badge";

export function ServiceSummary({
  service,
  title,
  titleId,
  status,
  line,
  className,
  children,
}: {
  service: string;
  title: string;
  /** The heading's id, for a card labelled by it. */
  titleId?: string;
  status: string;
  line: string;
  className?: string;
  children?: ReactNode;
}) {
  const Icon = service === "valet" ? ParkingSquare : Car;
  return (
    <div className={cn("flex min-w-0 items-start gap-4", className)}>
      <div className="grid size-12 shrink-0 place-items-center rounded-lg border border-gold/30 bg-gold/5 text-gold">
        <Icon aria-hidden className="size-5" />
      </div>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={titleId} className="font-display text-2xl leading-none text-foreground">
            {title}
          </h3>
          <BookingStatusBadge status={status} />
        </div>
        <p className="mt-1.5 truncate text-sm text-muted" title={line}>
          {line}
        </p>
        {children}
      </div>
    </div>
  );
}
