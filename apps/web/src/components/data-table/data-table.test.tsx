// @vitest-environment happy-dom
// The data-table kit: a list's loading, error and empty rows, its rows from the columns (phone labels, hidden
// headers, row attributes), sorting by a column, the pager and the search box.
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DataTable, ListTable, Pagination, SearchBox, sortRows, type Column } from "./data-table";

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
    <ListTable label="Guests" columns={COLUMNS} rows={GUESTS} errorText="Could not load guests." emptyText="No guests yet." {...props} />,
  );
}
const names = () => screen.getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[0]!.textContent);

describe("ListTable", () => {
  it("shows a row per item with each column's cell and phone label, dims the rows asked, and hides an actions header", () => {
    table({ rowTestId: "guest", dimmed: (g) => g.visits === null });
    expect(screen.getByRole("table", { name: "Guests" })).toBeTruthy();
    expect(names()).toEqual(["Imogen", "Alistair", "Beatrix"]);
    const rows = screen.getAllByTestId("guest");
    expect(rows).toHaveLength(3);
    expect(rows[1]!.querySelector("td")?.getAttribute("data-label")).toBe("Name");
    expect(rows.map((r) => r.className.includes("text-foreground/60"))).toEqual([false, true, false]);
    expect(screen.getByRole("columnheader", { name: "Edit" }).querySelector(".sr-only")).not.toBeNull();
    expect(screen.getByRole("button", { name: "Edit Beatrix" }).closest("td")?.hasAttribute("data-label")).toBe(false);
  });

  it("styles a column's cells, not its header, and aligns both to the right when asked", () => {
    const columns: Column<Guest>[] = [
      { header: "Name", className: "font-mono", cell: (g) => g.name },
      { header: "Visits", align: "right", className: "tabular-nums", cell: (g) => g.visits ?? "—" },
    ];
    table({ columns });
    expect(screen.getByRole("columnheader", { name: "Name" }).className).not.toContain("font-mono");
    expect(screen.getByRole("cell", { name: "Imogen" }).className).toContain("font-mono");
    expect(screen.getByRole("columnheader", { name: "Visits" }).className).toContain("text-right");
    expect(screen.getByRole("cell", { name: "12" }).className).toMatch(/text-right.*tabular-nums/);
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

describe("DataTable", () => {
  it("stacks its rows into cards on a phone, unless it is a grid that keeps its columns", () => {
    render(
      <>
        <DataTable label="Guests">
          <tbody />
        </DataTable>
        <DataTable label="Week" stack={false} tableClassName="table-fixed">
          <tbody />
        </DataTable>
      </>,
    );
    expect(screen.getByRole("table", { name: "Guests" }).className).toContain("max-sm:block");
    expect(screen.getByRole("table", { name: "Week" }).className).not.toContain("max-sm:block");
    expect(screen.getByRole("table", { name: "Week" }).className).toContain("table-fixed");
    expect(screen.getByRole("region", { name: "Week" }).tabIndex).toBe(0);
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

describe("SearchBox", () => {
  it("searches once the user pauses typing, or at once on Enter, trimmed", async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchBox value="" onSearch={onSearch} label="Search guests" placeholder="Name..." />);
    await user.type(screen.getByRole("searchbox", { name: "Search guests" }), " Imo");
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith("Imo"));
    expect(onSearch).toHaveBeenCalledTimes(1);
    await user.type(screen.getByRole("searchbox", { name: "Search guests" }), "gen{Enter}");
    expect(onSearch).toHaveBeenLastCalledWith("Imogen");
  });

  it("shows a value set from outside (a Clear) in the box", () => {
    const { rerender } = render(<SearchBox value="Imogen" onSearch={vi.fn()} label="Search guests" placeholder="Name..." />);
    expect(screen.getByRole<HTMLInputElement>("searchbox").value).toBe("Imogen");
    rerender(<SearchBox value="" onSearch={vi.fn()} label="Search guests" placeholder="Name..." />);
    expect(screen.getByRole<HTMLInputElement>("searchbox").value).toBe("");
  });
});
