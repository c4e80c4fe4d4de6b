// A match as a .mat file (the Jellyfish match format that GNU Backgammon imports and
// exports: `import mat FILE`): per game the score before it, then numbered rows of
// the two players' actions (roll and move "52: 13/8 13/11", "Doubles => 2", "Takes",
// "Drops", a roll with no move "66:"), and how the game ended. Points are written
// as gnubg writes them: the bar is 25 and off is 0, hops in the order played.
import type { RecordInfo, SideNumber } from "../contract";
import type { BackgammonRules, BgState } from "./game";
import { resolveTurn, turnMoves } from "./game";
import type { Hop, TurnMove } from "./moves";

export interface GameLog {
  score: readonly [number, number];
  /** Each player's actions in turn, with the side that made it. */
  actions: { side: SideNumber; text: string }[];
  end: string | null;
}

const matHops = (hops: readonly Hop[]): string => hops.map((hop) => `${hop.from}/${hop.to}${hop.hit ? "*" : ""}`).join(" ");
const diceText = (dice: readonly [number, number]): string => `${Math.max(...dice)}${Math.min(...dice)}`;
// The .mat header reads "name : score"; a name with spaces or a colon would not read back.
const matName = (name: string): string => name.replace(/[\s:]+/g, "_") || "Player";

/** The games of a recorded match, replayed through the rules from `start` (by default the rules' own match length). */
export function gameLogs(rules: BackgammonRules, entries: readonly string[], start: BgState = rules.setup()): GameLog[] {
  const chance = rules.chance!;
  let state: BgState = start;
  const logs: GameLog[] = [{ score: state.score, actions: [], end: null }];
  for (const entry of entries) {
    const log = logs[logs.length - 1]!;
    const values = chance.readRoll(entry);
    const before = state;
    const outcome = values ? chance.roll(state, values) : rules.play(state, entry);
    if (!outcome.ok) throw new Error(`the record does not replay at "${entry}": ${outcome.reason}`);
    state = outcome.state;
    if (values) {
      const dice = values as [number, number];
      if (before.phase === "opening" && values[0] === values[1]) continue;
      const side: SideNumber = before.phase === "opening" ? (values[0]! > values[1]! ? 1 : 2) : before.turn;
      if (/\(no move\)$/.test(entry)) log.actions.push({ side, text: `${diceText(dice)}:` });
      else if (/\(forced /.test(entry)) {
        const [forced] = turnMoves({ ...before, phase: "move", turn: side, dice });
        log.actions.push({ side, text: `${diceText(dice)}: ${matHops(forced!.hops)}` });
      }
    } else if (entry === "double") log.actions.push({ side: before.turn, text: ` Doubles => ${before.cube * 2}` });
    else if (entry === "take") log.actions.push({ side: before.turn, text: " Takes" });
    else if (entry === "drop") log.actions.push({ side: before.turn, text: " Drops" });
    else if (before.phase === "move") {
      const played = resolveTurn(before, entry) as TurnMove;
      log.actions.push({ side: before.turn, text: `${diceText(before.dice!)}: ${matHops(played.hops)}` });
    }
    if (state.game !== before.game || (state.status.over && !before.status.over && state.lastGame !== before.lastGame)) {
      const end = state.lastGame!;
      const wins = `Wins ${end.points} point${end.points === 1 ? "" : "s"}`;
      // As gnubg writes it: after a drop in the winner's column of the row, else on a line of its own.
      if (end.kind === "drop") log.actions.push({ side: end.winner, text: ` ${wins}` });
      else log.end = `${end.winner === 1 ? "      " : " ".repeat(34)}${wins}`;
      if (!state.status.over) logs.push({ score: state.score, actions: [], end: null });
    }
  }
  return logs;
}

function matDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getUTCFullYear()}.${String(d.getUTCMonth() + 1).padStart(2, "0")}.${String(d.getUTCDate()).padStart(2, "0")}`;
}

export function exportMat(rules: BackgammonRules, info: RecordInfo, start: BgState): string {
  const names = [matName(info.side1), matName(info.side2)] as const;
  const lines = [
    `; [Site "${info.site}"]`,
    `; [Player 1 "${info.side1}"]`,
    `; [Player 2 "${info.side2}"]`,
    `; [EventDate "${matDate(info.startedAt)}"]`,
    ...(info.event ? [`; [Event "${info.event}"]`] : []),
    ...(rules.variantInfo.gnubgVariation !== "Standard" ? [`; [Variation "${rules.variantInfo.gnubgVariation}"]`] : []),
    "",
    ` ${start.matchLength} point match`,
    "",
  ];
  gameLogs(rules, info.moves, start).forEach((log, i) => {
    lines.push(` Game ${i + 1}`, ` ${names[0]} : ${log.score[0]}`.padEnd(32) + `${names[1]} : ${log.score[1]}`);
    // Rows pair side 1's action (left) with side 2's (right); actions alternate.
    const cells = log.actions[0]?.side === 2 ? ["", ...log.actions.map((a) => a.text)] : log.actions.map((a) => a.text);
    for (let row = 0; row * 2 < cells.length; row++) {
      const left = cells[row * 2]!;
      const right = cells[row * 2 + 1];
      lines.push(`${String(row + 1).padStart(3)}) ${right === undefined ? left : `${left} `.padEnd(28) + right}`);
    }
    if (log.end) lines.push(log.end);
    lines.push("");
  });
  return `${lines.join("\n")}\n`;
}
