// The booking forms' shared frame, used by the customer's booking dialog and the desk's New Booking (booking for a
// caller): the Valet Service / Ride Transport tabs with their forms (valet only while the feature is on; switching
// tabs clears the quote and details, as each tab's form unmounts when hidden), the vehicles they quote with, and
// the dialog's guards so that Escape and clicks in an address list or a toast do not close the dialog.
import { useEffect, type ComponentProps } from "react";
import type { DialogContent } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { notifyError } from "@/lib/notify";
import { useFeature } from "@/lib/public-settings";
import { useVehicles } from "../api/get-vehicles";
import type { ConfirmedBooking } from "./booking-confirmed";
import { RideForm } from "./ride-form";
import type { BookForCaller } from "./use-confirm-booking";
import { ValetForm } from "./valet-form";

export type Service = "ride" | "valet";

/** Keep the dialog open while the user works in an address list or a toast (they sit outside its layer). */
const insideFloatingUi = (target: EventTarget | null) => target instanceof Element && Boolean(target.closest("[data-sonner-toaster]"));

/** For the DialogContent holding the forms: Escape first closes an open address list, and the toasts are not "outside". */
export const bookingDialogGuards: Pick<ComponentProps<typeof DialogContent>, "onEscapeKeyDown" | "onInteractOutside"> = {
  onEscapeKeyDown: (e) => {
    const el = document.activeElement;
    if (el?.getAttribute("role") === "combobox" && el.getAttribute("aria-expanded") === "true") e.preventDefault();
  },
  onInteractOutside: (e) => {
    if (insideFloatingUi(e.target)) e.preventDefault();
  },
};

/** The service picked, falling back to a ride while valet booking is off (Settings → Features). */
function useServiceChoice(chosen: Service): { service: Service; valetOn: boolean } {
  const valetOn = useFeature("valetBooking");
  return { service: valetOn ? chosen : "ride", valetOn };
}

export function ServiceTabs({
  chosen,
  onChoose,
  idempotencyKey,
  renewIdempotencyKey,
  onConfirmed,
  bookFor,
}: {
  chosen: Service;
  onChoose: (service: Service) => void;
  idempotencyKey: string;
  renewIdempotencyKey: () => void;
  onConfirmed: (booking: ConfirmedBooking) => void;
  /** The desk's booking for a caller: the forms skip the card step and hand the quote over. */
  bookFor?: BookForCaller;
}) {
  const { service, valetOn } = useServiceChoice(chosen);
  const vehicles = useVehicles();
  useEffect(() => {
    if (vehicles.isError) notifyError("Could not fetch vehicles.", vehicles.error);
  }, [vehicles.isError, vehicles.error]);
  const forms = { idempotencyKey, renewIdempotencyKey, onConfirmed, ...(bookFor ? { bookFor } : {}) };
  return (
    <Tabs value={service} onValueChange={(v) => onChoose(v as Service)}>
      <TabsList className={valetOn ? "grid w-full grid-cols-2" : "grid w-full grid-cols-1"}>
        {valetOn ? <TabsTrigger value="valet">Valet Service</TabsTrigger> : null}
        <TabsTrigger value="ride">Ride Transport</TabsTrigger>
      </TabsList>
      <TabsContent value="ride">
        <RideForm vehicles={vehicles.data ?? []} vehiclesLoading={vehicles.isPending} {...forms} />
      </TabsContent>
      {valetOn ? (
        <TabsContent value="valet">
          <ValetForm {...forms} />
        </TabsContent>
      ) : null}
    </Tabs>
  );
}
