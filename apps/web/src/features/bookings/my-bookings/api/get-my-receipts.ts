import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Receipt } from "@meridian/shared/receipts";
import { receiptsResponseSchema } from "@meridian/shared/payments/answers";
import { api } from "@/lib/api";
import { paymentKeys } from "@/lib/query-keys";

export type { Receipt };

// Under ["me"]: a realtime booking.updated (a refund, a capture) refreshes it with the rest of the dashboard.
const myReceipts = queryOptions({ queryKey: paymentKeys.myReceipts(), queryFn: () => api("/api/me/receipts", receiptsResponseSchema), select: (data) => data.receipts });
export const useMyReceipts = () => useQuery(myReceipts);
