// The staged format's ranking inside a group (FORMATS.md §4, **Decision** list),
// applied until every player has a unique place:
//   1. score (win 1, draw ½) as a percentage of games played;
//   2. among players still tied: score in the games between them only;
//   3. point difference (margins) per game, over all the group's games;
//   4. round 1: higher rating; later rounds: better rank in the previous round;
//   5. a random draw (recorded in the audit log).
// "With three or more tied, recompute among those still tied after each step":
// whenever a step splits a tied set, every smaller set still tied starts again at
// step 2 among its own members only. The result carries, for every adjacent pair,
// the sentence that says which step separated them and with what values.

import type { Prng } from "../../prng";
import { tallyGames, type Tally } from "../core";
import type { AuditEntry, Game } from "../types";

export interface LadderInput {
  /** Players to rank (withdrawn players already left out), in seed order. */
  readonly players: readonly string[];
  /** The group's games; void and unplayed games are ignored. */
  readonly games: readonly Game[];
  /** Step 4: larger is better (a rating, or minus the previous rank). */
  readonly step4: (id: string) => number;
  readonly step4Label: string;
  /** Step 5: with a PRNG, a recorded random draw; without, seed order (provisional). */
  readonly draw?: { readonly rng: Prng; readonly audit: AuditEntry[]; readonly round: number; readonly group: string };
}

export interface LadderResult {
  readonly order: string[];
  /** whys[i] explains why order[i] is above order[i+1]. */
  readonly whys: string[];
  readonly values: Map<string, Record<string, number>>;
}

const fmt = (x: number): string => String(Math.round(x * 100) / 100);

export function rankGroup(input: LadderInput): LadderResult {
  const tallies = tallyGames(input.players, input.games);
  const score = (id: string) => {
    const t = tallies.get(id) as Tally;
    return t.wins + t.draws / 2;
  };
  const played = (id: string) => (tallies.get(id) as Tally).played;
  const percent = (id: string) => (played(id) > 0 ? (100 * score(id)) / played(id) : 0);
  const marginPerGame = (id: string) => (played(id) > 0 ? (tallies.get(id) as Tally).marginDiff / played(id) : 0);
  const values = new Map<string, Record<string, number>>();
  for (const p of input.players) {
    values.set(p, {
      score: score(p),
      played: played(p),
      percent: Math.round(percent(p) * 100) / 100,
      marginPerGame: Math.round(marginPerGame(p) * 1000) / 1000,
    });
  }
  const setValue = (id: string, key: string, v: number) => ((values.get(id) as Record<string, number>)[key] = v);

  interface Ranked {
    order: string[];
    whys: string[];
  }

  /** Splits `set` by value (higher first); ranks each class; joins with reasons. */
  const split = (set: string[], value: (id: string) => number, describe: (a: string, b: string) => string, step: number): Ranked => {
    const byValue = new Map<number, string[]>();
    for (const id of set) {
      const v = value(id);
      const list = byValue.get(v);
      if (list) list.push(id);
      else byValue.set(v, [id]);
    }
    const classes = [...byValue.entries()].sort((a, b) => b[0] - a[0]).map(([, ids]) => ids);
    const out: Ranked = { order: [], whys: [] };
    for (const cls of classes) {
      const inner = cls.length === 1 ? { order: cls, whys: [] } : cls.length < set.length ? resolve(cls, 2) : resolve(cls, step + 1);
      if (out.order.length > 0) out.whys.push(describe(out.order[out.order.length - 1] as string, inner.order[0] as string));
      out.order.push(...inner.order);
      out.whys.push(...inner.whys);
    }
    return out;
  };

  const resolve = (set: string[], step: number): Ranked => {
    if (set.length <= 1) return { order: set, whys: [] };
    const names = set.join(", ");
    switch (step) {
      case 2: {
        const tied = new Set(set);
        const among = tallyGames(
          set,
          input.games.filter((g) => tied.has(g.side1) && tied.has(g.side2)),
        );
        const h2h = (id: string) => {
          const t = among.get(id) as Tally;
          return t.wins + t.draws / 2;
        };
        for (const id of set) setValue(id, "headToHead", h2h(id));
        return split(set, h2h, (a, b) => `same score; more points in the games among ${names}: ${fmt(h2h(a))} vs ${fmt(h2h(b))}`, 2);
      }
      case 3:
        return split(
          set,
          marginPerGame,
          (a, b) => `same score and head-to-head; better point difference per game: ${fmt(marginPerGame(a))} vs ${fmt(marginPerGame(b))}`,
          3,
        );
      case 4:
        for (const id of set) setValue(id, input.step4Label, input.step4(id));
        return split(
          set,
          input.step4,
          (a, b) =>
            `tied on score, head-to-head and point difference; better ${input.step4Label}: ${fmt(Math.abs(input.step4(a)))} vs ${fmt(Math.abs(input.step4(b)))}`,
          4,
        );
      default: {
        const order = input.draw ? input.draw.rng.shuffle(set) : set.slice();
        if (input.draw) {
          input.draw.audit.push({
            round: input.draw.round,
            what: `${input.draw.group}: order of ${names}, tied on every criterion`,
            decided: order.join(", "),
          });
        }
        order.forEach((id, i) => setValue(id, "draw", i + 1));
        const why = input.draw
          ? "tied on every criterion; placed by a random draw"
          : "tied on every criterion; a random draw will decide at the end of the round";
        return { order, whys: order.slice(1).map(() => why) };
      }
    }
  };

  const top = split(
    input.players.slice(),
    percent,
    (a, b) => `higher score: ${fmt(score(a))} vs ${fmt(score(b))} (${fmt(percent(a))}% vs ${fmt(percent(b))}%)`,
    1,
  );
  return { order: top.order, whys: top.whys, values };
}
