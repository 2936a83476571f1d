// 405 for a known path called with a method it does not have: the methods of the app's routes whose pattern
// matches the path (HEAD with GET, as Hono answers it), for the catch-all's `Allow` header.
import type { Hono } from "hono";

type Pattern = { method: string; re: RegExp };

/** A Hono route pattern ("/api/admin/bookings/:id", ":id{[0-9]+}", "*") as a regular expression. */
export function patternRegExp(path: string): RegExp {
  let re = "";
  for (const part of path.split(/(:[A-Za-z0-9_]+(?:\{[^}]*\})?|\*)/)) {
    if (part === "*") re += ".*";
    else if (part.startsWith(":")) re += part.includes("{") ? `(${part.slice(part.indexOf("{") + 1, -1)})` : "[^/]+";
    else re += part.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}/?$`);
}

/** `allowed(path)`: the methods the app answers on that path (empty: no route has it). */
export function allowedMethods(app: Hono<any>) {
  let patterns: Pattern[] | undefined;
  return (path: string): string[] => {
    // Built on first use: every route is registered by then. Middleware (ALL) and catch-alls are not routes.
    patterns ??= app.routes.filter((r) => r.method !== "ALL" && r.path !== "/*" && r.path !== "*").map((r) => ({ method: r.method, re: patternRegExp(r.path) }));
    const methods = new Set(patterns.filter((p) => p.re.test(path)).map((p) => p.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
