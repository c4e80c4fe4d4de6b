// An elimination's bracket as the site draws it (no React): its columns (winners'
// rounds, losers' rounds, the grand final and its reset) and each match as the
// shared bracket box shows it (components/tournament/bracket-match.tsx): two slots with
// their players and seeds, or, before a round is planned, where each player will
// come from, the player already known where the feeding match is decided. The
// tournament page sends the whole bracket for up to 32 places, and for larger ones
// the selected round's matches a page at a time with the viewer's match first.

import { GAME_FAMILIES, groupsOf, type TournamentState } from "@/engine/formats";
import {
  engineRoundOf,
  GRAND_FINAL,
  GRAND_FINAL_RESET,
  matchCount,
  matchName,
  parseMatchName,
  roundContents,
  slotFeeder,
  slotSource,
  type MatchRef,
} from "@/engine/formats/elimination/bracket";
import { bracketOf, outcomesOf } from "@/engine/formats/elimination/elimination";
import type { MatchOutcome } from "@/engine/formats/elimination/match";
import type { BracketMatch, BracketSlot } from "@/components/tournament/bracket-match";
import { clampPage, pagesFor } from "@/lib/page-window";
import { groupGames } from "@/lib/tournament-view";

type State = TournamentState<"elimination">;

export interface BracketColumn {
  readonly key: string;
  readonly title: string;
  readonly side: MatchRef["side"];
  readonly round: number;
  /** The tournament round that plays it. */
  readonly engineRound: number;
  readonly count: number;
}

export interface ColumnView {
  readonly key: string;
  readonly title: string;
  /** Played in the selected round. */
  readonly current: boolean;
  readonly matches: readonly BracketMatch[];
}

export interface SectionView {
  readonly title: string;
  readonly columns: readonly ColumnView[];
}

/** The tournament page's cut of an elimination: the whole bracket, or a page of the selected round. */
export interface EliminationPanel {
  /** What the two sides of a game are called (white and black, first and second). */
  readonly sides: readonly [string, string];
  readonly bestOf: number;
  readonly round: number;
  /** The whole bracket (small tournaments) or a window of the selected round. */
  readonly whole: boolean;
  readonly sections: readonly SectionView[];
  /** The viewer's match in the selected round, shown first when the bracket is windowed. */
  readonly mine: BracketMatch | null;
  readonly page: number;
  readonly pageCount: number;
}

/** Brackets up to this many places are sent whole (63 matches at most). */
export const WHOLE_BRACKET_PLACES = 32;
/** Matches of a column on a page of a larger bracket. */
export const MATCHES_PER_PAGE = 16;

/** Every column of the bracket, in the order drawn: winners', losers', then the finals. */
export function bracketColumns(state: State): BracketColumn[] {
  const { kind, k, reset } = bracketOf(state);
  const column = (side: MatchRef["side"], round: number, title: string): BracketColumn => ({
    key: side === "GF" || side === "GF2" ? side : `${side}${round}`,
    title,
    side,
    round,
    engineRound: engineRoundOf({ side, round, index: 0 }, k),
    count: matchCount(side, round, k),
  });
  const out: BracketColumn[] = [];
  for (let r = 1; r <= k; r++) {
    const title =
      kind === "single"
        ? r === k
          ? "Final"
          : r === k - 1
            ? "Semi-finals"
            : r === k - 2
              ? "Quarter-finals"
              : `Round ${r}`
        : r === k
          ? "Winners' final"
          : `Winners' round ${r}`;
    out.push(column("W", r, title));
  }
  if (kind === "single") return out;
  for (let r = 1; r <= 2 * (k - 1); r++) out.push(column("L", r, r === 2 * (k - 1) ? "Losers' final" : `Losers' round ${r}`));
  out.push(column("GF", 1, GRAND_FINAL));
  // The reset is drawn once it is played, or while it still may be.
  const resetRound = state.rounds[2 * k];
  const finalOutcome = state.rounds[2 * k - 1] ? outcomesOf(state, 2 * k)[0] : undefined;
  if (resetRound || (reset && state.status === "playing" && !finalOutcome?.winner))
    out.push(column("GF2", 1, `${GRAND_FINAL_RESET}${resetRound ? "" : " (if needed)"}`));
  return out;
}

/** Reads matches of one state: each round's groups by name and outcomes are looked up once. */
export class BracketReader {
  private readonly kind;
  private readonly k;
  private readonly reset;
  private readonly seedOf: ReadonlyMap<string, number>;
  private readonly byName = new Map<number, Map<string, number>>();
  private readonly outcomes = new Map<number, readonly MatchOutcome[]>();

  constructor(private readonly state: State) {
    const b = bracketOf(state);
    this.kind = b.kind;
    this.k = b.k;
    this.reset = b.reset;
    this.seedOf = new Map(state.players.map((p, i) => [p.id, i + 1]));
  }

  /** The group index of a match in its round, if the round is planned and the match has a player. */
  private located(ref: MatchRef): { round: number; index: number | undefined } | null {
    const round = engineRoundOf(ref, this.k);
    const r = this.state.rounds[round - 1];
    if (!r) return null;
    let names = this.byName.get(round);
    if (!names) {
      names = new Map(groupsOf(r).map((g, i) => [g.name, i]));
      this.byName.set(round, names);
    }
    return { round, index: names.get(matchName(ref)) };
  }

  private outcome(round: number, index: number): MatchOutcome {
    let all = this.outcomes.get(round);
    if (!all) {
      all = outcomesOf(this.state, round);
      this.outcomes.set(round, all);
    }
    return all[index]!;
  }

  /** A decided match's winner or loser, where known. */
  private fed(ref: MatchRef, slot: 0 | 1): string | null {
    const feeder = slotFeeder(this.k, ref, slot);
    if ("seed" in feeder) return this.state.players[feeder.seed - 1]?.id ?? null;
    const at = this.located(feeder.from);
    if (!at || at.index === undefined) return null;
    return this.outcome(at.round, at.index)[feeder.take];
  }

  private slot(player: string | null, source: string, winner: string | null): BracketSlot {
    const seed = player === null ? undefined : this.seedOf.get(player);
    return { player, source, winner: player !== null && player === winner, ...(seed === undefined ? {} : { seed }) };
  }

  title(ref: MatchRef): string {
    if (ref.side === "GF" || ref.side === "GF2") return matchName(ref);
    if (this.kind === "single") {
      const r = ref.round;
      const k = this.k;
      return r === k ? "Final" : r === k - 1 ? `Semi-final ${ref.index + 1}` : r === k - 2 ? `Quarter-final ${ref.index + 1}` : `Round ${r} · ${ref.index + 1}`;
    }
    return matchName(ref);
  }

  match(ref: MatchRef): BracketMatch {
    const key = matchName(ref);
    const at = this.located(ref);
    const base = { key, title: this.title(ref), round: at?.round ?? engineRoundOf(ref, this.k), seeded: true };
    const crowns = this.kind === "single" ? ref.side === "W" && ref.round === this.k : ref.side !== "W" && ref.side !== "L";
    if (!at) {
      // Not planned yet: where each player comes from, the player already where known.
      const slots = ([0, 1] as const).map((s) => this.slot(this.fed(ref, s), slotSource(this.k, ref, s), null)) as [BracketSlot, BracketSlot];
      return { ...base, slots, games: [], status: "waiting", winner: null, decidesTitle: crowns };
    }
    if (at.index === undefined) {
      const empty = this.slot(null, "nobody (byes)", null);
      return { ...base, slots: [empty, empty], games: [], status: "decided", winner: null, decidesTitle: false, note: "Empty" };
    }
    const group = groupsOf(this.state.rounds[at.round - 1]!)[at.index]!;
    const o = this.outcome(at.round, at.index);
    const [a, b] = group.players;
    const slots: [BracketSlot, BracketSlot] = [
      this.slot(a ?? null, "", o.winner),
      this.slot(b ?? null, ref.side === "W" && ref.round === 1 ? "Bye" : "nobody (bye)", o.winner),
    ];
    const decided = o.how !== "pending";
    // The grand final crowns nobody when its winner came from the losers' bracket and a reset follows.
    const resetFollows = ref.side === "GF" && this.reset && o.how === "score" && o.winner === b;
    const note = o.how === "bye" ? "Bye" : o.how === "walkover" ? "Walkover" : o.how === "withdrawal" ? "Withdrawal" : undefined;
    return {
      ...base,
      slots,
      games: groupGames(this.state, at.round, at.index),
      status: decided ? "decided" : "playing",
      winner: o.winner,
      decidesTitle: crowns && !resetFollows,
      ...(note ? { note } : {}),
    };
  }
}

const SECTION_TITLES: Readonly<Record<MatchRef["side"], string>> = {
  W: "Winners' bracket",
  L: "Losers' bracket",
  GF: "Grand final",
  GF2: "Grand final",
};

function sections(columns: readonly ColumnView[], of: readonly BracketColumn[], single: boolean): SectionView[] {
  const out: SectionView[] = [];
  columns.forEach((c, i) => {
    const title = single ? "Bracket" : SECTION_TITLES[of[i]!.side];
    const last = out.at(-1);
    if (last && last.title === title) (last.columns as ColumnView[]).push(c);
    else out.push({ title, columns: [c] });
  });
  return out;
}

/**
 * The bracket for the tournament page's selected round: whole when small, else
 * the round's columns a page at a time with the viewer's match first.
 */
export function eliminationPanel(state: State, round: number, me: string | undefined, requestedPage: number | undefined): EliminationPanel {
  const { kind, k, size, bestOf } = bracketOf(state);
  const reader = new BracketReader(state);
  const sides = GAME_FAMILIES[state.gameType].sides;
  const all = bracketColumns(state);
  const contents = roundContents(kind, k, round);
  const inRound = (c: BracketColumn) => c.engineRound === round;
  if (size <= WHOLE_BRACKET_PLACES) {
    const columns = all.map((c): ColumnView => ({
      key: c.key,
      title: c.title,
      current: inRound(c),
      matches: Array.from({ length: c.count }, (_, i) => reader.match({ side: c.side, round: c.round, index: i })),
    }));
    return { sides, bestOf, round, whole: true, sections: sections(columns, all, kind === "single"), mine: null, page: 1, pageCount: 1 };
  }
  const chosen = all.filter(inRound);
  const pageCount = Math.max(1, ...chosen.map((c) => pagesFor(c.count, MATCHES_PER_PAGE)));
  const page = clampPage(requestedPage, pageCount);
  const columns = chosen.map((c): ColumnView => ({
    key: c.key,
    title: c.title,
    current: true,
    matches: Array.from({ length: Math.max(0, Math.min(MATCHES_PER_PAGE, c.count - (page - 1) * MATCHES_PER_PAGE)) }, (_, i) =>
      reader.match({ side: c.side, round: c.round, index: (page - 1) * MATCHES_PER_PAGE + i }),
    ),
  }));
  let mine: BracketMatch | null = null;
  const planned = state.rounds[round - 1];
  if (me && planned && contents) {
    const group = groupsOf(planned).find((g) => g.players.includes(me));
    const ref = group ? parseMatchName(group.name) : null;
    if (ref) mine = reader.match(ref);
  }
  return { sides, bestOf, round, whole: false, sections: sections(columns, chosen, kind === "single"), mine, page, pageCount };
}

/** Players and games a panel shows (the page names and links exactly these). */
export function panelContents(panel: EliminationPanel): { players: Set<string>; games: Set<string> } {
  const players = new Set<string>();
  const games = new Set<string>();
  const add = (m: BracketMatch) => {
    for (const s of m.slots) if (s.player) players.add(s.player);
    for (const g of m.games) games.add(g.id);
  };
  for (const s of panel.sections) for (const c of s.columns) c.matches.forEach(add);
  if (panel.mine) add(panel.mine);
  return { players, games };
}
