import { cn } from "@/lib/utils";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className={cn("inline-block size-6 animate-spin rounded-full border-2 border-gold/25 border-t-gold", className)} />
  );
}

export function FullPageSpinner() {
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <Spinner className="size-10" />
    </div>
  );
}

/** A spinner centred in the space a block of content will take (`className`: its padding, e.g. "py-24"). */
export function LoadingBlock({ className }: { className?: string }) {
  return (
    <div className={cn("grid place-items-center", className)}>
      <Spinner />
    </div>
  );
}
