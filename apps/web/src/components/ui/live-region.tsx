// A polite live region for a value that changes while the user looks elsewhere (a quote's total, a ride's or
// a valet ticket's status). Screen readers announce it when the words change, and only then: re-renders with
// the same message leave the DOM alone. Keep it mounted (an empty message is fine) so the first change is heard.
import { cn } from "@/lib/utils";

export function LiveRegion({ message, className, ...props }: { message: string; className?: string; "data-testid"?: string }) {
  return (
    <p role="status" aria-live="polite" aria-atomic="true" className={cn("sr-only", className)} {...props}>
      {message}
    </p>
  );
}
