// Realtime (GET /api/realtime, Server-Sent Events): the event name, its payload and the admin's toast.
// Kept free of zod so the always-loaded client listener stays small.
export const BOOKING_CREATED_EVENT = "booking.created";
export type BookingCreatedMessage = { bookingId: string; service: string; createdAt: string };
export const NEW_BOOKING_TITLE = "New Booking Received!";
export const newBookingDescription = (service: string) => `A new ${service} booking was just created.`;
