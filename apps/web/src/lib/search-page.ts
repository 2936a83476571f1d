/** Filters of a searchable, paged admin list (users, tickets). */
export type SearchPageFilters = { q: string; page: number; pageSize: number };

/** The query string for those filters: page and pageSize always, q only when set. */
export function searchPageQuery(f: SearchPageFilters): string {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  // A blank search is no search (the server refuses an empty or blank query parameter).
  if (f.q?.trim()) p.set("q", f.q.trim());
  return p.toString();
}

/** "?k=v&…" of a list's filters, those left blank (or "all", no filter) left out; "" when none is set. */
export function filterQuery(filters: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && String(v).trim() !== "" && v !== "all") p.set(k, String(v).trim());
  const s = p.toString();
  return s ? `?${s}` : "";
}
