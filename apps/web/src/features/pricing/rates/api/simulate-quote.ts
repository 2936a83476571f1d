import { useMutation } from "@tanstack/react-query";
import type { SimulateQuoteInput } from "@meridian/shared/fleet";
import type { Quote } from "@meridian/shared/pricing";
import { api } from "@/lib/api";

export const simulateQuote = (input: SimulateQuoteInput) =>
  api<{ quote: Quote }>("/api/admin/pricing/simulate", { method: "POST", json: input }).then((r) => r.quote);

export const useSimulateQuote = () => useMutation({ mutationFn: simulateQuote });
