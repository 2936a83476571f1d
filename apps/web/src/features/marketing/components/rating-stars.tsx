// Five gold stars; the accessible text says the rating so screen readers do not read five images.
import { cn } from "@/lib/utils";

const STAR = "M10 1.5l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6L1.3 7.8l6.1-.7z";

export function RatingStars({ className, size = 16 }: { className?: string; size?: number }) {
  return (
    <span className={cn("inline-flex items-center gap-0.5", className)} role="img" aria-label="5 out of 5 stars">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 20 20" aria-hidden="true">
          <path d={STAR} fill="#d9b56c" />
        </svg>
      ))}
    </span>
  );
}
