import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("parseConfig", () => {
  it("has defaults that need no environment at all", () => {
    const c = parseConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: "./data", ADMIN_ACCOUNT_IDS: [] });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("treats an empty variable as unset", () => {
    const c = parseConfig({ DATABASE_URL: "", PORT: "" });
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT /],
    [{ PORT: "70000" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "mysql://x" }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ REDIS_URL: "http://x" }, /^Invalid configuration: REDIS_URL must be a redis/],
    [{ NEXTAUTH_SECRET: "short" }, /^Invalid configuration: NEXTAUTH_SECRET must be at least 32 characters\.$/],
  ])("names the bad variable in one sentence: %o", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });

  it("reads admin account ids, and refuses names in their place", () => {
    const id = "3F2504E0-4F89-41D3-9A0C-0305E82C3301";
    expect(parseConfig({ ADMIN_ACCOUNT_IDS: ` ${id}, ,` }).ADMIN_ACCOUNT_IDS).toEqual([id.toLowerCase()]);
    expect(() => parseConfig({ ADMIN_ACCOUNT_IDS: "siteboss" })).toThrow(
      "Invalid configuration: ADMIN_ACCOUNT_IDS must be a comma-separated list of account ids.",
    );
  });

  it("no longer reads admins from usernames", () => {
    expect(parseConfig({ ADMIN_USERNAMES: "siteboss" })).not.toHaveProperty("ADMIN_USERNAMES");
  });
});
