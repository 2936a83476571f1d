import { useMutation } from "@tanstack/react-query";
import type { IncidentRow } from "@meridian/shared/valet-ticket";
import { api } from "@/lib/api";
import { photoForm, type PhotoUpload } from "./upload-photos";

export const reportIncident = ({ ticketId, type, notes, photos }: { ticketId: string; type: string; notes: string; photos: PhotoUpload[] }) =>
  api<{ incident: IncidentRow }>(`/api/valet/tickets/${ticketId}/incidents`, { method: "POST", body: photoForm(photos, { type, notes }) });

export const useReportIncident = () => useMutation({ mutationFn: reportIncident });
