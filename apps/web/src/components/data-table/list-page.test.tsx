// @vitest-environment happy-dom
// A list page put together from declarations: the filters drawn above the table change what is asked for (the
// search after a pause, a select, a row of toggles, a date range that refuses to end before it starts, Clear),
// the table sorts by a column header, pages through the answer, says loading, failure (with a toast) and
// emptiness, and the CSV link follows the filters.
import { act, cleanup, render, renderHook, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast, Toaster } from "sonner";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Column } from "./data-table";
import { useListFilters, type FilterDef } from "./filter-bar";
import { CarFront } from "lucide-react";
import { CsvLink, EmptyState, ListPage, RetryState, type ListQuery } from "./list-page";

afterEach(() => {
  toast.dismiss();
  cleanup();
});

// Radix Select asks the browser for pointer capture and scrolls its items into view; happy-dom has neither.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

type Guest = { id: string; name: string; tier: "gold" | "silver"; since: string };
type GuestFilters = { q: string; tier: string; from: string; to: string; present?: boolean; page: number; pageSize: number };
type GuestPage = { guests: Guest[]; page: number; pageSize: number; total: number };

const GUESTS: Guest[] = [
  { id: "1", name: "Imogen", tier: "gold", since: "2026-01-10" },
  { id: "2", name: "Alistair", tier: "silver", since: "2026-03-02" },
  { id: "3", name: "Beatrix", tier: "gold", since: "2026-05-20" },
  { id: "4", name: "Cosima", tier: "silver", since: "2026-07-01" },
  { id: "5", name: "Dorian", tier: "gold", since: "2026-09-15" },
];
const COLUMNS: Column<Guest>[] = [
  { header: "Name", sortValue: (g) => g.name, cell: (g) => g.name },
  { header: "Tier", cell: (g) => g.tier },
];
const FIRST: GuestFilters = { q: "", tier: "all", from: "", to: "", page: 1, pageSize: 2 };
const FILTERS: FilterDef<GuestFilters>[] = [
  { kind: "search", key: "q", id: "guest-search", title: "Search", label: "Search guests", placeholder: "Name..." },
  { kind: "select", key: "tier", id: "guest-tier", title: "Tier", label: "Tier filter", options: [{ value: "all", label: "All tiers" }, { value: "gold", label: "Gold" }, { value: "silver", label: "Silver" }] },
  { kind: "dateRange", from: "from", to: "to", ids: ["guest-from", "guest-to"], titles: ["From", "To"], invalidText: "The end date must be on or after the start date." },
];

/** The server's side: the guests the filters select, a page of them. */
function answer(f: GuestFilters): GuestPage {
  const all = GUESTS.filter(
    (g) => g.name.toLowerCase().includes(f.q.toLowerCase()) && (f.tier === "all" || g.tier === f.tier) && (!f.from || g.since >= f.from) && (!f.to || g.since <= f.to),
  );
  return { guests: all.slice((f.page - 1) * f.pageSize, f.page * f.pageSize), page: f.page, pageSize: f.pageSize, total: all.length };
}

const asked: GuestFilters[] = [];
function GuestsPage({ defs = FILTERS, state = "ready" }: { defs?: FilterDef<GuestFilters>[]; state?: "ready" | "pending" | "failed" }) {
  const filters = useListFilters(FIRST, defs);
  if (!filters.invalid) asked.push(filters.filters);
  const query: ListQuery<GuestPage> =
    state === "pending" ? { data: undefined, isPending: true, isError: false } : state === "failed" ? { data: undefined, isPending: false, isError: true, error: new Error("The server is down.") } : { data: answer(filters.filters), isPending: false, isError: false };
  return (
    <>
      <Toaster />
      <CsvLink href={`/api/guests.csv?tier=${filters.filters.tier}`} disabled={filters.invalid} />
      <ListPage label="Guests" query={query} filters={filters} rows={(d) => d.guests} columns={COLUMNS} errorText="Could not load guests." emptyText="No guests found." errorToast="Error fetching guests" />
    </>
  );
}

const names = () => within(screen.getByRole("table", { name: "Guests" })).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]!.textContent);

describe("ListPage", () => {
  it("shows the first page's rows with a pager, and pages through the list", async () => {
    const user = userEvent.setup();
    render(<GuestsPage />);
    expect(names()).toEqual(["Imogen", "Alistair"]);
    expect(screen.getByText("Showing 1–2 of 5")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(names()).toEqual(["Beatrix", "Cosima"]);
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
  });

  it("sorts the rows shown by a column's header", async () => {
    const user = userEvent.setup();
    render(<GuestsPage />);
    await user.click(screen.getByRole("button", { name: "Name" }));
    expect(names()).toEqual(["Alistair", "Imogen"]);
    await user.click(screen.getByRole("button", { name: "Name" }));
    expect(names()).toEqual(["Imogen", "Alistair"]);
    expect(screen.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe("descending");
  });

  it("searches after the user pauses typing, from page 1", async () => {
    const user = userEvent.setup();
    render(<GuestsPage />);
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await user.type(screen.getByRole("searchbox", { name: "Search guests" }), "ri");
    await waitFor(() => expect(names()).toEqual(["Beatrix", "Dorian"]));
    expect(screen.getByText("Showing 1–2 of 2")).toBeTruthy();
  });

  it("filters by a select", async () => {
    const user = userEvent.setup();
    render(<GuestsPage />);
    await user.click(screen.getByRole("combobox", { name: "Tier filter" }));
    await user.click(await screen.findByRole("option", { name: "Silver" }));
    expect(names()).toEqual(["Alistair", "Cosima"]);
    expect(screen.getByRole("combobox", { name: "Tier filter" }).textContent).toContain("Silver");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/guests.csv?tier=silver");
  });

  it("filters by a date range, and refuses one that ends before it starts without asking for it", async () => {
    const user = userEvent.setup();
    render(<GuestsPage />);
    await user.type(screen.getByLabelText("From"), "2026-05-01");
    expect(names()).toEqual(["Beatrix", "Cosima"]);
    expect(screen.getByText("Showing 1–2 of 3")).toBeTruthy();
    asked.length = 0;
    await user.type(screen.getByLabelText("To"), "2026-04-01");
    expect(screen.getByText("The end date must be on or after the start date.")).toBeTruthy();
    expect(screen.getByLabelText("To").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("aria-disabled")).toBe("true");
    expect(asked.filter((f) => f.to === "2026-04-01")).toEqual([]);
  });

  it("clears every filter, the search box included; Clear is off while nothing is filtered", async () => {
    const user = userEvent.setup();
    render(<GuestsPage />);
    const clear = screen.getByRole("button", { name: "Clear" });
    expect(clear.hasAttribute("disabled")).toBe(true);
    await user.type(screen.getByRole("searchbox", { name: "Search guests" }), "zz{Enter}");
    expect(screen.getByText("No guests found.")).toBeTruthy();
    await user.type(screen.getByLabelText("From"), "2026-05-01");
    await user.click(clear);
    expect(screen.getByRole<HTMLInputElement>("searchbox", { name: "Search guests" }).value).toBe("");
    expect(screen.getByLabelText<HTMLInputElement>("From").value).toBe("");
    expect(names()).toEqual(["Imogen", "Alistair"]);
    expect(clear.hasAttribute("disabled")).toBe(true);
  });

  it("filters by a row of toggle buttons, the chosen one pressed, in a bar without a panel", async () => {
    const user = userEvent.setup();
    const defs: FilterDef<GuestFilters>[] = [
      { kind: "toggles", key: "tier", label: "Filter by tier", options: [{ value: "all", label: "All" }, { value: "gold", label: "Gold" }] },
    ];
    render(<GuestsPage defs={defs} />);
    const group = screen.getByRole("group", { name: "Filter by tier" });
    expect(within(group).getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(within(group).getByRole("button", { name: "Gold" }));
    expect(within(group).getByRole("button", { name: "Gold" }).getAttribute("aria-pressed")).toBe("true");
    expect(within(group).getByRole("button", { name: "All" }).getAttribute("aria-pressed")).toBe("false");
    expect(names()).toEqual(["Imogen", "Beatrix"]);
    expect(screen.queryByRole("button", { name: "Clear" })).toBeNull();
  });

  it("shows a spinner row and no pager while the first page loads", () => {
    render(<GuestsPage state="pending" />);
    expect(within(screen.getByRole("table", { name: "Guests" })).getByRole("status")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
  });

  it("says the list could not be read, in the table and in a toast", async () => {
    render(<GuestsPage state="failed" />);
    expect(screen.getByText("Could not load guests.")).toBeTruthy();
    expect(await screen.findByText("Error fetching guests")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
  });

  it("shows a search's busy text while the list is fetched again", () => {
    const defs: FilterDef<GuestFilters>[] = [{ kind: "search", key: "q", label: "Search guests", placeholder: "Name...", busyText: "Searching…" }];
    function Refetching({ fetching }: { fetching: boolean }) {
      const filters = useListFilters(FIRST, defs);
      return <ListPage label="Guests" query={{ data: answer(FIRST), isPending: false, isError: false, isFetching: fetching }} filters={filters} rows={(d) => d.guests} columns={COLUMNS} emptyText="No guests found." />;
    }
    const { rerender } = render(<Refetching fetching={false} />);
    expect(screen.queryByText("Searching…")).toBeNull();
    rerender(<Refetching fetching />);
    expect(screen.getByText("Searching…")).toBeTruthy();
  });

  it("draws no pager for a list answered whole", () => {
    render(<ListPage label="Guests" query={{ data: GUESTS, isPending: false, isError: false }} rows={(d) => d} columns={COLUMNS} emptyText="No guests found." />);
    expect(names()).toHaveLength(5);
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
  });
});

describe("EmptyState and RetryState", () => {
  const list = (query: ListQuery<Guest[]>, onRetry = vi.fn()) =>
    render(
      <ListPage
        label="Guests"
        query={query}
        rows={(d) => d}
        columns={COLUMNS}
        errorText={<RetryState onRetry={onRetry}>The guests could not be loaded.</RetryState>}
        emptyText={
          <EmptyState icon={CarFront} title="No guests yet" action={<button type="button">Add Guest</button>}>
            Add the first guest.
          </EmptyState>
        }
      />,
    );

  it("invites to fill an empty list, in its one row under the headers", () => {
    list({ data: [], isPending: false, isError: false });
    const rows = within(screen.getByRole("table", { name: "Guests" })).getAllByRole("row");
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText("No guests yet")).toBeTruthy();
    expect(within(rows[1]!).getByText("Add the first guest.")).toBeTruthy();
    expect(within(rows[1]!).getByRole("button", { name: "Add Guest" })).toBeTruthy();
  });

  it("asks again when the user presses Try again on a list that could not be read", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    list({ data: undefined, isPending: false, isError: true }, onRetry);
    expect(screen.getByText("The guests could not be loaded.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe("useListFilters", () => {
  it("goes back to page 1 when a filter changes, and clears back to the first filters", () => {
    const { result } = renderHook(() => useListFilters({ q: "", status: "all", page: 1, pageSize: 20 }));
    act(() => result.current.setPage(3));
    expect(result.current.filters.page).toBe(3);
    expect(result.current.filtered).toBe(false);
    act(() => result.current.update({ status: "confirmed" }));
    expect(result.current.filters).toEqual({ q: "", status: "confirmed", page: 1, pageSize: 20 });
    expect(result.current.filtered).toBe(true);
    act(() => result.current.clear());
    expect(result.current.filters.status).toBe("all");
    expect(result.current.filtered).toBe(false);
  });
});

it("a CSV link that cannot be used says so", () => {
  render(<CsvLink href="/api/guests.csv" disabled />);
  const link = screen.getByRole("link", { name: "Export CSV" });
  expect(link.getAttribute("aria-disabled")).toBe("true");
  expect(link.hasAttribute("download")).toBe(true);
});
