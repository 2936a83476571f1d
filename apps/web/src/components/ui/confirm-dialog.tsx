// One confirmation for every action that cannot be taken back in one click (publish pricing, delete a tier,
// deactivate a coupon, complete a ride...): a dialog that names the consequence, Cancel focused first, and
// focus back on the control that asked when it closes (DialogContent's rule).
//
//   const { confirm, dialog } = useConfirm();
//   if (!(await confirm({ title: "Delete this tier?", description: "...", confirmLabel: "Delete Tier", destructive: true }))) return;
//   ...and render {dialog} once in the component.
import { useCallback, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogContent } from "./dialog";

export type ConfirmOptions = {
  title: string;
  /** What happens, in plain words (what is charged, sent, removed; whether it can be undone). */
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** Shown under the description (a figure, a list). */
  details?: ReactNode;
};

export function useConfirm() {
  const [asked, setAsked] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setAsked(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setAsked(null);
  };

  const dialog = (
    <Dialog open={asked !== null} onOpenChange={(open) => !open && answer(false)}>
      {asked ? <ConfirmContent options={asked} onAnswer={answer} /> : null}
    </Dialog>
  );
  return { confirm, dialog };
}

function ConfirmContent({ options, onAnswer }: { options: ConfirmOptions; onAnswer: (ok: boolean) => void }) {
  return (
    <DialogContent role="alertdialog" title={options.title} description={options.description} data-testid="confirm-dialog">
      {options.details ? <div className="mb-6 text-sm text-foreground/90">{options.details}</div> : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" size="lg" autoFocus onClick={() => onAnswer(false)}>
          {options.cancelLabel ?? "Cancel"}
        </Button>
        <Button variant={options.destructive ? "destructive" : "gold"} size="lg" onClick={() => onAnswer(true)}>
          {options.confirmLabel}
        </Button>
      </div>
    </DialogContent>
  );
}
