import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const tones = {
  neutral: "border-border text-muted",
  gold: "border-gold/50 text-gold bg-gold/10",
  success: "border-success/50 text-success bg-success/10",
  danger: "border-danger/50 text-danger bg-danger/10",
  info: "border-sky-400/40 text-sky-300 bg-sky-400/10",
} as const;

export function Badge({ className, tone = "neutral", ...props }: ComponentProps<"span"> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn("inline-flex items-center whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium capitalize", tones[tone], className)}
      {...props}
    />
  );
}
