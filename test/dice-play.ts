// A dice game played offline, by the engine alone, as the server would play it with
// given seeds (docs/dice.md, "On the site"): the opening roll once both seeds are in,
// then after each player's action the rolls the position waits for, numbered 1, 2, 3, …
// and derived with engine/verifiable-dice.ts. The players follow a fixed policy (the
// first legal turn, never a double), so the seeds alone name the whole record. Used by
// server/services/game/dice-pass.test.ts, which plays the same game through the real
// services, and by scripts/find-forced-pass.ts, which found that test's seeds.
import { backgammon as anyVariant } from "@/engine/games/backgammon/game";
import { BAR, SLOTS } from "@/engine/games/backgammon/moves";
import type { OnSiteGame, SideNumber } from "@/engine/games/registry";
import { rollDice, type DiceSeeds } from "@/engine/verifiable-dice";

/** The fixed policy: roll rather than double, take a double, play the first legal turn. */
export function firstLegalAction(rules: OnSiteGame, position: string): string {
  const legal = rules.legalMoves(position);
  if (legal.includes("double")) return "roll";
  if (legal.includes("take")) return "take";
  const first = legal[0];
  if (first === undefined) throw new Error("no legal action in a position that waits for a player");
  return first;
}

export interface OfflineEntry {
  readonly notation: string;
  /** The position before the entry. */
  readonly before: string;
  /** The roll's number and dice, for an entry the server's dice made. */
  readonly roll?: { readonly n: number; readonly dice: readonly number[] };
  /** The side that sent the entry, for a player's action. */
  readonly by?: SideNumber;
}

export interface OfflinePlay {
  readonly entries: readonly OfflineEntry[];
  /** The players' actions sent, in order. */
  readonly actions: number;
  readonly position: string;
}

/**
 * Plays from `rules.setup()` with `seeds` until `done` says so after an entry, the
 * match ends or `maxActions` player actions have been sent.
 */
export async function playOffline(
  rules: OnSiteGame,
  seeds: DiceSeeds,
  maxActions: number,
  done: (entries: readonly OfflineEntry[]) => boolean = () => false,
): Promise<OfflinePlay> {
  const chance = rules.chance;
  if (!chance) throw new Error(`${rules.id} has no dice`);
  const entries: OfflineEntry[] = [];
  let position = rules.setup();
  let n = 0;
  let actions = 0;
  const apply = (before: string, result: ReturnType<OnSiteGame["play"]>, extra: Partial<OfflineEntry>) => {
    if (!result.ok) throw new Error(`the rules refused an offline step: ${result.reason}`);
    entries.push({ notation: result.notation, before, ...extra });
    position = result.position;
  };
  const rollWhilePending = async () => {
    for (let request = chance.pending(position); request && !rules.status(position).over; request = chance.pending(position)) {
      n += 1;
      const dice = await rollDice(seeds, n, request.dice, request.faces);
      apply(position, chance.roll(position, dice), { roll: { n, dice } });
    }
  };
  await rollWhilePending();
  while (!rules.status(position).over && actions < maxActions && !done(entries)) {
    const by = rules.toMove(position);
    apply(position, rules.play(position, firstLegalAction(rules, position)), { by });
    actions += 1;
    await rollWhilePending();
  }
  return { entries, actions, position };
}

/** Whether a backgammon roll entry was for a side with a checker on the bar (the side whose turn waited for the dice). */
function fromBar(entry: OfflineEntry): boolean {
  const state = anyVariant.parse(entry.before);
  return state.phase === "dice" && state.board[(state.turn - 1) * SLOTS + BAR]! > 0;
}

/**
 * In a backgammon record: the first pass ("(no move)") by a side with a checker on the
 * bar, and the first forced move ("(forced …)"). What the seeds of
 * server/services/game/dice-pass.test.ts were chosen for.
 */
export function passAndForced(entries: readonly OfflineEntry[]): { pass?: OfflineEntry; forced?: OfflineEntry } {
  return {
    pass: entries.find((e) => e.notation.endsWith("(no move)") && fromBar(e)),
    forced: entries.find((e) => e.notation.includes("(forced ")),
  };
}

/** Whether the record holds both (the search's and the test's stopping point). */
export const holdsPassAndForced = (entries: readonly OfflineEntry[]): boolean => {
  const { pass, forced } = passAndForced(entries);
  return pass !== undefined && forced !== undefined;
};
