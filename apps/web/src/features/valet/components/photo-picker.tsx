// Up to six photos from the phone's camera (`capture="environment"` opens the rear camera), each with the
// time it was taken; thumbnails with a remove button.
import { Camera, X } from "lucide-react";
import { useEffect, useMemo } from "react";
import { MAX_PHOTOS_PER_TICKET } from "@meridian/shared/valet-ticket";
import type { PhotoUpload } from "../api/upload-photos";

export function PhotoPicker({ id, photos, onChange, max = MAX_PHOTOS_PER_TICKET }: { id: string; photos: PhotoUpload[]; onChange: (p: PhotoUpload[]) => void; max?: number }) {
  const urls = useMemo(() => photos.map((p) => URL.createObjectURL(p.file)), [photos]);
  useEffect(() => () => urls.forEach((u) => URL.revokeObjectURL(u)), [urls]);
  const left = max - photos.length;
  return (
    // The file input is visually hidden: its focus shows on the "Add photo" tile that opens it.
    <div className="has-[>input:focus-visible]:[&_label]:outline-2 has-[>input:focus-visible]:[&_label]:outline-offset-2 has-[>input:focus-visible]:[&_label]:outline-gold has-[>input:focus-visible]:[&_label]:outline-solid">
      <div className="grid grid-cols-3 gap-2.5">
        {photos.map((p, i) => (
          <div key={urls[i]} className="relative aspect-[4/3] overflow-hidden rounded-lg border border-border bg-surface-2">
            <img src={urls[i]} alt={`Photo ${i + 1}`} className="size-full object-cover" />
            <button
              type="button"
              aria-label={`Remove photo ${i + 1}`}
              onClick={() => onChange(photos.filter((_, j) => j !== i))}
              className="absolute right-1 top-1 grid size-8 place-items-center rounded-full bg-background/80 text-foreground"
            >
              <X className="size-4" />
            </button>
          </div>
        ))}
        {left > 0 ? (
          <label
            htmlFor={id}
            className="flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-gold/50 text-gold transition-colors hover:bg-gold/5"
          >
            <Camera className="size-6" />
            <span className="text-xs font-medium">Add photo</span>
          </label>
        ) : null}
      </div>
      <p className="mt-2 text-xs text-muted">
        {photos.length} of {max} photos · JPEG, PNG, WebP or HEIC, up to 10 MB each
      </p>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        className="sr-only"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])].slice(0, left);
          const now = new Date().toISOString();
          onChange([...photos, ...files.map((file) => ({ file, takenAt: file.lastModified ? new Date(Math.min(file.lastModified, Date.now())).toISOString() : now }))]);
          e.target.value = "";
        }}
      />
    </div>
  );
}
