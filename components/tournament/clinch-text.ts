// Sentences for the clinch marks (engine/formats/clinch.ts): the badge's word and
// the "Why?" that says what settles an open player, with player names. Kept free
// of React so it can be unit-tested.

import type { ClinchMark, ClinchSwing, ClinchTable } from "@/engine/formats";
import { playerName, type PlayerNames } from "./model";

export const CLINCH_LABEL = { clinched: "Clinched", out: "Out", open: "Open" } as const;

/** "go on", "win the league", "finish in the top 4". */
function goal(table: ClinchTable): string {
  if (table.goal === "advance") return "go on to the next round";
  if (table.goal === "win") return "finish first";
  return `finish in the top ${table.places}`;
}

const games = (n: number) => `${n} game${n === 1 ? "" : "s"}`;

function swingText(s: ClinchSwing, names: PlayerNames): string {
  const [a, b] = [playerName(names, s.side1), playerName(names, s.side2)];
  const what = s.outcome === "draw" ? `${a} and ${b} draw` : s.outcome === "1-0" ? `${a} beats ${b}` : `${b} beats ${a}`;
  return `${what}: ${s.makes === "clinched" ? "clinched" : "out"}`;
}

/** Shown swings at most; the rest are counted. */
const SWINGS_SHOWN = 6;

/** The "Why?" of one mark: a headline sentence and, for open players, what would settle it. */
export function clinchWhy(mark: ClinchMark, table: ClinchTable, names: PlayerNames): { headline: string; details: string[] } {
  const why = markWhy(mark, table, names);
  return table.note ? { ...why, details: [...why.details, table.note] } : why;
}

function markWhy(mark: ClinchMark, table: ClinchTable, names: PlayerNames): { headline: string; details: string[] } {
  const name = playerName(names, mark.player);
  const aim = goal(table);
  if (mark.status === "clinched") {
    const even =
      mark.ownRemaining > 1 ? `, even losing all ${mark.ownRemaining} of their own` : mark.ownRemaining === 1 ? ", even losing their own last game" : "";
    return { headline: `${name} will ${aim} whatever the ${games(table.remaining)} still to play in this table${even}.`, details: [] };
  }
  if (mark.status === "out") {
    const even =
      mark.ownRemaining > 1
        ? `, even winning all ${mark.ownRemaining} of their remaining games`
        : mark.ownRemaining === 1
          ? ", even winning their last game"
          : " whatever the other results";
    return { headline: `${name} can no longer ${aim}${even}.`, details: [] };
  }
  if (mark.undecided) {
    return {
      headline: `Not decided yet: with ${games(table.remaining)} still to play, the exact answer is beyond the site's search budget, so ${name} is shown as open rather than guessed.`,
      details: [],
    };
  }
  const details: string[] = [];
  if (mark.ownRemaining > 0) {
    const all = mark.ownRemaining === 1 ? "their last game" : `all ${mark.ownRemaining} of their remaining games`;
    if (mark.ifWinsAll === "clinched") details.push(`Winning ${all} clinches it.`);
    else if (mark.ifWinsAll !== null) details.push(`Even winning all their remaining games leaves it to the other results.`);
    if (mark.ifLosesAll === "out") details.push(mark.ownRemaining === 1 ? "Losing it puts them out." : "Losing all of them puts them out.");
  }
  const shown = mark.swings.slice(0, SWINGS_SHOWN).map((s) => swingText(s, names));
  if (shown.length > 0) {
    const more = mark.swings.length - shown.length;
    details.push(`Results that settle it: ${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}.`);
  }
  if (mark.rivals.length > 0) details.push(`Can still finish above them: ${mark.rivals.map((r) => playerName(names, r)).join(", ")}.`);
  return { headline: `Still open: ${name} may or may not ${aim}.`, details };
}

/** The table of one group (by name) or the league (null) in a round. */
export function clinchTableFor(tables: readonly ClinchTable[] | undefined, round: number, group: string | null): ClinchTable | undefined {
  return tables?.find((t) => t.round === round && t.group === group);
}
