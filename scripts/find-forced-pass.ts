// `npx tsx scripts/find-forced-pass.ts [VARIANT] [ACTIONS] [CANDIDATES]`: how the seeds of
// server/services/game/dice-pass.test.ts were found. The server seed there is fixed
// (FORCED_PASS.serverSeed, the SHA-256 of a phrase); this tries the player seeds
// "forced" and "pass-1", "pass-2", … in turn, plays each game offline by the engine
// alone with the test's policy (test/dice-play.ts: the first legal turn, never a
// double) and prints the first whose first ACTIONS player actions hold both a forced
// move and a pass on the bar, with how many candidates each variant needs on average.
import { onSiteGame } from "../engine/games/registry";
import { holdsPassAndForced, passAndForced, playOffline, type OfflinePlay } from "../test/dice-play";
import { FORCED_PASS } from "../test/forced-pass-seeds";

async function firstHit(variant: string, actions: number, candidates: number, from = 1): Promise<{ k: number; play: OfflinePlay } | null> {
  const rules = onSiteGame(variant)!;
  for (let k = from; k < from + candidates; k++) {
    const seeds = { serverSeed: FORCED_PASS.serverSeed, playerSeeds: [FORCED_PASS.seed1, `pass-${k}`] as const };
    const play = await playOffline(rules, seeds, actions, holdsPassAndForced);
    if (holdsPassAndForced(play.entries)) return { k, play };
  }
  return null;
}

const [variant = FORCED_PASS.variant, actions = String(FORCED_PASS.actions), candidates = "2000"] = process.argv.slice(2);
const first = await firstHit(variant, Number(actions), Number(candidates));
if (first === null) console.log(`no seed among ${candidates} candidates`);
else {
  const { pass, forced } = passAndForced(first.play.entries);
  console.log(
    `${variant}: first seed2 "pass-${first.k}": ${first.play.actions} actions, ${first.play.entries.length} entries; "${forced!.notation}", "${pass!.notation}"`,
  );
}
// How many candidates a search needs: the gaps between successive hits.
const gaps: number[] = [];
for (let at = 1, started = Date.now(); gaps.length < 20 && Date.now() - started < 60_000;) {
  const hit = await firstHit(variant, Number(actions), Number(candidates), at);
  if (hit === null) break;
  gaps.push(hit.k - at + 1);
  at = hit.k + 1;
}
const mean = gaps.reduce((a, b) => a + b, 0) / Math.max(1, gaps.length);
console.log(`candidates per hit over ${gaps.length} hits: mean ${mean.toFixed(1)}, most ${Math.max(...gaps)}`);
