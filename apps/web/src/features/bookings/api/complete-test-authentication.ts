// POST /api/payments/test/authenticate (embedded test mode): passes the card's authentication step for one
// of the signed-in customer's own PaymentIntents, as a bank's 3-D Secure page would.
import type { CompleteAuthenticationInput } from "@meridian/shared/payments";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { completeAuthenticationResponseSchema } from "@meridian/shared/payments";

export const completeTestAuthentication = (input: CompleteAuthenticationInput) =>
  api("/api/payments/test/authenticate", completeAuthenticationResponseSchema, { method: "POST", json: input });

export const useCompleteTestAuthentication = () => useMutation({ mutationFn: completeTestAuthentication });
