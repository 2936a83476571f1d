// Small query helpers shared by the admin services.
import { sql } from "drizzle-orm";

/** `%text%` for ILIKE with the wildcard characters in the user's text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export const countAll = sql<number>`cast(count(*) as integer)`;

export function pageOf(input: { page?: number; pageSize?: number }, defaultSize = 20) {
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
