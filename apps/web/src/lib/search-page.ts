/** Filters of a searchable, paged admin list (users, tickets). */
export type SearchPageFilters = { q: string; page: number; pageSize: number };

/** The query string for those filters: page and pageSize always, q only when set. */
export function searchPageQuery(f: SearchPageFilters): string {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  // A blank search is no search (the server refuses an empty or blank query parameter).
  if (f.q?.trim()) p.set("q", f.q.trim());
  return p.toString();
}
