// Things that exist for automated tests only: the /dev component pages and the
// 5-second clock. A production server hides them unless the test harness turns them
// on (MOOT_TEST_FEATURES=1, set by e2e/server-process.ts).
import { clockPreset, type ClockPreset } from "@/engine/clock";
import { config, type Config } from "@/server/config";
import { AppError } from "@/server/services/errors";

export function testFeaturesEnabled(cfg: Config = config()): boolean {
  return cfg.NODE_ENV !== "production" || cfg.MOOT_TEST_FEATURES === "1";
}

/** True for /dev and /dev/…: pages for looking at components during development and tests. */
export function isDevPage(path: string): boolean {
  return path === "/dev" || path.startsWith("/dev/") || path.startsWith("/dev?");
}

/** The time control by id, refusing unknown ones and test-only ones where tests are not run. */
export function usableClockPreset(id: string, cfg: Config = config()): ClockPreset {
  const preset = clockPreset(id);
  if (!preset || (preset.testOnly && !testFeaturesEnabled(cfg))) throw new AppError("BAD_REQUEST", "Choose a time control from the list.");
  return preset;
}
