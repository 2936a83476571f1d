// Cars checked in and parked (newest first): park them, or call one up for a guest at the stand.
import { Spinner } from "@/components/ui/spinner";
import { useLiveQueue } from "../api/get-queue";
import { Centered, TicketList } from "./queue-view";

export function LotView() {
  const { data, isPending, isError } = useLiveQueue();
  if (isPending) return <Centered><Spinner /></Centered>;
  if (isError) return <Centered>Could not load the lot.</Centered>;
  return <TicketList tickets={data.lot} empty="No cars on the lot." next={(t) => (t.status === "checked_in" ? "parked" : "requested")} label="Cars on the lot" />;
}
