// @vitest-environment happy-dom
// The data-table kit: a list's loading, error and empty rows, its rows from the columns (phone labels, hidden
// headers, row attributes), sorting by a column, paging and the filters' reset to page 1.
import { act, cleanup, render, renderHook, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ListTable, PagedList, Pagination, sortRows, useListFilters, type Column } from "./data-table";

afterEach(cleanup);

type Guest = { id: string; name: string; visits: number | null };
const GUESTS: Guest[] = [
  { id: "1", name: "Imogen", visits: 3 },
  { id: "2", name: "Alistair", visits: null },
  { id: "3", name: "Beatrix", visits: 12 },
];
const COLUMNS: Column<Guest>[] = [
  { header: "Name", sortValue: (g) => g.name, cell: (g) => g.name },
  { header: "Visits", sortValue: (g) => g.visits, cell: (g) => g.visits ?? "—" },
  { header: "Edit", actions: true, hideHeader: true, cell: (g) => <button type="button">Edit {g.name}</button> },
];

function table(props: Partial<Parameters<typeof ListTable<Guest>>[0]> = {}) {
  return render(
    <ListTable label="Guests" columns={COLUMNS} rows={GUESTS} rowKey={(g) => g.id} loading={false} error={false} errorText="Could not load guests." emptyText="No guests yet." {...props} />,
  );
}
const names = () => screen.getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]!.textContent);

describe("ListTable", () => {
  it("shows a row per item with each column's cell and phone label, and hides an actions header", () => {
    table({ rowProps: (g) => ({ "data-testid": `guest-${g.id}` }) as never });
    expect(screen.getByRole("table", { name: "Guests" })).toBeTruthy();
    expect(names()).toEqual(["Imogen", "Alistair", "Beatrix"]);
    expect(screen.getByTestId("guest-2").querySelector("td")?.getAttribute("data-label")).toBe("Name");
    expect(screen.getByRole("columnheader", { name: "Edit" }).querySelector(".sr-only")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Edit Beatrix" }).closest("td")?.hasAttribute("data-label")).toBe(false);
  });

  it.each([
    [{ loading: true }, null],
    [{ error: true }, "Could not load guests."],
    [{ rows: [] }, "No guests yet."],
  ] as const)("says %o in one full-width row", (props, text) => {
    table(props);
    const rows = screen.getAllByRole("row");
    expect(rows).toHaveLength(2);
    const cell = within(rows[1]!).getByRole("cell");
    expect(cell.getAttribute("colspan")).toBe("3");
    if (text) expect(cell.textContent).toBe(text);
    else expect(within(cell).getByRole("status")).toBeTruthy();
  });

  it("sorts by a column, ascending then descending, with aria-sort on its header", async () => {
    const user = userEvent.setup();
    table();
    await user.click(screen.getByRole("button", { name: "Visits" }));
    expect(names()).toEqual(["Imogen", "Beatrix", "Alistair"]);
    expect(screen.getByRole("columnheader", { name: "Visits" }).getAttribute("aria-sort")).toBe("ascending");
    await user.click(screen.getByRole("button", { name: "Visits" }));
    expect(names()).toEqual(["Beatrix", "Imogen", "Alistair"]);
    await user.click(screen.getByRole("button", { name: "Name" }));
    expect(names()).toEqual(["Alistair", "Beatrix", "Imogen"]);
    expect(screen.getByRole("columnheader", { name: "Visits" }).getAttribute("aria-sort")).toBe("none");
  });

  it("keeps the rows' order when no column is chosen or the column has no sort", () => {
    expect(sortRows(GUESTS, COLUMNS, null)).toEqual(GUESTS);
    expect(sortRows(GUESTS, COLUMNS, { column: "Edit", direction: "ascending" })).toEqual(GUESTS);
  });
});

describe("Pagination", () => {
  it("says which rows are shown and moves between pages", async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    render(<Pagination page={2} pageSize={20} total={45} onPage={onPage} />);
    expect(screen.getByText("Showing 21–40 of 45")).toBeTruthy();
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    await user.click(screen.getByRole("button", { name: "Previous page" }));
    expect(onPage.mock.calls).toEqual([[3], [1]]);
  });

  it("cannot go before the first page or past the last", () => {
    render(<Pagination page={1} pageSize={20} total={0} onPage={vi.fn()} />);
    expect(screen.getByText("No results")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Previous page" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Next page" }).hasAttribute("disabled")).toBe(true);
  });
});

describe("PagedList", () => {
  type Page = { guests: Guest[]; page: number; pageSize: number; total: number };
  const list = (query: { data: Page | undefined; isPending: boolean; isError: boolean }, onPage = vi.fn()) =>
    render(<PagedList label="Guests" query={query} rows={(d) => d.guests} columns={COLUMNS} rowKey={(g) => g.id} errorText="Could not load guests." emptyText="No guests yet." onPage={onPage} />);

  it("shows the spinner row and no pager while the first page loads, the error sentence when it fails", () => {
    list({ data: undefined, isPending: true, isError: false });
    expect(screen.getByRole("status")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
    cleanup();
    list({ data: undefined, isPending: false, isError: true });
    expect(screen.getByText("Could not load guests.")).toBeTruthy();
  });

  it("shows the page's rows and pages through the list", async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    list({ data: { guests: GUESTS, page: 1, pageSize: 3, total: 7 }, isPending: false, isError: false }, onPage);
    expect(names()).toEqual(["Imogen", "Alistair", "Beatrix"]);
    expect(screen.getByText("Showing 1–3 of 7")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(onPage.mock.calls).toEqual([[2]]);
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
