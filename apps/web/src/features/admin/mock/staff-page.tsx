import { CalendarPlus, UserPlus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DataTable, notImplemented, PageHeader, StatusBadge, Td, Th, Tr } from "../components/admin-ui";
import { mockShifts, mockStaff } from "./mock-data";

export default function StaffPage() {
  return (
    <>
      <PageHeader
        eyebrow="Team"
        title="Staff"
        description="Chauffeurs and valet teams, and who works when. Sample data until scheduling goes live."
        actions={
          <Button variant="outline" onClick={() => notImplemented("Adding staff members is not yet implemented.")}>
            <UserPlus /> Add Staff
          </Button>
        }
      />
      <Tabs defaultValue="members">
        <TabsList aria-label="Staff sections">
          <TabsTrigger value="members">Staff Members</TabsTrigger>
          <TabsTrigger value="shifts">Shifts</TabsTrigger>
        </TabsList>
        <TabsContent value="members">
          <DataTable label="Staff members">
            <thead>
              <tr>
                <Th>Name</Th>
                <Th>Kind</Th>
                <Th>Phone</Th>
                <Th>Status</Th>
              </tr>
            </thead>
            <tbody>
              {mockStaff.map((s) => (
                <Tr key={s.name}>
                  <Td label="Name" className="font-medium">{s.name}</Td>
                  <Td label="Kind" className="text-foreground/80">{s.kind}</Td>
                  <Td label="Phone" className="tabular-nums text-foreground/80">{s.phone}</Td>
                  <Td label="Status">
                    <StatusBadge status={s.status} />
                  </Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        </TabsContent>
        <TabsContent value="shifts">
          <div className="mb-4 flex justify-end">
            <Button variant="outline" size="sm" onClick={() => notImplemented("Shift scheduling is not yet implemented.")}>
              <CalendarPlus /> New Shift
            </Button>
          </div>
          <DataTable label="Shifts">
            <thead>
              <tr>
                <Th>Staff</Th>
                <Th>Role</Th>
                <Th>Date</Th>
                <Th>Window</Th>
                <Th>Location</Th>
              </tr>
            </thead>
            <tbody>
              {mockShifts.map((s) => (
                <Tr key={`${s.staff}-${s.date}`}>
                  <Td label="Staff" className="font-medium">{s.staff}</Td>
                  <Td label="Role" className="text-foreground/80">{s.role}</Td>
                  <Td label="Date" className="whitespace-nowrap">{s.date}</Td>
                  <Td label="Window" className="whitespace-nowrap text-foreground/80">{s.window}</Td>
                  <Td label="Location" className="text-foreground/80">{s.location}</Td>
                </Tr>
              ))}
            </tbody>
          </DataTable>
        </TabsContent>
      </Tabs>
    </>
  );
}
