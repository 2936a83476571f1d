// Settings → Company: the names, address and contact details customers read in the footer, every e-mail, text
// messages and receipts, and the logo (uploaded here, shown in the e-mails' header and on the receipt PDF).
import { zodResolver } from "@hookform/resolvers/zod";
import { companySettingsSchema, type CompanySettings } from "@meridian/shared/settings";
import { useQueryClient } from "@tanstack/react-query";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/form/fields";
import { Form, RevertSaveActions, submitTo } from "@/components/form/form";
import { api } from "@/lib/api";
import { companySettingsResponseSchema } from "@meridian/shared/settings/answers";
import { notifyError, notifySuccess } from "@/lib/notify";
import { usePublicSettings } from "@/lib/public-settings";
import { sectionQueryOptions, useSaveSettingsSection } from "../api/settings-sections";
import { SectionPanels, SettingsPanel } from "./settings-ui";
import { settingsKeys } from "@/lib/query-keys";

const FIELDS: { name: Exclude<keyof CompanySettings, "logoKey" | "address">; label: string; type?: "tel" | "email" | "url" }[] = [
  { name: "displayName", label: "Display name" },
  { name: "legalName", label: "Legal name" },
  { name: "phone", label: "Phone", type: "tel" },
  { name: "supportEmail", label: "Support e-mail", type: "email" },
  { name: "website", label: "Website", type: "url" },
];

export function CompanyPanel() {
  return <SectionPanels section="company" panels={[CompanyForm]} />;
}

function CompanyForm({ data: { company: initial } }: { data: { company: CompanySettings } }) {
  const save = useSaveSettingsSection("company");
  const form = useForm<CompanySettings>({ resolver: zodResolver(companySettingsSchema), defaultValues: initial });
  const onSubmit = submitTo(form, (values) => save.mutateAsync({ ...values, logoKey: initial.logoKey }), {
    failed: "Could not save settings",
    done: ["Settings Saved", "The footer, e-mails, text messages and receipts use the new details from now on."],
    then: ({ company }) => form.reset(company),
  });
  return (
    <SettingsPanel icon={Building2} title="Company" description="Who customers deal with: shown in the site's footer, every e-mail, the text messages' signature and on receipts. Every change is recorded in the Audit Logs.">
      <LogoField />
      <Form form={form} onSubmit={onSubmit} className="mt-8 grid gap-6 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <TextField<CompanySettings> key={f.name} name={f.name} label={f.label} id={`company-${f.name}`} type={f.type} autoComplete="off" />
        ))}
        <TextAreaField<CompanySettings> name="address" label="Address" id="company-address" rows={3} />
        <RevertSaveActions onRevert={() => form.reset(initial)} pending={save.isPending} className="sm:col-span-2" />
      </Form>
    </SettingsPanel>
  );
}

function LogoField() {
  const { company } = usePublicSettings();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: settingsKeys.public() }), qc.invalidateQueries({ queryKey: sectionQueryOptions("company").queryKey })]);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append("logo", file);
    setBusy(true);
    try {
      await api("/api/admin/settings/company/logo", companySettingsResponseSchema, { method: "POST", body: form });
      await refresh();
      notifySuccess("Logo Saved", "The new logo is on the site, in e-mails and on receipts.");
    } catch (err) {
      notifyError("Could not save the logo", err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api("/api/admin/settings/company/logo", companySettingsResponseSchema, { method: "DELETE" });
      await refresh();
    } catch (err) {
      notifyError("Could not remove the logo", err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface-2/40 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-5">
        <div className="grid h-16 w-44 place-items-center rounded border border-border bg-background">
          {company.logoUrl ? <img src={company.logoUrl} alt={`${company.displayName} logo`} className="max-h-12 max-w-40 object-contain" /> : <span className="text-xs text-muted">No logo</span>}
        </div>
        <p className="max-w-xs text-sm text-muted">PNG, JPEG or WebP; shrunk to fit 600 × 200 pixels.</p>
      </div>
      <div className="flex gap-2.5">
        <Button asChild variant="outline" disabled={busy}>
          <label htmlFor="company-logo" className="cursor-pointer">
            {company.logoUrl ? "Replace Logo" : "Upload Logo"}
          </label>
        </Button>
        <input id="company-logo" type="file" accept="image/png,image/jpeg,image/webp" className="sr-only" disabled={busy} onChange={(e) => void upload(e.target.files?.[0])} />
        {company.logoUrl ? (
          <Button variant="ghost" disabled={busy} onClick={() => void remove()}>
            Remove
          </Button>
        ) : null}
      </div>
    </div>
  );
}
