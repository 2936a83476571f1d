import { describe, expect, it } from "vitest";
import { loadEnv, WORKERS_NEED_POSTGRES_MESSAGE } from "./env";
import { startServerProcess } from "./test/server-process";

describe("WORKERS", () => {
  it("more than one process needs DATABASE_URL: the embedded database serves one process", () => {
    expect(() => loadEnv({ WORKERS: "2" })).toThrow(`WORKERS: ${WORKERS_NEED_POSTGRES_MESSAGE}`);
    expect(loadEnv({ WORKERS: "2", DATABASE_URL: "postgres://db.example:5432/meridian" }).WORKERS).toBe(2);
    expect(loadEnv({ WORKERS: "1" }).WORKERS).toBe(1);
    expect(loadEnv({}).WORKERS).toBe(1);
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
