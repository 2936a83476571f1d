// Realtime (GET /api/realtime, Server-Sent Events): the event name, its payload and the admin's toast.
// Kept free of zod so the always-loaded client listener stays small.
export const BOOKING_CREATED_EVENT = "booking.created";
export type BookingCreatedMessage = { bookingId: string; service: string; createdAt: string };
export const NEW_BOOKING_TITLE = "New Booking Received!";
export const newBookingDescription = (service: string) => `A new ${service} booking was just created.`;

/** A booking's status or assignment changed: its customer, its chauffeur and the desk hear it. */
export const BOOKING_UPDATED_EVENT = "booking.updated";
/** Something the desk must act on (a diverted flight): shown to admins and dispatchers as a toast, never sent to others. */
export type DeskNotice = { title: string; description: string };
export type BookingUpdatedMessage = { bookingId: string; status: string; chauffeurFirstName: string | null; vehicleName: string | null; notice?: DeskNotice };
