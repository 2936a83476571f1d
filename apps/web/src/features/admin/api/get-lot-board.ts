import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { VALET_TICKET_EVENT, type LotBoard } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { useEventStream } from "@/hooks/use-event-stream";
import { valetKeys } from "@/lib/query-keys";

export const getLotBoard = () => api<LotBoard>("/api/admin/valet/board");
export const lotBoardQueryOptions = () => queryOptions({ queryKey: valetKeys.lotBoard(), queryFn: getLotBoard });
export const useLotBoard = () => useQuery(lotBoardQueryOptions());

/** The board kept live from the valet stream (admins may read it). */
export function useLiveLotBoard() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: valetKeys.lotBoard() });
  useEventStream("/api/valet/queue", { [VALET_TICKET_EVENT]: refresh }, refresh);
  return useLotBoard();
}
