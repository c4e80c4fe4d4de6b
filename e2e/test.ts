// The `test` every spec uses: Playwright's, plus one automatic fixture that closes the
// browser contexts a test opened itself (browser.newContext()). Playwright closes only
// its own `context` fixture; contexts a test makes live on in the worker's browser until
// the worker ends, each page still holding its socket, its clocks and its live refreshes.
// Over a full run the two workers' browsers piled up dozens of such pages (load average
// 16-21 on two cores), and every later test ran several times slower than alone.
import { test as base } from "@playwright/test";

export const test = base.extend<{ closeOwnContexts: void }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";
export type { Browser, Locator, Page } from "@playwright/test";
