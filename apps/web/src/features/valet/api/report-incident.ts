import { useMutation } from "@tanstack/react-query";
import { incidentResponseSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { photoForm, type PhotoUpload } from "./upload-photos";

export const reportIncident = ({ ticketId, type, notes, photos }: { ticketId: string; type: string; notes: string; photos: PhotoUpload[] }) =>
  api(`/api/valet/tickets/${ticketId}/incidents`, incidentResponseSchema, { method: "POST", body: photoForm(photos, { type, notes }) });

export const useReportIncident = () => useMutation({ mutationFn: reportIncident });
