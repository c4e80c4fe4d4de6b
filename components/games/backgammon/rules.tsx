// The rules pages of the backgammon family played on the site (backgammon,
// nackgammon, hypergammon; docs/backgammon.md), for newcomers. The diagrams are
// record entries (rolls and turns) found with the game's own engine from its start
// position, so each variant's diagrams replay by construction.
import { onSiteGame, type OnSiteGame } from "@/engine/games/registry";
import type { GameGuide } from "../guide";

/** The record entries after one roll from the start, or null if the roll leaves no choice. */
function afterRoll(game: OnSiteGame, entries: readonly string[], dice: [number, number]): { entries: string[]; position: string } | null {
  const positions = game.replay(entries);
  let position = positions.at(-1)!;
  const out = [...entries];
  if (game.legalMoves(position).includes("roll")) {
    position = (game.play(position, "roll") as { position: string }).position;
    out.push("roll");
  }
  const rolled = game.chance!.roll(position, dice);
  if (!rolled.ok || rolled.notation.includes("(")) return null;
  return { entries: [...out, rolled.notation], position: rolled.position };
}

/** An opening turn, and a reply that hits a blot: the first the engine finds. */
function diagramsOf(game: OnSiteGame): { opening: string[]; hit: string[] | null } {
  const opening = afterRoll(game, [], [3, 1])!;
  const first = [...opening.entries, game.legalMoves(opening.position)[0]!];
  for (let a = 6; a >= 1; a--) {
    for (let b = a - 1; b >= 1; b--) {
      const start = afterRoll(game, [], [a, b]);
      if (!start) continue;
      for (const move of game.legalMoves(start.position)) {
        for (const reply of [
          [6, 5],
          [6, 4],
          [5, 3],
          [4, 2],
          [3, 1],
          [2, 1],
          [6, 6],
          [5, 5],
        ] as [number, number][]) {
          const answer = afterRoll(game, [...start.entries, move], reply);
          const hit = answer && game.legalMoves(answer.position).find((m) => m.includes("*"));
          if (answer && hit) return { opening: first, hit: [...answer.entries, hit] };
        }
      }
    }
  }
  return { opening: first, hit: null };
}

const START: Record<string, string> = {
  backgammon: "two checkers on your 24 point, five on 13, three on 8 and five on 6",
  nackgammon: "two checkers on each of your 24 and 23 points, four on 13, three on 8 and four on 6",
  hypergammon: "three checkers, one on each of your 24, 23 and 22 points",
};

function guideOf(id: "backgammon" | "nackgammon" | "hypergammon"): GameGuide {
  const game = onSiteGame(id)!;
  const { opening, hit } = diagramsOf(game);
  return {
    summary: `${game.name}: a race of two sides round the board on dice the players can verify after the game, with the doubling cube.`,
    goal: {
      body: (
        <p>
          Bring all your checkers into your home board (your points 1–6) and bear them off before the other side does. A match is played to 3 points: each game
          is worth the cube&apos;s value, twice that for a gammon and three times for a backgammon.
        </p>
      ),
    },
    setup: {
      body: (
        <p>
          Each side has {START[id]}, counting the points from its own side (24 farthest, 1 nearest home). Each side rolls one die; the higher die moves first
          and plays both dice (equal dice are rolled again).
        </p>
      ),
      diagrams: [{ caption: "The start position.", moves: [] }],
    },
    movement: {
      body: (
        <ul className="list-disc space-y-1 pl-5">
          <li>Each die moves one checker that many points towards home, to a point not held by two or more of the other side&apos;s checkers.</li>
          <li>Doubles are played four times. You must use both dice if you can; if only one can be used, the larger.</li>
          <li>
            Before rolling you may double (see below). On the board: click a checker, then one of the marked points; Undo takes a hop back; Send plays the turn.
          </li>
        </ul>
      ),
      diagrams: [{ caption: `The first turn after the opening roll 3-1: ${opening.at(-1)}.`, moves: opening }],
    },
    capture: {
      body: (
        <p>
          A single checker alone on a point is a blot: a checker landing there hits it and sends it to the bar. A side with a checker on the bar must enter it
          into the other side&apos;s home board before moving anything else.
        </p>
      ),
      ...(hit && { diagrams: [{ caption: `A hit (*): ${hit.at(-1)} sends a blot to the bar.`, moves: hit }] }),
    },
    end: {
      body: (
        <ul className="list-disc space-y-1 pl-5">
          <li>
            The side that bears off all its checkers wins the game: a gammon if the other side has borne off none, a backgammon if it also still has a checker
            on the bar or in the winner&apos;s home board.
          </li>
          <li>
            The doubling cube: before rolling, a side may double. The other side takes (the stakes double and it owns the cube) or drops (and loses the game at
            the current stakes). In the Crawford game, the one game right after a side first comes within one point of the match, nobody may double.
          </li>
          <li>The first side to reach 3 points wins the match. Resigning, or running out of time, loses the match.</li>
        </ul>
      ),
    },
    notation: {
      body: (
        <p>
          A turn is written hop by hop from the mover&apos;s side, &quot;from/to&quot;, with <code>bar</code>, <code>off</code>, <code>*</code> for a hit and
          (2) for a hop made twice, for example <code>24/18 13/11</code> or <code>bar/22*</code>. The record also holds each roll (<code>roll 6-5</code>) and
          the cube actions (<code>double</code>, <code>take</code>, <code>drop</code>; <code>roll</code> alone declines to double). The game page offers the
          match as a gnubg <code>.mat</code> file and the dice record, which the &quot;Verify the dice&quot; page checks.
        </p>
      ),
    },
  };
}

export const BACKGAMMON_GUIDE = guideOf("backgammon");
export const NACKGAMMON_GUIDE = guideOf("nackgammon");
export const HYPERGAMMON_GUIDE = guideOf("hypergammon");
