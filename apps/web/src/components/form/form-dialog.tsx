// The dialog a create-or-edit form opens in: its title and line of description, the form mounted only while it
// is open (give the form a key per item edited, so it starts again from that item's values).
import type { ReactNode } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title={title} description={description}>
          {children}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
