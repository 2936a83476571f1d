import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { VALET_TICKET_EVENT } from "@meridian/shared/valet-ticket";
import { lotBoardSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { useEventStream } from "@/hooks/use-event-stream";
import { valetKeys } from "@/lib/query-keys";

export const getLotBoard = () => api("/api/admin/valet/board", lotBoardSchema);
export const lotBoardQueryOptions = () => queryOptions({ queryKey: valetKeys.lotBoard(), queryFn: getLotBoard });
export const useLotBoard = () => useQuery(lotBoardQueryOptions());

/** The board kept live from the valet stream (admins may read it). */
export function useLiveLotBoard() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: valetKeys.lotBoard() });
  useEventStream("/api/valet/queue", { [VALET_TICKET_EVENT]: refresh }, refresh);
  return useLotBoard();
}
