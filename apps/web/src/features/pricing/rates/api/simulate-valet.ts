// POST /api/admin/pricing/simulate-valet: the valet quote an event gets with the draft or the published rates.
import { useMutation } from "@tanstack/react-query";
import type { SimulateValetInput, ValetQuote } from "@meridian/shared/valet-pricing";
import { api } from "@/lib/api";

export const simulateValet = (input: SimulateValetInput) =>
  api<{ quote: ValetQuote }>("/api/admin/pricing/simulate-valet", { method: "POST", json: input }).then((r) => r.quote);

export const useSimulateValet = () => useMutation({ mutationFn: simulateValet });
