// Unit tests live next to the code (engine/**, server/**); e2e specs are Playwright's.
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const shared = {
  include: ["**/*.test.ts"],
  exclude: ["node_modules/**", "e2e/**", ".next/**", "data/**"],
};

export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("./", import.meta.url)) } },
  test: {
    globalSetup: ["./test/global-setup.ts"],
    // Tests sign up many players from "one address"; the limit itself is tested directly.
    env: { SIGNUPS_PER_IP_PER_HOUR: "100000" },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two files at once on the two-core machines this runs on (vitest's default is one
    // fewer worker than cores: one, here): most files wait on PostgreSQL half the time,
    // and the suite took 6.3 min in one worker, 3.2 min in two. Files that read a whole
    // table or sweep the database have a database of their own (openOwnTestDatabase).
    maxWorkers: 2,
    projects: [
      // Pure code (the engine, shared helpers, components' logic): no module keeps a
      // connection, a cache or a timer, so the files of a worker share their imports,
      // which halves the suite's time on two cores (each file re-importing was most of it).
      {
        extends: true,
        test: {
          ...shared,
          name: "pure",
          include: ["engine/**/*.test.ts", "lib/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts"],
          isolate: false,
        },
      },
      // Services, database, scripts: each file its own module graph (session caches, the Redis client, realtime servers).
      { extends: true, test: { ...shared, name: "services", exclude: [...shared.exclude, "engine/**", "lib/**", "components/**", "bench/**"] } },
    ],
  },
});
