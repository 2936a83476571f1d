import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export function DialogContent({
  className,
  children,
  title,
  description,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof D.Content> & { title: string; description?: string }) {
  // Dialogs opened by app state (no DialogTrigger) give focus back to whatever opened them, as Radix does for triggers.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null));
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-black/75 backdrop-blur-sm data-[state=open]:animate-in" />
      <D.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[92vh] w-[calc(100vw-24px)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto",
          "rounded-[var(--radius-card)] border border-border bg-surface p-6 shadow-2xl sm:p-8",
          className,
        )}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          if (!e.defaultPrevented && opener?.isConnected) {
            e.preventDefault();
            opener.focus();
          }
        }}
        {...props}
      >
        <D.Title className="pr-8 font-display text-3xl font-medium text-foreground">{title}</D.Title>
        {description ? <D.Description className="mt-1.5 text-sm text-muted">{description}</D.Description> : <D.Description className="sr-only">{title}</D.Description>}
        <div className="mt-6">{children}</div>
        <D.Close aria-label="Close" className="absolute right-4 top-4 rounded-md p-1.5 text-muted hover:bg-white/5 hover:text-foreground cursor-pointer">
          <X className="size-5" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}
