// The chosen-address chip: a map preview drawn by the server, the address, and a Change button.
import { APPROXIMATE_LABEL } from "@meridian/shared/places";
import { MapPin, PencilLine } from "lucide-react";
import { useState, type Ref } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { mapSvgUrl, type Place } from "@/lib/places/types";

export function MapChip({
  place,
  routeFrom,
  onChange,
  labelId,
  changeRef,
  className,
}: {
  place: Place;
  /** The other end's place id: the preview then shows the route from there to this place. */
  routeFrom?: string | null;
  onChange: () => void;
  labelId?: string;
  changeRef?: Ref<HTMLButtonElement>;
  className?: string;
}) {
  const src = mapSvgUrl(place.placeId, routeFrom ?? undefined);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showMap = failedSrc !== src;
  // The address without the place's own name in front ("LAX, 1 World Way, ..." -> "1 World Way, ...").
  const rest = place.address.startsWith(`${place.name}, `) ? place.address.slice(place.name.length + 2) : place.address;
  const secondary = rest && rest !== place.name ? rest : null;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      data-testid="address-chip"
      data-place-id={place.placeId}
      className={cn("overflow-hidden rounded-lg border border-gold/35 bg-surface-2 shadow-[0_10px_40px_-24px_rgba(201,163,92,0.5)]", className)}
    >
      <div className="flex min-h-24 items-stretch">
        <div className="relative w-28 shrink-0 overflow-hidden border-r border-border bg-[#0e0f12] sm:w-52">
          {showMap ? (
            <img
              src={src}
              alt={routeFrom ? `Map of the route to ${place.name}` : `Map of ${place.name}`}
              className="absolute inset-0 size-full object-cover"
              decoding="async"
              onError={() => setFailedSrc(src)}
            />
          ) : (
            <span className="absolute inset-0 grid place-items-center text-gold/70">
              <MapPin className="size-5" aria-hidden />
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col justify-center gap-2 px-3.5 py-3 sm:flex-row sm:items-center sm:gap-3">
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 text-sm font-medium leading-snug text-foreground">{place.name}</p>
            {secondary ? <p className="mt-0.5 truncate text-xs text-muted">{secondary}</p> : null}
            {place.approximate ? <p className="mt-0.5 text-xs text-gold">{APPROXIMATE_LABEL} · your chauffeur gets the address as typed</p> : null}
          </div>
          <Button
            ref={changeRef}
            type="button"
            variant="ghost"
            size="sm"
            onClick={onChange}
            className="-ml-2 self-start text-gold hover:text-gold-bright sm:ml-0 sm:self-center"
          >
            <PencilLine aria-hidden />
            Change
          </Button>
        </div>
      </div>
    </div>
  );
}
