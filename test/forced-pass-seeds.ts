// Test data for server/services/game/dice-pass.test.ts, found once by
// scripts/find-forced-pass.ts: with this server seed and these player seeds, the game
// played by test/dice-play.ts's policy holds a forced move and a pass from the bar
// within its first `actions` player actions. The server seed is the SHA-256 of a phrase,
// so that it is plainly not a seed any real game drew.
import { createHash } from "node:crypto";

export const FORCED_PASS = {
  variant: "backgammon",
  serverSeed: createHash("sha256").update("moot: a forced move and a pass").digest("hex"),
  seed1: "forced",
  seed2: "pass-23",
  actions: 40,
} as const;
