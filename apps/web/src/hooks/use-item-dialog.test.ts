// @vitest-environment happy-dom
// An add-or-edit dialog's state: Add opens it empty, Edit with the item, and the item stays while it closes.
import { act, renderHook } from "@testing-library/react";
import { expect, it } from "vitest";
import { useItemDialog } from "./use-item-dialog";

it("opens empty to add, with the item to edit, and keeps the item while the dialog closes", () => {
  const { result } = renderHook(() => useItemDialog<{ plate: string }>());
  expect(result.current.open).toBe(false);
  act(() => result.current.edit({ plate: "8MER101" }));
  expect(result.current).toMatchObject({ open: true, item: { plate: "8MER101" } });
  act(() => result.current.onOpenChange(false));
  expect(result.current).toMatchObject({ open: false, item: { plate: "8MER101" } });
  act(() => result.current.add());
  expect(result.current).toMatchObject({ open: true, item: null });
});
