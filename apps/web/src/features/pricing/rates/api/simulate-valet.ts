// POST /api/admin/pricing/simulate-valet: the valet quote an event gets with the draft or the published rates.
import { useMutation } from "@tanstack/react-query";
import type { SimulateValetInput } from "@meridian/shared/valet-pricing";
import { api } from "@/lib/api";
import { simulatedValetQuoteSchema } from "@meridian/shared/pricing/answers";

export const simulateValet = (input: SimulateValetInput) =>
  api("/api/admin/pricing/simulate-valet", simulatedValetQuoteSchema, { method: "POST", json: input }).then((r) => r.quote);

export const useSimulateValet = () => useMutation({ mutationFn: simulateValet });
