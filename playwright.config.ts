// Playwright runs in Debian's Chromium (no browser download here); e2e/run.ts starts
// the real server and passes its address as BASE_URL.
import { defineConfig } from "@playwright/test";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // Per test. Two workers on a 2-core machine run two browsers and two servers at once
  // (load average 16–21 in a full run): tests that take 5 s alone took 35–57 s there,
  // and one hit a 60 s limit while its clicks were still being answered.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: process.env.BASE_URL ?? "http://localhost:3000",
    // No traces in CI: nobody can open them there (the run's printed output is all that
    // comes back), and recording every action's snapshot costs each test CPU.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
