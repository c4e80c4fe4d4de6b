// Which columns a standings table shows for a row's `values`, with labels and
// formatting. The engine lists values in the order its tiebreaks apply, so the
// columns keep that order; this module only names them (the wording shared by
// every format, overridden by each format's own in its page: "round" means "round
// reached" overall but the keys overlap between formats) and hides values another
// column already tells (a "champion" flag is the status).

import { GAME_FAMILIES, type FormatName, type GameFamily, type StandingRow } from "@/engine/formats";
import type { ColumnSpec } from "@/components/formats/contract";
import { formatColumns, reachedLabel } from "@/components/formats/pages";
import type { TableInfo } from "@/lib/tournament-view";
import { formatNumber } from "./model";

export interface ValueColumn {
  readonly key: string;
  /** Short header (visible). */
  readonly label: string;
  /** Full name (header title and screen readers). */
  readonly title: string;
  readonly format: (value: number) => string;
  /** The column that decides places first: shown bold. */
  readonly primary?: boolean;
}

type Spec = Omit<ValueColumn, "key" | "format"> & { readonly format?: ValueColumn["format"] };

/** A format's column wording (components/formats/<name>/page.ts) as a Spec. */
function fromFormat(spec: ColumnSpec | undefined): Spec | undefined {
  if (!spec) return undefined;
  const { format, ...rest } = spec;
  return { ...rest, format: format === "percent" ? percent : format === "halves" ? halves : plain };
}

const plain = (v: number) => formatNumber(v);
const halves = (v: number) => formatNumber(v, true);
const percent = (v: number) => `${formatNumber(v)}%`;

/** Labels shared by every format; per-format entries below override them. */
const COMMON: Readonly<Record<string, Spec>> = {
  points: { label: "Pts", title: "Points", primary: true },
  score: { label: "Score", title: "Score", primary: true, format: halves },
  played: { label: "P", title: "Games played" },
  wins: { label: "W", title: "Wins" },
  draws: { label: "D", title: "Draws" },
  losses: { label: "L", title: "Losses" },
  winsAsBlack: { label: "W as black", title: "Wins as black" },
  percent: { label: "%", title: "Score percentage", format: percent },
  marginPerGame: { label: "Margin/g", title: "Point difference per game" },
  headToHead: { label: "H2H", title: "Points in the games among the tied players" },
  round: { label: "Reached", title: "Last round reached" },
  groupRank: { label: "Group place", title: "Place in the group of the last round reached" },
};

/** "W as attacker" for tafl (attackers count as black), "W as black" for chess, and so on. */
function winsAsBlackSpec(gameType: GameFamily): Spec {
  const type = GAME_FAMILIES[gameType];
  const side = type.sides[type.blackSide - 1];
  return side === "black"
    ? COMMON.winsAsBlack!
    : { label: `W as ${side}`, title: `Wins as ${side} (the side that counts as black in ${type.title.toLowerCase()} games)` };
}

/** Values another column already shows: the champion flag (status), staged "final" (folded into "Reached"). */
const HIDDEN = new Set(["champion", "final"]);

/**
 * Columns for the rows' values. `overall` selects the tournament-standings wording
 * (round = round reached); round standings use the common labels. Keys the engine
 * may add later still show, under their own name.
 */
export function standingColumns(format: FormatName, rows: readonly StandingRow[], overall: boolean, gameType?: GameFamily): ValueColumn[] {
  const keys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row.values)) if (!keys.includes(key) && !HIDDEN.has(key)) keys.push(key);
  return keys.map((key) => {
    const spec = (key === "winsAsBlack" && gameType ? winsAsBlackSpec(gameType) : undefined) ??
      (overall ? fromFormat(formatColumns(format)[key]) : undefined) ??
      COMMON[key] ?? { label: key, title: key };
    return { key, ...spec, format: spec.format ?? plain };
  });
}

/**
 * How a "round reached" value reads: the round's name where it is not just a
 * number ("Semi-finals"), as the format words it (the staged round 5: final or third place).
 */
export function roundReachedLabel(state: TableInfo, row: StandingRow): string {
  const n = row.values.round;
  if (n === undefined) return "";
  return reachedLabel(state.format, row, state.rounds[n - 1]?.name ?? `Round ${n}`);
}
