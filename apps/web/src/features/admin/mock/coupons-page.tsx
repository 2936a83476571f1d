import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, notImplemented, PageHeader, StatusBadge, Td, Th, Tr } from "../components/admin-ui";
import { mockCoupons } from "./mock-data";

export default function CouponsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Marketing"
        title="Coupons"
        description="Promotional codes and how often they are used. Sample data until coupons go live."
        actions={
          <Button variant="outline" onClick={() => notImplemented("Creating coupons is not yet implemented.")}>
            <Plus /> New Coupon
          </Button>
        }
      />
      <DataTable label="Coupons">
        <thead>
          <tr>
            <Th>Code</Th>
            <Th>Type</Th>
            <Th>Value</Th>
            <Th>Usage</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody>
          {mockCoupons.map((c) => (
            <Tr key={c.code}>
              <Td label="Code">
                <span className="font-mono text-[0.82rem] tracking-wider text-gold-bright">{c.code}</span>
              </Td>
              <Td label="Type" className="text-foreground/80">{c.type}</Td>
              <Td label="Value" className="tabular-nums">{c.value}</Td>
              <Td label="Usage" className="tabular-nums text-foreground/80">{c.usage}</Td>
              <Td label="Status">
                <StatusBadge status={c.status} />
              </Td>
            </Tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
