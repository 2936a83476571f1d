import { Building2, CreditCard, Mail, Map, ToggleRight, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { notImplemented, PageHeader, Panel } from "../components/admin-ui";

const sections: { value: string; label: string; icon: LucideIcon; text: string }[] = [
  { value: "company", label: "Company", icon: Building2, text: "Company name, contact details and service area are managed server-side." },
  { value: "payments", label: "Payments", icon: CreditCard, text: "Payment provider keys and payout settings are managed server-side." },
  { value: "maps", label: "Maps", icon: Map, text: "The maps provider (embedded, Google or OpenStreetMap) and its keys are managed server-side." },
  { value: "email", label: "Email/SMS", icon: Mail, text: "E-mail delivery (SMTP or the embedded outbox) and SMS settings are managed server-side." },
  { value: "features", label: "Features", icon: ToggleRight, text: "Feature switches are managed server-side." },
];

export default function SettingsPage() {
  return (
    <>
      <PageHeader eyebrow="Configuration" title="Settings" description="How Meridian is configured. These settings live on the server, in its environment." />
      <Tabs defaultValue="company">
        <TabsList aria-label="Settings sections">
          {sections.map((s) => (
            <TabsTrigger key={s.value} value={s.value}>
              {s.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {sections.map(({ value, label, icon: Icon, text }) => (
          <TabsContent key={value} value={value}>
            <Panel className="flex flex-col gap-6 p-7 sm:flex-row sm:items-center sm:justify-between sm:p-9">
              <div className="flex items-start gap-5">
                <span className="grid size-12 shrink-0 place-items-center rounded-full border border-gold/30 bg-gold/[0.07] text-gold">
                  <Icon className="size-5" />
                </span>
                <div>
                  <h2 className="font-display text-3xl text-foreground">{label}</h2>
                  <p className="mt-2 max-w-xl text-sm leading-relaxed text-muted">{text}</p>
                </div>
              </div>
              <Button variant="outline" onClick={() => notImplemented(`Editing ${label} settings here is not yet implemented.`)}>
                Edit
              </Button>
            </Panel>
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
