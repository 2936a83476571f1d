import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import { useState, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/utils";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

type DialogContentProps = ComponentProps<typeof D.Content> & { title: string; description?: string };

/**
 * A dialog about one item (a booking, a ticket): open while there is one, its title, description and content made
 * from it; closing it (Escape, outside, the X) calls onClose.
 */
export function ItemDialog<T>({
  item,
  onClose,
  title,
  description,
  children,
}: {
  item: T | null | undefined;
  onClose: () => void;
  title: string | ((item: T) => string);
  description?: string | ((item: T) => string);
  children: (item: T) => ReactNode;
}) {
  return (
    <Dialog open={item != null} onOpenChange={(open) => !open && onClose()}>
      {item != null ? (
        <DialogContent title={typeof title === "function" ? title(item) : title} description={typeof description === "function" ? description(item) : description}>
          {children(item)}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The element that had focus when a dialog opened (a button, a link, a row's action), if focus can go back there. */
function focusedControl(): HTMLElement | null {
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

export function DialogContent(props: DialogContentProps) {
  // The portal mounts its children only while the dialog is open, so OpenDialog's first render is the moment the
  // dialog opens (a dialog that stays in the page while closed would otherwise remember what had focus at page load).
  return (
    <D.Portal>
      <OpenDialog {...props} />
    </D.Portal>
  );
}

function OpenDialog({ className, children, title, description, onCloseAutoFocus, ...props }: DialogContentProps) {
  // One rule for every dialog: focus goes back to the control that opened it. Radix does this only for a
  // DialogTrigger; dialogs opened by app state (a button's onClick, a table row's action, useConfirm) rely on this.
  // Captured during render, before any autoFocus inside the dialog moves focus.
  const [opener] = useState(focusedControl);
  return (
    <>
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
    </>
  );
}
