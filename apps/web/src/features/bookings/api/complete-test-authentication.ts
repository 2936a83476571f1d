// POST /api/payments/test/authenticate (embedded test mode): passes the card's authentication step for one
// of the signed-in customer's own PaymentIntents, as a bank's 3-D Secure page would.
import type { CompleteAuthenticationInput, CompleteAuthenticationResponse } from "@meridian/shared/payments";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export const completeTestAuthentication = (input: CompleteAuthenticationInput) =>
  api<CompleteAuthenticationResponse>("/api/payments/test/authenticate", { method: "POST", json: input });

export const useCompleteTestAuthentication = () => useMutation({ mutationFn: completeTestAuthentication });
