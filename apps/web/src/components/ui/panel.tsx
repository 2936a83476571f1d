import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** A raised card of the back office and staff screens. */
export function Panel({ className, ...props }: ComponentProps<"section">) {
  return <section className={cn("rounded-[var(--radius-card)] border border-border bg-surface/80 shadow-[0_30px_80px_-50px_rgba(0,0,0,0.9)]", className)} {...props} />;
}
