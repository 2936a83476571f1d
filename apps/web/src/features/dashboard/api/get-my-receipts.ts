import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Receipt } from "@meridian/shared/receipts";
import { api } from "@/lib/api";
import { paymentKeys } from "@/lib/query-keys";

export type { Receipt };

export const getMyReceipts = () => api<{ receipts: Receipt[] }>("/api/me/receipts");

// Under ["me"]: a realtime booking.updated (a refund, a capture) refreshes it with the rest of the dashboard.
export const myReceiptsQueryOptions = queryOptions({
  queryKey: paymentKeys.myReceipts(),
  queryFn: getMyReceipts,
  select: (data) => data.receipts,
});

export const useMyReceipts = () => useQuery(myReceiptsQueryOptions);
