import { useState } from "react";

/**
 * A dialog that adds an item (none given) or edits one: `add`, `edit(item)`, and the dialog's `open`,
 * `onOpenChange` and `item`. The item stays while the dialog closes, so its title does not change as it fades.
 */
export function useItemDialog<T>() {
  const [item, setItem] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  return {
    item,
    open,
    onOpenChange: setOpen,
    add: () => {
      setItem(null);
      setOpen(true);
    },
    edit: (next: T) => {
      setItem(next);
      setOpen(true);
    },
  };
}
