// axe-core on a page as it stands: no serious or critical violation.
//
// In axe's "legacy" mode: axe.run in the page itself. The default runs axe in each
// frame and then opens a blank page to merge the frames' results, and with that every
// check took 2–2.5× as long, for the same violations and passes (measured on
// /rules/chess: 7.5 s against 3.7 s; /players/alice: 2.9 s against 1.1 s). What the
// default adds is cross-origin frames, and Moot's pages have none.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test";

/** The rules a theme can break: the dark theme's check, on a page the light theme ran every rule on. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export async function expectNoGraveViolation(page: Page, label: string, options: { only?: "colours"; include?: string } = {}): Promise<void> {
  const axe = new AxeBuilder({ page }).setLegacyMode();
  if (options.only === "colours") axe.withRules(COLOUR_RULES);
  if (options.include) axe.include(options.include);
  const { violations } = await axe.analyze();
  const grave = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
  expect(grave, `axe-core on ${label}`).toEqual([]);
}

/**
 * The page as it stands, in both themes on one load: every rule in the light theme,
 * then the system's theme turned dark (the page follows it while no theme is saved,
 * app/layout.tsx) and the colour rules, the ones a theme can break; then light again
 * for whatever the test does next. A second load of each page for its dark theme was
 * a quarter of these checks' time.
 */
export async function expectAccessibleInBothThemes(page: Page, label: string): Promise<void> {
  await expect(page.locator("html")).not.toHaveClass(DARK);
  await expectNoGraveViolation(page, `${label} (light theme)`);
  await followSystemTheme(page, "dark");
  await expectNoGraveViolation(page, `${label} (dark theme)`, { only: "colours" });
  await followSystemTheme(page, "light");
}

const DARK = /\bdark\b/;

async function followSystemTheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  if (scheme === "dark") await expect(page.locator("html")).toHaveClass(DARK);
  else await expect(page.locator("html")).not.toHaveClass(DARK);
  // Buttons ease into their new colours (transition-colors): axe must see where they end.
  await page.evaluate(() => Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished] : []))));
}
