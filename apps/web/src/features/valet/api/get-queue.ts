import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { VALET_TICKET_EVENT } from "@meridian/shared/valet-ticket";
import { valetQueueSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { useEventStream } from "@/hooks/use-event-stream";
import { valetKeys } from "@/lib/query-keys";

export const getQueue = () => api("/api/valet/queue", valetQueueSchema);
export const queueQueryOptions = () => queryOptions({ queryKey: valetKeys.queue(), queryFn: getQueue });

/** The queue and the lot, kept live: every ticket change on the stream refreshes them (no reload). */
export function useLiveQueue() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: valetKeys.queue() });
  useEventStream("/api/valet/queue", { [VALET_TICKET_EVENT]: refresh }, refresh);
  return useQuery(queueQueryOptions());
}
