// The booking dialog: Ride Transport (default) and Valet Service tabs, then the 'Booking Confirmed!' screen.
// Mounted only while open, so each opening starts clean: vehicles re-read, no quote or details, no success
// flag, and a new idempotency key.
import { useEffect, useState } from "react";
import { useUiState } from "@/app/ui-state";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { randomUuid } from "@/features/places/lib/random-uuid";
import { notifyError } from "@/lib/notify";
import { useFeature } from "@/lib/public-settings";
import { useVehicles } from "../api/get-vehicles";
import { BookingConfirmed, type ConfirmedBooking } from "./booking-confirmed";
import { RideForm } from "./ride-form";
import { ValetForm } from "./valet-form";

type Service = "ride" | "valet";

/** Keep the dialog open while the user works in an address list or a toast (they sit outside its layer). */
function isInsideFloatingUi(target: EventTarget | null) {
  return target instanceof Element && Boolean(target.closest("[data-sonner-toaster]"));
}

export default function BookingModal() {
  const { setBookingOpen, bookingService } = useUiState();
  const valetOn = useFeature("valetBooking");
  const [chosen, setService] = useState<Service>(bookingService);
  const service: Service = valetOn ? chosen : "ride";
  const [idempotencyKey, setIdempotencyKey] = useState(randomUuid);
  const [confirmed, setConfirmed] = useState<ConfirmedBooking | null>(null);

  const vehicles = useVehicles();
  useEffect(() => {
    if (vehicles.isError) notifyError("Could not fetch vehicles.", vehicles.error);
  }, [vehicles.isError, vehicles.error]);

  const close = () => setBookingOpen(false);

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent
        title={confirmed ? "Booking Confirmed!" : "Reserve Your Experience"}
        description={confirmed ? undefined : "Chauffeured rides and event valet, priced instantly and handled impeccably."}
        className="max-w-2xl"
        onEscapeKeyDown={(e) => {
          // Escape first closes an open address list (the combobox handles it), not the dialog.
          const el = document.activeElement;
          if (el?.getAttribute("role") === "combobox" && el.getAttribute("aria-expanded") === "true") e.preventDefault();
        }}
        onInteractOutside={(e) => {
          if (isInsideFloatingUi(e.target)) e.preventDefault();
        }}
      >
        {confirmed ? (
          <BookingConfirmed booking={confirmed} onClose={close} />
        ) : (
          <Tabs
            value={service}
            onValueChange={(v) => {
              // Switching tabs clears the quote and details: each tab's form unmounts when hidden.
              setService(v as Service);
            }}
          >
            <TabsList className={valetOn ? "grid w-full grid-cols-2" : "grid w-full grid-cols-1"}>
              {valetOn ? <TabsTrigger value="valet">Valet Service</TabsTrigger> : null}
              <TabsTrigger value="ride">Ride Transport</TabsTrigger>
            </TabsList>
            <TabsContent value="ride">
              <RideForm
                vehicles={vehicles.data ?? []}
                vehiclesLoading={vehicles.isPending}
                idempotencyKey={idempotencyKey}
                renewIdempotencyKey={() => setIdempotencyKey(randomUuid())}
                onConfirmed={setConfirmed}
              />
            </TabsContent>
            {valetOn ? (
              <TabsContent value="valet">
                <ValetForm idempotencyKey={idempotencyKey} renewIdempotencyKey={() => setIdempotencyKey(randomUuid())} onConfirmed={setConfirmed} />
              </TabsContent>
            ) : null}
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}
