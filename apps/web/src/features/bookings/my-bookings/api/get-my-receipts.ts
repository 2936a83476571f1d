import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Receipt } from "@meridian/shared/receipts";
import { receiptsResponseSchema } from "@meridian/shared/payments/answers";
import { api } from "@/lib/api";
import { paymentKeys } from "@/lib/query-keys";

export type { Receipt };

export const getMyReceipts = () => api("/api/me/receipts", receiptsResponseSchema);

// Under ["me"]: a realtime booking.updated (a refund, a capture) refreshes it with the rest of the dashboard.
export const myReceiptsQueryOptions = queryOptions({
  queryKey: paymentKeys.myReceipts(),
  queryFn: getMyReceipts,
  select: (data) => data.receipts,
});

export const useMyReceipts = () => useQuery(myReceiptsQueryOptions);
