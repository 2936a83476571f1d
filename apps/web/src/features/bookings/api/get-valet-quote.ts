// POST /api/valet/quotes: the server prices the event from the published valet rates; the client only displays its answer.
import { useQuery } from "@tanstack/react-query";
import type { ValetQuoteValues } from "@meridian/shared/valet";
import type { ValetQuoteResponse } from "@meridian/shared/valet-pricing";
import { api } from "@/lib/api";
import { liveQuoteOptions } from "./get-quote";

export type { ValetQuoteResponse, ValetQuoteValues };

export const getValetQuote = (input: ValetQuoteValues, signal?: AbortSignal) =>
  api<ValetQuoteResponse>("/api/valet/quotes", { method: "POST", json: input, signal });

export const valetQuoteQueryOptions = (input: ValetQuoteValues | null) => liveQuoteOptions("valet-quotes", input, getValetQuote);

export const useValetQuote = (input: ValetQuoteValues | null) => useQuery(valetQuoteQueryOptions(input));
