import { useMutation } from "@tanstack/react-query";
import type { SimulateQuoteInput } from "@meridian/shared/fleet";
import { simulatedQuoteSchema } from "@meridian/shared/pricing/answers";
import { api } from "@/lib/api";

export const simulateQuote = (input: SimulateQuoteInput) =>
  api("/api/admin/pricing/simulate", simulatedQuoteSchema, { method: "POST", json: input }).then((r) => r.quote);

export const useSimulateQuote = () => useMutation({ mutationFn: simulateQuote });
