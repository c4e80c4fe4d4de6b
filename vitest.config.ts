// Unit tests live next to the code (engine/**, server/**); e2e specs are Playwright's.
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", "data/**"],
    globalSetup: ["./test/global-setup.ts"],
    // Tests sign up many players from "one address"; the limit itself is tested directly.
    env: { SIGNUPS_PER_IP_PER_HOUR: "100000" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
