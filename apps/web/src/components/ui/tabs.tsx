import { Tabs as T } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

export const Tabs = T.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return <T.List className={cn("inline-flex flex-wrap gap-1 rounded-lg border border-border bg-surface-2 p-1", className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        "rounded-md px-4 py-2 text-sm text-muted transition-colors hover:text-foreground cursor-pointer",
        "data-[state=active]:bg-gold data-[state=active]:text-background data-[state=active]:font-medium",
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn("mt-6 rounded-sm focus-visible:outline-offset-4", className)} {...props} />;
}

/** One tab of SectionTabs: its trigger's label and its panel. */
export type Section = { value: string; label: ReactNode; panel: ReactNode };

/** Tabs from a table of sections: their triggers in one list (named `label`), then a panel each. */
export function SectionTabs({
  sections,
  label,
  listClassName,
  triggerClassName,
  ...root
}: ComponentProps<typeof T.Root> & { sections: readonly Section[]; label: string; listClassName?: string; triggerClassName?: string }) {
  return (
    <Tabs {...root}>
      <TabsList aria-label={label} className={listClassName}>
        {sections.map((s) => (
          <TabsTrigger key={s.value} value={s.value} className={triggerClassName}>
            {s.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {sections.map((s) => (
        <TabsContent key={s.value} value={s.value}>
          {s.panel}
        </TabsContent>
      ))}
    </Tabs>
  );
}
