// splitSocketHost: `?host=/dir` leaves the URL for postgres.js's host option; every other part stays as written.
import { describe, expect, it } from "vitest";
import { PostgresUrlError, SOCKET_HOST_MESSAGE, splitSocketHost, withDatabase } from "./postgres-url";

describe("splitSocketHost", () => {
  it.each([
    ["postgres://postgres@localhost:5432/db?host=/var/run/postgresql", "postgres://postgres@localhost:5432/db", "/var/run/postgresql"],
    ["postgres://postgres@localhost/db?host=%2Fvar%2Frun%2Fpostgresql", "postgres://postgres@localhost/db", "/var/run/postgresql"],
    // Other parameters are kept, in order and as encoded.
    ["postgres://u@localhost/db?sslmode=disable&host=/tmp&options=-c%20statement_timeout%3D5s", "postgres://u@localhost/db?sslmode=disable&options=-c%20statement_timeout%3D5s", "/tmp"],
    // libpq's form without a host name: the URL class (and so postgres.js) needs one; the socket overrides it.
    ["postgres://postgres@/db?host=/var/run/postgresql", "postgres://postgres@localhost/db", "/var/run/postgresql"],
    ["postgres://u:p%40ss@:5433/db?host=/run/pg", "postgres://u:p%40ss@localhost:5433/db", "/run/pg"],
    ["postgres:///db?host=/tmp", "postgres:///db", "/tmp"],
  ])("%s", (url, rest, socketDir) => {
    expect(splitSocketHost(url)).toEqual({ url: rest, socketDir });
  });

  it.each(["postgres://u:secret@db.example:5432/db", "postgres://u@db.example/db?sslmode=require&application_name=x", "postgres://u@db-1:5432,db-2:5432/db", "postgres://u@/db"])(
    "leaves %s alone",
    (url) => expect(splitSocketHost(url)).toEqual({ url }),
  );

  it.each(["postgres://u@localhost/db?host=db.example", "postgres://u@localhost/db?host=run/pg", "postgres://u@localhost/db?host=", "postgres://u@localhost/db?host=/a&host=/b"])(
    "refuses %s",
    (url) => expect(() => splitSocketHost(url)).toThrow(new PostgresUrlError(SOCKET_HOST_MESSAGE)),
  );
});

describe("withDatabase", () => {
  it.each([
    ["postgres://postgres@127.0.0.1:5432/test", "postgres://postgres@127.0.0.1:5432/meridian_t_1"],
    ["postgres://postgres@127.0.0.1:5432", "postgres://postgres@127.0.0.1:5432/meridian_t_1"],
    // The socket forms the tests' TEST_DATABASE_URL may take: the host parameter (and the empty host) are kept.
    ["postgres://postgres@/test?host=/var/run/postgresql", "postgres://postgres@/meridian_t_1?host=/var/run/postgresql"],
    ["postgres://postgres@localhost:5432/postgres?host=%2Fvar%2Frun%2Fpostgresql&sslmode=disable", "postgres://postgres@localhost:5432/meridian_t_1?host=%2Fvar%2Frun%2Fpostgresql&sslmode=disable"],
    ["postgres://u@db-1:5432,db-2:5432/db?target_session_attrs=read-write", "postgres://u@db-1:5432,db-2:5432/meridian_t_1?target_session_attrs=read-write"],
  ])("%s", (url, named) => expect(withDatabase(url, "meridian_t_1")).toBe(named));

  it("refuses what is not a URL", () => expect(() => withDatabase("/var/run/postgresql", "x")).toThrow(PostgresUrlError));
});
