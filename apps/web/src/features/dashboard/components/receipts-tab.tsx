import { Receipt } from "lucide-react";
import { EmptyState } from "./empty-state";

export function ReceiptsTab() {
  return (
    <EmptyState icon={<Receipt />} title="No Receipts Available">
      Receipts for completed services will be listed here.
    </EmptyState>
  );
}
