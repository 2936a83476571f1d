// Settings: one tab per section, each saved on the server, validated by the shared schema and audited: Operations
// (cancellation cut-off and fee, dispatch buffer, reminder lead time, booking notice, overdue grace period, time
// zone, operating hours and blackout dates), Company, Payments, Maps, Email/SMS and Features. The open tab is in the address (?tab=payments), so a
// tab can link to another (Payments → Operations) and a reload keeps it.
import { zodResolver } from "@hookform/resolvers/zod";
import { operationsSettingsSchema, type OperationsSettings } from "@meridian/shared/rides";
import { Clock } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Input } from "@/components/ui/input";
import { SectionTabs, type Section } from "@/components/ui/tabs";
import { useTabParam } from "@/hooks/use-tab-param";
import { FormField, TextField } from "@/components/form/fields";
import { Form, RevertSaveActions, submitTo } from "@/components/form/form";
import { useOperationsSettings, useSaveOperationsSettings } from "../api/operations-settings";
import { PageHeader } from "@/components/admin/admin-ui";
import { BlackoutDatesField, OperatingHoursFields } from "./availability-fields";
import { CompanyPanel } from "./company-panel";
import { SectionState, SettingsPanel } from "./settings-ui";
import { FeaturesPanel } from "./features-panel";
import { MapsTab } from "./maps-tab";
import { MessagesPanel } from "./messages-panel";
import { PaymentsPanel } from "./payments-panel";

// Each tab's panel lives in its own file (company-panel.tsx, payments-panel.tsx, ...).
const sections: Section[] = [
  { value: "operations", label: "Operations", panel: <OperationsPanel /> },
  { value: "company", label: "Company", panel: <CompanyPanel /> },
  { value: "payments", label: "Payments", panel: <PaymentsPanel /> },
  { value: "maps", label: "Maps", panel: <MapsTab /> },
  { value: "email", label: "Email/SMS", panel: <MessagesPanel /> },
  { value: "features", label: "Features", panel: <FeaturesPanel /> },
];

export default function SettingsPage() {
  const [tab, choose] = useTabParam(sections.map((s) => s.value));
  return (
    <>
      <PageHeader eyebrow="Configuration" title="Settings" description="How Meridian runs: the company, payments, maps, messages, features and operations rules. Every change is recorded in the Audit Logs." />
      <SectionTabs sections={sections} label="Settings sections" value={tab} onValueChange={choose} />
    </>
  );
}

const numberFields: { name: Exclude<keyof OperationsSettings, "timeZone">; label: string; unit: string; hint: string }[] = [
  { name: "cancellationCutoffHours", label: "Free cancellation cut-off", unit: "hours before pickup", hint: "Customers cancel free of charge until then." },
  { name: "cancellationFeePercent", label: "Cancellation fee", unit: "% of the fare", hint: "Charged when a customer cancels after the cut-off." },
  { name: "dispatchBufferMinutes", label: "Dispatch buffer", unit: "minutes", hint: "Added after each ride's quoted time before the chauffeur's next ride." },
  { name: "reminderLeadHours", label: "Reminder lead time", unit: "hours before pickup", hint: "When the reminder e-mail goes out." },
  { name: "rideNoticeHours", label: "Ride notice", unit: "hours ahead", hint: "Rides can be booked or rescheduled this far ahead at the earliest." },
  { name: "valetNoticeHours", label: "Valet notice", unit: "hours ahead", hint: "Valet events can be booked this far ahead at the earliest." },
  { name: "overdueGraceMinutes", label: "Overdue grace period", unit: "minutes after pickup", hint: "A ride never started by then is closed as expired, its hold released and the customer told." },
  { name: "airportWaitIncludedMinutes", label: "Included airport waiting", unit: "minutes", hint: "Free waiting at an airport pickup, from its pickup time (moved with the flight)." },
  { name: "waitingCentsPerMinute", label: "Waiting rate", unit: "cents per minute", hint: "Each started minute beyond the included waiting, added to the fare at completion." },
];

const timeZones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["America/Los_Angeles"];

function OperationsPanel() {
  const settings = useOperationsSettings();
  if (!settings.data) return <SectionState isPending={settings.isPending} error={settings.error} />;
  return <OperationsForm initial={settings.data.operations} />;
}

function OperationsForm({ initial }: { initial: OperationsSettings }) {
  const save = useSaveOperationsSettings();
  const form = useForm<z.input<typeof operationsSettingsSchema>, unknown, OperationsSettings>({
    resolver: zodResolver(operationsSettingsSchema),
    defaultValues: initial,
  });
  const { register, control, reset, formState: { errors } } = form;
  const onSubmit = submitTo(form, save.mutateAsync, {
    failed: "Could not save settings",
    done: ["Settings Saved", "The new operations rules apply from now on."],
    // The nested ones too: a day's opening and closing times.
    fields: [
      "cancellationCutoffHours",
      "cancellationFeePercent",
      "dispatchBufferMinutes",
      "reminderLeadHours",
      "rideNoticeHours",
      "valetNoticeHours",
      "overdueGraceMinutes",
      "airportWaitIncludedMinutes",
      "waitingCentsPerMinute",
      "timeZone",
      "operatingHours",
      "operatingHours.open",
      "operatingHours.close",
      "blackoutDates",
    ],
    then: ({ operations }) => reset(operations),
  });
  return (
    <SettingsPanel icon={Clock} title="Operations" description="Cancellation terms, dispatch spacing, reminders and the service's time zone. Every change is recorded in the Audit Logs.">
      <Form form={form} onSubmit={onSubmit} className="grid gap-6 sm:grid-cols-2">
        {numberFields.map((f) => (
          <FormField<z.input<typeof operationsSettingsSchema>> key={f.name} name={f.name} label={f.label} id={`ops-${f.name}`} hint={f.hint}>
            <div className="flex items-center gap-3">
              <Input id={`ops-${f.name}`} type="number" inputMode="numeric" className="w-28" {...register(f.name, { valueAsNumber: true })} />
              <span className="text-sm text-muted">{f.unit}</span>
            </div>
          </FormField>
        ))}
        <TextField<z.input<typeof operationsSettingsSchema>> name="timeZone" label="Time zone" id="ops-timeZone" list="ops-time-zones" autoComplete="off" hint="Ride times, shifts and the dispatch day are read on this clock." />
        <datalist id="ops-time-zones">
          {timeZones.map((z) => (
            <option key={z} value={z} />
          ))}
        </datalist>
        <OperatingHoursFields control={control} errors={errors} />
        <BlackoutDatesField control={control} errors={errors} />
        <RevertSaveActions onRevert={() => reset(initial)} pending={save.isPending} className="sm:col-span-2" />
      </Form>
    </SettingsPanel>
  );
}
