import { describe, expect, it } from "vitest";
import os from "node:os";
import { databaseOnThisMachine, SOCKET_HOST_MESSAGE } from "./db/postgres-url";
import { autoWorkers, loadEnv, MAX_AUTO_WORKERS, WORKERS_NEED_POSTGRES_MESSAGE } from "./env";
import { startServerProcess } from "./test/server-process";

describe("WORKERS", () => {
  it("more than one process needs DATABASE_URL: the embedded database serves one process", () => {
    expect(() => loadEnv({ WORKERS: "2" })).toThrow(`WORKERS: ${WORKERS_NEED_POSTGRES_MESSAGE}`);
    expect(loadEnv({ WORKERS: "2", DATABASE_URL: "postgres://db.example:5432/meridian" }).WORKERS).toBe(2);
    expect(loadEnv({ WORKERS: "1" }).WORKERS).toBe(1);
    expect(loadEnv({}).WORKERS).toBe(1);
  });

  it("auto: one process per CPU, but only half the CPUs when PostgreSQL runs on this machine; 1 to MAX_AUTO_WORKERS", () => {
    const remote = "postgres://meridian@db.example:5432/meridian";
    const local = "postgres://postgres@127.0.0.1:5432/meridian";
    expect([1, 2, 3, 4, 8, 64].map((cpus) => autoWorkers(cpus, remote).workers)).toEqual([1, 2, 3, 4, MAX_AUTO_WORKERS, MAX_AUTO_WORKERS]);
    expect([1, 2, 3, 4, 8, 64].map((cpus) => autoWorkers(cpus, local).workers)).toEqual([1, 1, 1, 2, 4, MAX_AUTO_WORKERS]);
    // This machine's own figure, through the environment as main.ts reads it.
    const cpus = os.availableParallelism();
    expect(loadEnv({ WORKERS: "auto", DATABASE_URL: remote }).WORKERS).toBe(Math.min(cpus, MAX_AUTO_WORKERS));
    expect(loadEnv({ WORKERS: "auto", DATABASE_URL: local }).WORKERS).toBe(Math.max(1, Math.min(Math.floor(cpus / 2), MAX_AUTO_WORKERS)));
    expect(loadEnv({ WORKERS: "3", DATABASE_URL: local }).WORKERS).toBe(3);
    // The embedded database serves one process: auto starts one, where it used to refuse to start on several CPUs.
    expect(autoWorkers(8, undefined).workers).toBe(1);
    expect(loadEnv({ WORKERS: "auto" }).WORKERS).toBe(1);
    // The banner says why.
    expect(autoWorkers(2, local).reason).toBe("WORKERS=auto on 2 CPUs, half of them left to PostgreSQL on this machine (WORKERS=<n> to choose)");
    expect(autoWorkers(4, remote).reason).toBe("WORKERS=auto on 4 CPUs");
    expect(loadEnv({ WORKERS: "2", DATABASE_URL: local }).WORKERS_AUTO).toBeNull();
  });

  it.each([
    ["postgres://postgres@127.0.0.1:5432/test", true],
    ["postgres://postgres@localhost/meridian", true],
    ["postgresql://u:p@LOCALHOST:5433/meridian?sslmode=disable", true],
    ["postgres://postgres@[::1]:5432/meridian", true],
    ["postgres://postgres@127.0.0.2/meridian", true],
    ["postgres://postgres@/meridian?host=/var/run/postgresql", true],
    ["postgres://postgres@localhost:5432/meridian?host=/var/run/postgresql", true],
    ["postgres://127.0.0.1,localhost:5433/meridian", true],
    ["postgres://meridian@db.example:5432/meridian", false],
    ["postgres://meridian@10.0.0.5/meridian", false],
    ["postgres://meridian@127.0.0.1.example/meridian", false],
    ["postgres://localhost,db.example/meridian", false],
    ["postgres://postgres@localhost/meridian?host=relative/dir", false],
  ])("whether PostgreSQL runs on this machine: %s -> %s", (url, onThisMachine) => {
    expect(databaseOnThisMachine(url)).toBe(onThisMachine);
  });

  it("the server refuses to start with WORKERS=2 and no DATABASE_URL, saying why, with exit code 1", async () => {
    const server = await startServerProcess({ WORKERS: "2", DATABASE_URL: "" }, { waitReady: false });
    expect(await server.exited).toBe(1);
    const out = server.log.join("");
    expect(out).toContain("Invalid environment settings");
    expect(out).toContain(`WORKERS: ${WORKERS_NEED_POSTGRES_MESSAGE}`);
    expect(out).not.toContain("Meridian is running");
  });
});

describe("DATABASE_URL", () => {
  it.each([
    "postgres://meridian:secret@db.example:5432/meridian",
    "postgresql://meridian@db.example/meridian?sslmode=require",
    // A Unix socket, the libpq way: ?host= names the socket's directory (db/postgres-url.ts).
    "postgres://postgres@localhost:5432/meridian?host=/var/run/postgresql",
    "postgres://postgres@localhost/meridian?host=%2Fvar%2Frun%2Fpostgresql",
    "postgres://postgres@/meridian?host=/var/run/postgresql",
    "postgres:///meridian?host=/tmp&application_name=meridian",
    "postgres://meridian@db-1:5432,db-2:5432/meridian?target_session_attrs=read-write",
  ])("accepts %s, kept as written", (url) => {
    expect(loadEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each([
    ["mysql://db.example/meridian", "DATABASE_URL: must start with postgres://"],
    ["postgres://postgres@localhost/meridian?host=db.example", `DATABASE_URL: ${SOCKET_HOST_MESSAGE}`],
    ["postgres://postgres@localhost/meridian?host=var/run/postgresql", `DATABASE_URL: ${SOCKET_HOST_MESSAGE}`],
    ["postgres://postgres@localhost/meridian?host=", `DATABASE_URL: ${SOCKET_HOST_MESSAGE}`],
    ["postgres://postgres@localhost/meridian?host=/a&host=/b", `DATABASE_URL: ${SOCKET_HOST_MESSAGE}`],
  ])("refuses %s, saying why", (url, line) => {
    expect(() => loadEnv({ DATABASE_URL: url })).toThrow(`Invalid environment settings:\n  ${line}`);
  });
});
