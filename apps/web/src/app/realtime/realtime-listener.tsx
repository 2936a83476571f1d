// Live booking events over SSE (GET /api/realtime, the one live-updates client). The desk (admins, dispatchers)
// gets every booking, others only their own: admins see 'New Booking Received!' and their lists refresh;
// everyone's dashboard refreshes; after a reconnection everything a screen shows is read again.
import { BOOKING_CREATED_EVENT, BOOKING_UPDATED_EVENT, NEW_BOOKING_TITLE, newBookingDescription, type BookingCreatedMessage, type DeskNotice } from "@meridian/shared/realtime";
import { useQueryClient } from "@tanstack/react-query";
import { useAuth } from "@/lib/auth/auth-context";
import { useEventStream } from "@/hooks/use-event-stream";
import { notifyError, notifySuccess } from "@/lib/notify";
import { meKeys, staffKeys, adminKeys } from "@/lib/query-keys";

const isBookingCreated = (data: unknown): data is BookingCreatedMessage =>
  typeof data === "object" && data !== null && typeof (data as { service?: unknown }).service === "string";

/** What the desk must act on (a diverted flight), sent with a booking.updated event to desk streams only. */
function deskNoticeOf(data: unknown): DeskNotice | null {
  const notice = (data as { notice?: Partial<DeskNotice> } | null)?.notice;
  return typeof notice?.title === "string" && typeof notice.description === "string" ? { title: notice.title, description: notice.description } : null;
}

/** Subscribes the signed-in user to live booking events (issue #3). Renders nothing. */
export function RealtimeListener() {
  const { user, isDesk } = useAuth();
  const queryClient = useQueryClient();

  // A booking's status or assignment changed (or the stream was down): the customer's dashboard, the chauffeur's rides and the desk follow.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: meKeys.all() });
    void queryClient.invalidateQueries({ queryKey: staffKeys.all() });
    if (isDesk) void queryClient.invalidateQueries({ queryKey: adminKeys.all() });
  };

  useEventStream(
    user ? "/api/realtime" : null,
    {
      [BOOKING_CREATED_EVENT]: (data) => {
        if (!isBookingCreated(data)) return;
        void queryClient.invalidateQueries({ queryKey: meKeys.all() });
        if (isDesk) {
          void queryClient.invalidateQueries({ queryKey: adminKeys.all() });
          notifySuccess(NEW_BOOKING_TITLE, newBookingDescription(data.service));
        }
      },
      [BOOKING_UPDATED_EVENT]: (data) => {
        refresh();
        // The desk also sees what it must act on (a diverted flight) as a toast.
        const notice = isDesk ? deskNoticeOf(data) : null;
        if (notice) notifyError(notice.title, notice.description);
      },
    },
    refresh,
  );

  return null;
}
