// The booking dialog: Ride Transport (default) and Valet Service tabs, then the 'Booking Confirmed!' screen.
// Mounted only while open, so each opening starts clean: vehicles re-read, no quote or details, no success
// flag, and a new idempotency key.
import { useState } from "react";
import { useUiState } from "@/lib/ui-state";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { randomUuid } from "@/lib/random-uuid";
import { BookingConfirmed, type ConfirmedBooking } from "./booking-confirmed";
import { bookingDialogGuards, ServiceTabs, type Service } from "./service-tabs";

export default function BookingModal() {
  const { setBookingOpen, bookingService } = useUiState();
  const [chosen, setService] = useState<Service>(bookingService);
  const [idempotencyKey, setIdempotencyKey] = useState(randomUuid);
  const [confirmed, setConfirmed] = useState<ConfirmedBooking | null>(null);
  const close = () => setBookingOpen(false);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={confirmed ? "Booking Confirmed!" : "Reserve Your Experience"}
        description={confirmed ? undefined : "Chauffeured rides and event valet, priced instantly and handled impeccably."}
        className="max-w-2xl"
        {...bookingDialogGuards}
      >
        {confirmed ? (
          <BookingConfirmed booking={confirmed} onClose={close} />
        ) : (
          <ServiceTabs
            chosen={chosen}
            onChoose={setService}
            idempotencyKey={idempotencyKey}
            renewIdempotencyKey={() => setIdempotencyKey(randomUuid())}
            onConfirmed={setConfirmed}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
