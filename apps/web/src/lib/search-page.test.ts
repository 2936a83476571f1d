import { describe, expect, it } from "vitest";
import { searchPageQuery } from "./search-page";

// The server refuses an empty or blank query parameter (400), so a blank search box must ask for everything.
describe("admin list queries", () => {
  it("leave a blank search out and trim a real one", () => {
    expect(searchPageQuery({ q: "   ", page: 1, pageSize: 20 })).toBe("page=1&pageSize=20");
    expect(searchPageQuery({ q: " dana ", page: 2, pageSize: 20 })).toBe("page=2&pageSize=20&q=dana");
  });
});
