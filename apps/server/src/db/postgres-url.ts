// PostgreSQL connection URLs, read the libpq way for what postgres.js reads otherwise: `?host=/abs/dir` names the
// directory of the server's Unix socket (`<dir>/.s.PGSQL.<port>`), as in libpq, psql and pg_dump. postgres.js would
// send that `host` to the server as a run-time parameter ("unrecognized configuration parameter "host""); here it
// leaves the URL and becomes postgres.js's `host` option, which connects over the socket when it is a directory.
// Every postgres.js client of the server (the pool and its LISTEN connection, the tests' admin connections) opens
// through connectPostgres; pg_dump (npm run backup) is libpq and reads the URL as it is.
import postgres from "postgres";

export const SOCKET_HOST_MESSAGE =
  "its host parameter must be one absolute path, the directory of PostgreSQL's Unix socket (e.g. ?host=/var/run/postgresql); a server reached over TCP is named in the URL itself (postgres://user@db.example:5432/meridian)";

export class PostgresUrlError extends Error {}

/**
 * `url` without its `?host=` parameter (other parameters kept as they are), and that parameter as `socketDir`.
 * The libpq form with no host (`postgres://user@/db?host=/dir`) is accepted: its host becomes `localhost`, which
 * the socket directory overrides. Throws PostgresUrlError for a `host` that is not an absolute path.
 */
export function splitSocketHost(url: string): { url: string; socketDir?: string } {
  // Only the query is read here: postgres.js parses the rest (e.g. its several hosts, which the URL class refuses).
  const [, head = "", query = "", hash = ""] = /^([^?#]*)(?:\?([^#]*))?(#.*)?$/.exec(url)!;
  const hosts = new URLSearchParams(query).getAll("host");
  const [socketDir] = hosts;
  if (socketDir === undefined) return { url };
  if (hosts.length > 1 || !socketDir.startsWith("/")) throw new PostgresUrlError(SOCKET_HOST_MESSAGE);
  // The other parameters stay as written (URLSearchParams would encode them again).
  const rest = query.split("&").filter((pair) => pair && new URLSearchParams(pair).keys().next().value !== "host");
  // postgres.js parses the URL with the URL class, which refuses user info before an empty host (`user@/db`, `user@:5433/db`, libpq's
  // form for a socket); the socket needs no host name.
  const withHost = head.replace(/^(postgres(?:ql)?:\/\/[^/]*@)(?=[:/]|$)/, "$1localhost");
  return { url: `${withHost}${rest.length ? `?${rest.join("&")}` : ""}${hash}`, socketDir };
}

/**
 * `url` naming database `name` instead, every other part as written: the socket form (`postgres://u@/db?host=/dir`)
 * and several hosts, which the URL class refuses or rewrites, included.
 */
export function withDatabase(url: string, name: string): string {
  const [, origin = "", query = ""] = /^([a-z]+:\/\/[^/?#]*)(?:\/[^?#]*)?(.*)$/i.exec(url) ?? [];
  if (!origin) throw new PostgresUrlError(`not a PostgreSQL URL: ${url}`);
  return `${origin}/${encodeURIComponent(name)}${query}`;
}

/** A postgres.js client on `url`, over the Unix socket its `?host=/dir` names, if any (splitSocketHost). */
export function connectPostgres(url: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const { url: rest, socketDir } = splitSocketHost(url);
  return postgres(rest, socketDir ? { ...options, host: socketDir } : options);
}

/**
 * Whether the PostgreSQL of `url` runs on this machine: reached over its Unix socket (`?host=/dir`, or no host at all,
 * libpq's form), or at loopback hosts only (localhost, 127.x.x.x, [::1]). A name that resolves to this machine's own
 * address is not recognised (it counts as another machine).
 */
export function databaseOnThisMachine(url: string): boolean {
  let split: ReturnType<typeof splitSocketHost>;
  try {
    split = splitSocketHost(url);
  } catch {
    return false;
  }
  if (split.socketDir) return true;
  const hosts = /^[a-z]+:\/\/(?:[^@/?#]*@)?([^/?#]*)/i.exec(split.url)?.[1] ?? "";
  return hosts.split(",").every((hostPort) => {
    const host = hostPort.replace(/:\d*$/, "").replace(/^\[(.*)\]$/, "$1").toLowerCase();
    return host === "" || host === "localhost" || host === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
  });
}
