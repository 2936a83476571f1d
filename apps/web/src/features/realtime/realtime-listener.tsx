// Live booking events over SSE (GET /api/realtime). The desk (admins, dispatchers) gets every booking, others only
// their own: admins see 'New Booking Received!' and their lists refresh; everyone's dashboard refreshes.
import { BOOKING_CREATED_EVENT, BOOKING_UPDATED_EVENT, NEW_BOOKING_TITLE, newBookingDescription, type BookingCreatedMessage, type DeskNotice } from "@meridian/shared/realtime";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useAuth } from "@/features/auth/auth-context";
import { notifyError, notifySuccess } from "@/lib/notify";

const MIN_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

type BookingCreated = BookingCreatedMessage;

function parseEvent(data: unknown): BookingCreated | null {
  if (typeof data !== "string") return null;
  try {
    const v = JSON.parse(data) as Partial<BookingCreated>;
    return typeof v.service === "string" ? (v as BookingCreated) : null;
  } catch {
    return null;
  }
}

function deskNoticeOf(data: unknown): DeskNotice | null {
  if (typeof data !== "string") return null;
  try {
    const notice = (JSON.parse(data) as { notice?: Partial<DeskNotice> }).notice;
    return typeof notice?.title === "string" && typeof notice.description === "string" ? { title: notice.title, description: notice.description } : null;
  } catch {
    return null;
  }
}

/** Subscribes the signed-in user to live booking events (issue #3). Renders nothing. */
export function RealtimeListener() {
  const { user, isDesk } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let opened = false;

    const onBookingCreated = (e: MessageEvent) => {
      const event = parseEvent(e.data);
      if (!event) return;
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      if (isDesk) {
        void queryClient.invalidateQueries({ queryKey: ["admin"] });
        notifySuccess(NEW_BOOKING_TITLE, newBookingDescription(event.service));
      }
    };

    // A booking's status or assignment changed: the customer's dashboard, the chauffeur's rides and the desk follow;
    // the desk also sees what it must act on (a diverted flight) as a toast.
    const onBookingUpdated = (e: MessageEvent) => {
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      void queryClient.invalidateQueries({ queryKey: ["staff"] });
      if (!isDesk) return;
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
      const notice = deskNoticeOf(e.data);
      if (notice) notifyError(notice.title, notice.description);
    };

    const connect = () => {
      if (stopped) return;
      source = new EventSource("/api/realtime");
      source.addEventListener(BOOKING_CREATED_EVENT, onBookingCreated as EventListener);
      source.addEventListener(BOOKING_UPDATED_EVENT, onBookingUpdated as EventListener);
      source.onopen = () => {
        attempt = 0;
        // After a reconnect, catch up on anything missed while the stream was down.
        if (opened) {
          void queryClient.invalidateQueries({ queryKey: ["me"] });
          void queryClient.invalidateQueries({ queryKey: ["staff"] });
          if (isDesk) void queryClient.invalidateQueries({ queryKey: ["admin"] });
        }
        opened = true;
      };
      source.onerror = () => {
        // The browser retries a dropped stream by itself; once it gives up (CLOSED), back off and reconnect.
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        const delay = Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** attempt) * (0.75 + Math.random() * 0.5);
        attempt += 1;
        retryTimer = setTimeout(connect, delay);
      };
    };
    connect();

    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId, isDesk, queryClient]);

  return null;
}
