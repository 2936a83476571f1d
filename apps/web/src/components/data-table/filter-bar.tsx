// A list's filters as data: a search box, select filters, a row of toggle buttons, a date range. FilterBar draws
// them bound to the list's filter state (useListFilters), so a list page declares its filters instead of laying
// out their markup.
import { X } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { SearchBox } from "./data-table";

/** The filters' keys whose values are strings (a search, a select, a date). */
type TextKey<F> = { [K in keyof F]-?: F[K] extends string ? K : never }[keyof F] & string;

/**
 * One filter of a list. `title` is a visible label above the control (a bar with titles is drawn as a panel of
 * labelled fields, with a Clear button); `label` is the control's accessible name where it differs.
 */
export type FilterDef<F> =
  | { kind: "search"; key: TextKey<F>; label: string; placeholder: string; id?: string; title?: string; className?: string; busyText?: string }
  | { kind: "select"; key: TextKey<F>; label: string; id: string; title?: string; className?: string; options: readonly { value: string; label: string }[] }
  | { [K in keyof F & string]: { kind: "toggles"; key: K; label: string; options: readonly { value: F[K]; label: string }[] } }[keyof F & string]
  | { kind: "dateRange"; from: TextKey<F>; to: TextKey<F>; ids: readonly [from: string, to: string]; titles: readonly [from: string, to: string]; invalidText: string };

/** Whether a date range among `defs` ends before it starts (such a list is not asked for). */
export function rangeInvalid<F>(filters: F, defs: readonly FilterDef<F>[]): boolean {
  return defs.some((d) => {
    if (d.kind !== "dateRange") return false;
    const from = filters[d.from] as string;
    const to = filters[d.to] as string;
    return Boolean(from && to && from > to);
  });
}

/**
 * A list's filters with its page: changing a filter goes back to page 1; `clear` restores the first filters;
 * `filtered` says whether any filter (not the page) differs from them; `invalid`, whether a date range of `defs`
 * ends before it starts. `defs` are the filters FilterBar draws: declare them once (at module level, or memoized),
 * as a new array on each render would make a new state each time.
 */
export function useListFilters<F extends { page: number }>(initial: F, defs: readonly FilterDef<F>[] = []) {
  const [filters, setFilters] = useState<F>(initial);
  const [first] = useState(initial);
  return useMemo(
    () => ({
      filters,
      defs,
      update: (patch: Partial<Omit<F, "page">>) => setFilters((f) => ({ ...f, ...patch, page: 1 })),
      setPage: (page: number) => setFilters((f) => ({ ...f, page })),
      clear: () => setFilters(first),
      filtered: Object.keys(first).some((k) => k !== "page" && k !== "pageSize" && filters[k as keyof F] !== first[k as keyof F]),
      invalid: rangeInvalid(filters, defs),
    }),
    [filters, first, defs],
  );
}

/** A list's filter state, as useListFilters gives it. */
export type ListFilters<F extends { page: number }> = ReturnType<typeof useListFilters<F>>;

function Titled({ title, htmlFor, className, children }: { title?: string; htmlFor?: string; className?: string; children: ReactNode }) {
  if (!title) return <div className={className}>{children}</div>;
  return (
    <div className={className}>
      <Label htmlFor={htmlFor}>{title}</Label>
      {children}
    </div>
  );
}

/**
 * The list's filters, each changing the list at once (the search after a pause in typing). `busy` shows a
 * search's `busyText` while the list is being fetched again.
 */
export function FilterBar<F extends { page: number }>({ state, busy = false }: { state: ListFilters<F>; busy?: boolean }) {
  const { filters, update, defs } = state;
  const panel = defs.some((d) => "title" in d && d.title) || defs.some((d) => d.kind === "dateRange");
  // In a panel each field takes a share of the row on a wide screen (the search more), four a row (the search
  // two) on a laptop beside the sidebar, two a row on a tablet.
  const cell = (kind: "search" | "select" | "dateRange") => (panel ? (kind === "search" ? "sm:col-span-2 2xl:min-w-0 2xl:flex-[1.6]" : "2xl:min-w-0 2xl:flex-1") : undefined);
  const fields = defs.map((d) => {
    switch (d.kind) {
      case "search":
        return (
          <Titled key={d.key} title={d.title} htmlFor={d.id} className={cn(cell("search"), !panel && "contents")}>
            <SearchBox id={d.id} value={filters[d.key] as string} onSearch={(v) => update({ [d.key]: v } as Partial<Omit<F, "page">>)} label={d.label} placeholder={d.placeholder} className={cn(panel && "sm:max-w-none", d.className)} />
            {d.busyText && busy ? <span className="text-xs text-muted">{d.busyText}</span> : null}
          </Titled>
        );
      case "select":
        return (
          <Titled key={d.key} title={d.title} htmlFor={d.id} className={cn(cell("select"), d.className)}>
            <OptionSelect id={d.id} label={d.label} value={filters[d.key] as string} onValueChange={(v) => update({ [d.key]: v } as Partial<Omit<F, "page">>)} options={d.options} />
          </Titled>
        );
      case "toggles":
        return (
          <div key={d.key} role="group" aria-label={d.label} className="flex basis-full flex-wrap gap-2">
            {d.options.map((o) => (
              <Button key={o.label} size="sm" variant={filters[d.key] === o.value ? "outline" : "ghost"} aria-pressed={filters[d.key] === o.value} onClick={() => update({ [d.key]: o.value } as Partial<Omit<F, "page">>)}>
                {o.label}
              </Button>
            ))}
          </div>
        );
      case "dateRange": {
        const from = filters[d.from] as string;
        const to = filters[d.to] as string;
        return [
          <Titled key={d.from} title={d.titles[0]} htmlFor={d.ids[0]} className={cell("dateRange")}>
            <Input id={d.ids[0]} type="date" value={from} max={to || undefined} onChange={(e) => update({ [d.from]: e.target.value } as Partial<Omit<F, "page">>)} />
          </Titled>,
          <Titled key={d.to} title={d.titles[1]} htmlFor={d.ids[1]} className={cell("dateRange")}>
            <Input id={d.ids[1]} type="date" value={to} min={from || undefined} aria-invalid={state.invalid} onChange={(e) => update({ [d.to]: e.target.value } as Partial<Omit<F, "page">>)} />
          </Titled>,
        ];
      }
    }
  });
  if (!panel) return <div className="mb-5 flex flex-wrap items-center gap-x-4 gap-y-3">{fields}</div>;
  const invalidText = defs.find((d) => d.kind === "dateRange")?.invalidText;
  return (
    <>
      <div className="mb-6 grid gap-4 rounded-[var(--radius-card)] border border-border bg-surface/60 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-4 2xl:flex 2xl:items-end">
        {fields}
        <Button variant="ghost" onClick={state.clear} disabled={!state.filtered} className="sm:self-end sm:justify-self-end lg:col-end-[-1] 2xl:mb-0.5">
          <X /> Clear
        </Button>
      </div>
      {state.invalid && invalidText ? <p className="-mt-3 mb-4 text-xs text-danger">{invalidText}</p> : null}
    </>
  );
}
