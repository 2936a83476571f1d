/** Filters of a searchable, paged admin list (users, tickets). */
export type SearchPageFilters = { q: string; page: number; pageSize: number };

/** The query string for those filters: page and pageSize always, q only when set. */
export function searchPageQuery(f: SearchPageFilters): string {
  const p = new URLSearchParams({ page: String(f.page), pageSize: String(f.pageSize) });
  if (f.q) p.set("q", f.q);
  return p.toString();
}
