// The address field of the spec: typing (debounced suggestions in an accessible combobox), then chosen
// (a chip with a map preview and Change). An address must be picked from the suggestions.
import { INVALID_ADDRESS_MESSAGE, INVALID_ADDRESS_TITLE, PICK_SUGGESTION_MESSAGE } from "@meridian/shared/booking";
import { APPROXIMATE_LABEL, NO_ADDRESS_FOR_LOCATION } from "@meridian/shared/places";
import { useQueryClient } from "@tanstack/react-query";
import { LocateFixed, MapPin, Search } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { notifyError } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { placeQueryOptions } from "@/lib/places/get-place";
import { reversePlaceQueryOptions } from "@/lib/places/reverse-place";
import { MIN_QUERY_LENGTH, useSuggestPlaces } from "@/lib/places/suggest-places";
import { isUsablePlace, type Place, type Suggestion } from "@/lib/places/types";
import { randomUuid } from "@/lib/random-uuid";
import { useDebouncedValue } from "@/hooks/use-debounced-value";
import { MapChip } from "./map-chip";

export const ADDRESS_MESSAGES = {
  pickFromList: PICK_SUGGESTION_MESSAGE,
  invalidTitle: INVALID_ADDRESS_TITLE,
  invalidDescription: INVALID_ADDRESS_MESSAGE,
  noGeolocation: "Geolocation is not supported by your browser.",
  positionFailed: "Unable to retrieve your location.",
  noAddressHere: NO_ADDRESS_FOR_LOCATION,
  geocoderFailed: "Geocoder failed",
} as const;

const SUGGEST_DEBOUNCE_MS = 200;

type Props = {
  id: string;
  label: string;
  placeholder?: string;
  value: Place | null;
  onChange: (place: Place | null) => void;
  /** The other end's place id: the chip's map then shows the route from there to this address. */
  routeFrom?: string | null;
  error?: string;
  className?: string;
};

/** Focus is on another control than `input` (the user moved on); not when it fell to the page or a dialog as the input went. */
function movedOn(input: HTMLInputElement | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === input) return false;
  return active.matches("input, select, textarea, button, a[href], [contenteditable=''], [contenteditable='true'], [role=combobox], [role=option]");
}

export function AddressField({ id, label, placeholder = "Search an address, venue or airport", value, onChange, routeFrom, error, className }: Props) {
  const labelId = `${id}-label`;
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const focusAfterChange = useRef(false);

  const changeAddress = useCallback(() => {
    focusAfterChange.current = true;
    onChange(null);
  }, [onChange]);

  // Keyboard users keep their place: a pick focuses the chip's Change button (the input they typed in is
  // gone), unless they have moved on while the place loaded.
  const changeRef = useRef<HTMLButtonElement>(null);
  const focusAfterPick = useRef(false);
  const pick = useCallback(
    (place: Place | null) => {
      focusAfterPick.current = place !== null && document.activeElement === inputRef.current;
      onChange(place);
    },
    [onChange],
  );

  useEffect(() => {
    if (!value && focusAfterChange.current) {
      focusAfterChange.current = false;
      inputRef.current?.focus();
    }
    if (value && focusAfterPick.current) {
      focusAfterPick.current = false;
      // Only where focus was left (the input, now gone): a customer who moved to another field keeps it.
      if (!movedOn(inputRef.current)) changeRef.current?.focus();
    }
  }, [value]);

  const [locating, setLocating] = useState(false);
  const useMyLocation = useCallback(() => {
    if (!("geolocation" in navigator) || !navigator.geolocation) {
      notifyError(ADDRESS_MESSAGES.noGeolocation, "Please type your address and pick it from the suggestions.");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      async ({ coords }) => {
        try {
          const place = await queryClient.fetchQuery(reversePlaceQueryOptions(coords.latitude, coords.longitude));
          if (!isUsablePlace(place)) throw new ApiError(404, "not_found", ADDRESS_MESSAGES.noAddressHere);
          onChange(place);
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) {
            notifyError(ADDRESS_MESSAGES.noAddressHere, "Please type your address and pick it from the suggestions.");
          } else {
            notifyError(ADDRESS_MESSAGES.geocoderFailed, err);
          }
        } finally {
          setLocating(false);
        }
      },
      () => {
        setLocating(false);
        notifyError(ADDRESS_MESSAGES.positionFailed, "Check your browser's location permission, or type your address.");
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  }, [onChange, queryClient]);

  return (
    <div className={className}>
      <div className="mb-1.5 flex items-end justify-between gap-3">
        <label id={labelId} htmlFor={value ? undefined : id} className="block text-xs font-medium uppercase tracking-[0.14em] text-muted">
          {label}
        </label>
        {value ? null : (
          <button
            type="button"
            onClick={useMyLocation}
            disabled={locating}
            className="inline-flex cursor-pointer items-center gap-1.5 text-xs text-gold/90 transition-colors hover:text-gold-bright disabled:opacity-60"
          >
            {locating ? <Spinner className="size-3.5 border" label="Finding your location" /> : <LocateFixed className="size-3.5" aria-hidden />}
            Use my current location
          </button>
        )}
      </div>
      {value ? (
        <MapChip place={value} routeFrom={routeFrom} onChange={changeAddress} labelId={labelId} changeRef={changeRef} />
      ) : (
        <AddressCombobox id={id} inputRef={inputRef} placeholder={placeholder} onPick={pick} invalid={Boolean(error)} describedBy={error ? `${id}-error` : undefined} />
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function AddressCombobox({
  id,
  inputRef,
  placeholder,
  onPick,
  invalid,
  describedBy,
}: {
  id: string;
  inputRef: React.RefObject<HTMLInputElement | null>;
  placeholder: string;
  onPick: (place: Place | null) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const listId = useId();
  const queryClient = useQueryClient();
  // One session token per typing session (Google bills a session as one lookup); renewed after a pick.
  const [session, setSession] = useState(randomUuid);
  const [text, setText] = useState("");
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const [picking, setPicking] = useState(false);
  const query = useDebouncedValue(text, SUGGEST_DEBOUNCE_MS);
  const suggest = useSuggestPlaces(query, session);

  const typed = text.trim().length >= MIN_QUERY_LENGTH;
  const suggestions: Suggestion[] = typed && query.trim().length >= MIN_QUERY_LENGTH ? (suggest.data ?? []) : [];
  const settled = query === text && !suggest.isFetching;
  const open = focused && typed && !dismissed && (suggestions.length > 0 || settled);
  const activeIndex = open && active < suggestions.length ? active : -1;
  const optionId = (i: number) => `${listId}-opt-${i}`;

  const pick = async (s: Suggestion | undefined) => {
    setDismissed(true);
    if (!s?.placeId) {
      notifyError(ADDRESS_MESSAGES.invalidTitle, ADDRESS_MESSAGES.invalidDescription);
      onPick(null);
      return;
    }
    setPicking(true);
    try {
      const place = await queryClient.fetchQuery(placeQueryOptions(s.placeId));
      if (!isUsablePlace(place)) throw new Error("unusable place");
      setSession(randomUuid());
      onPick(place);
    } catch {
      notifyError(ADDRESS_MESSAGES.invalidTitle, ADDRESS_MESSAGES.invalidDescription);
      onPick(null);
    } finally {
      setPicking(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        setDismissed(false);
        if (suggestions.length) setActive((i) => (i < 0 || i + 1 >= suggestions.length ? 0 : i + 1));
        break;
      case "ArrowUp":
        e.preventDefault();
        setDismissed(false);
        if (suggestions.length) setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
        break;
      case "Enter":
        e.preventDefault();
        if (picking) return;
        if (activeIndex >= 0) void pick(suggestions[activeIndex]);
        else notifyError(ADDRESS_MESSAGES.pickFromList, "Type a few letters, then choose a match from the list.");
        break;
      case "Escape":
        // The booking dialog leaves Escape alone while this list is open (see booking-modal.tsx).
        if (open) {
          e.preventDefault();
          setDismissed(true);
          setActive(-1);
        }
        break;
      default:
    }
  };

  return (
    <div className="relative">
      <Search className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-gold/70" aria-hidden />
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-busy={picking || undefined}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setDismissed(false);
          setActive(-1);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        className={cn(
          "h-11 w-full rounded-md border border-border bg-surface-2 pl-10 pr-10 text-sm text-foreground placeholder:text-muted/70",
          "transition-colors focus:border-gold/70 focus:outline-none focus:ring-2 focus:ring-gold/50 aria-[invalid=true]:border-danger/80",
        )}
      />
      {(suggest.isFetching && typed) || picking ? (
        <Spinner className="absolute right-3.5 top-1/2 size-4 -translate-y-1/2 border" label={picking ? "Loading address" : "Searching addresses"} />
      ) : null}
      <ul
        id={listId}
        role="listbox"
        aria-label="Address suggestions"
        hidden={!open}
        className="absolute inset-x-0 top-full z-[55] mt-1.5 max-h-72 overflow-y-auto rounded-lg border border-border bg-surface/97 p-1 shadow-[0_24px_60px_-18px_rgba(0,0,0,0.9)] backdrop-blur-xl"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.placeId}
            id={optionId(i)}
            role="option"
            aria-selected={i === activeIndex}
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => setActive(i)}
            onClick={() => void pick(s)}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-md px-3 py-2.5",
              i === activeIndex ? "bg-gold/12 text-gold-bright" : "text-foreground/90",
            )}
          >
            <MapPin className={cn("mt-0.5 size-4 shrink-0", i === activeIndex ? "text-gold" : "text-gold/60")} aria-hidden />
            <span className="min-w-0">
              <span className="line-clamp-2 block text-sm">{s.primary}</span>
              {s.approximate ? (
                <span className="mt-0.5 inline-block rounded-sm border border-gold/40 px-1.5 text-[0.7rem] uppercase tracking-wide text-gold">{APPROXIMATE_LABEL}</span>
              ) : null}
              {s.secondary ? <span className="block truncate text-xs text-muted">{s.secondary}</span> : null}
            </span>
          </li>
        ))}
        {open && suggestions.length === 0 ? (
          <li role="presentation" className="px-3 py-3 text-sm text-muted">
            {suggest.isError ? "Address search is unavailable right now." : "No matching places. Try a street address with its city or ZIP, a venue or an airport."}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
