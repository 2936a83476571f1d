import { useMutation, useQueryClient } from "@tanstack/react-query";
import { valetTicketResponseSchema } from "@meridian/shared/valet/answers";
import { api } from "@/lib/api";
import { valetTicketQueryOptions } from "./get-valet-ticket";

/** Each photo goes with the time the phone took it. */
export type PhotoUpload = { file: File; takenAt: string };

export function photoForm(photos: PhotoUpload[], fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const p of photos) {
    fd.append("photo", p.file);
    fd.append("takenAt", p.takenAt);
  }
  return fd;
}

export const uploadPhotos = ({ ticketId, photos }: { ticketId: string; photos: PhotoUpload[] }) =>
  api(`/api/valet/tickets/${ticketId}/photos`, valetTicketResponseSchema, { method: "POST", body: photoForm(photos) });

export function useUploadPhotos() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadPhotos,
    onSuccess: (_, v) => void qc.invalidateQueries({ queryKey: valetTicketQueryOptions(v.ticketId).queryKey }),
  });
}
