import { FilePlus2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { DataTable, notImplemented, PageHeader, Td, Th, Tr } from "../components/admin-ui";
import { mockIncidents } from "./mock-data";

export default function IncidentsPage() {
  return (
    <>
      <PageHeader
        eyebrow="Operations"
        title="Incidents"
        description="Damage, delays and lost items reported by the team. Sample data until incident reporting goes live."
        actions={
          <Button variant="outline" onClick={() => notImplemented("Reporting incidents is not yet implemented.")}>
            <FilePlus2 /> Report Incident
          </Button>
        }
      />
      <DataTable label="Incidents">
        <thead>
          <tr>
            <Th>Type</Th>
            <Th>Associated To</Th>
            <Th>Reported By</Th>
            <Th>Date</Th>
          </tr>
        </thead>
        <tbody>
          {mockIncidents.map((i) => (
            <Tr key={`${i.type}-${i.date}`}>
              <Td label="Type" className="font-medium">{i.type}</Td>
              <Td label="Associated To" className="font-mono text-[0.8rem] text-foreground/80">{i.associatedTo}</Td>
              <Td label="Reported By" className="text-foreground/80">{i.reportedBy}</Td>
              <Td label="Date" className="whitespace-nowrap">{i.date}</Td>
            </Tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
