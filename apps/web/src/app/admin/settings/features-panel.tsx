// Settings → Features: one switch per feature, saved at once. Off hides the control for customers and the API
// refuses its routes with a sentence (the sentence is shown under the switch while it is off).
import { FEATURE_DEFINITIONS, type FeaturesSettings } from "@meridian/shared/settings";
import { ToggleRight } from "lucide-react";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useSaveSettingsSection, useSettingsSection } from "../api/settings-sections";
import { SectionState, SettingsPanel, SwitchRow } from "./settings-ui";

export function FeaturesPanel() {
  const features = useSettingsSection("features");
  const save = useSaveSettingsSection("features");
  if (!features.data) return <SectionState isPending={features.isPending} error={features.error} />;
  const current = features.data.features;
  const toggle = async (key: keyof FeaturesSettings, label: string, on: boolean) => {
    try {
      await save.mutateAsync({ ...current, [key]: on });
      notifySuccess("Settings Saved", `${label} is now ${on ? "on" : "off"}.`);
    } catch (err) {
      notifyError("Could not save settings", err);
    }
  };
  return (
    <SettingsPanel icon={ToggleRight} title="Features" description="Switch parts of the service on or off. A feature switched off disappears for customers, and its requests are refused with an explanation. Every change is recorded in the Audit Logs.">
      <div>
        {FEATURE_DEFINITIONS.map((f) => (
          <SwitchRow
            key={f.key}
            id={`feature-${f.key}`}
            label={f.label}
            hint={f.hint}
            checked={current[f.key]}
            disabled={save.isPending}
            onChange={(on) => void toggle(f.key, f.label, on)}
            extra={current[f.key] ? null : <p className="mt-1 text-xs text-gold">Customers read: “{f.off}”</p>}
          />
        ))}
      </div>
    </SettingsPanel>
  );
}
