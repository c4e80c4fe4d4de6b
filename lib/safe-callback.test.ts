import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./safe-callback";

describe("safeCallbackUrl", () => {
  it.each(["/", "/tournaments/new", "/games/abc?x=1#moves", "/players/alice"])("keeps the same-site path %s", (path) => {
    expect(safeCallbackUrl(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/\t\\evil.example",
    "\t//evil.example",
    " //evil.example",
    "https://evil.example/",
    "HTTPS:evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "http://moot.invalid.evil.example/",
  ])("sends %j home instead of off-site", (raw) => {
    expect(safeCallbackUrl(raw)).toBe("/");
  });

  it("normalizes what it returns to exactly what was checked", () => {
    expect(safeCallbackUrl("/a/../settings")).toBe("/settings");
    expect(safeCallbackUrl(["/settings", "//evil.example"])).toBe("/settings");
    expect(safeCallbackUrl(undefined)).toBe("/");
  });
});
