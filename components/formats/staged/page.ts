// The staged championship on the site (no React): its four fixed stages as tabs
// (the knockout is rounds 4 and 5 together), the whole championship on the
// tournament page (at most 32 players), and the knockout's final and third place
// told apart in the standings.

import { groupsOf, roundGamesWithIds, type ClinchTable, type TournamentState } from "@/engine/formats";
import { ROUND2_GROUPINGS, ROUND3_GROUPINGS, STAGED_FINAL_VALUE_FROM } from "@/engine/formats/staged/staged";
import type { FormatPage, RoundTab } from "../contract";

const STAGES = [
  { key: "r1", label: "Round 1", round: 1 },
  { key: "r2", label: "Round 2", round: 2 },
  { key: "r3", label: "Round 3", round: 3 },
  { key: "ko", label: "Knockout", round: 4, through: 5 },
] as const;

/** The grouping codes ("B1" = Blue's first) in words. */
const CODE_GROUPS: Readonly<Record<string, string>> = { B: "Blue", Y: "Yellow", R: "Red", G: "Green", T: "T", E: "E", S: "S" };
function codeWords(code: string, round: number): string {
  const letter = code.slice(0, -1);
  const place = code.slice(-1);
  // Round 2 reads round 1's colour groups; round 3 reads round 2's lettered groups (B is a letter there).
  const group = round === 2 ? CODE_GROUPS[letter] : letter;
  return `${group} ${place}`;
}

/** The whole championship (small): every round and game. */
export interface StagedPanel {
  readonly state: TournamentState<"staged">;
  readonly clinch: readonly ClinchTable[];
}

export const stagedPage: FormatPage<"staged", StagedPanel> = {
  roundTabs: (state) =>
    STAGES.map((s): RoundTab => {
      const upcoming = !state.rounds[s.round - 1];
      const prev = s.round === 4 ? "round 3" : `round ${s.round - 1}`;
      const what = s.round === 4 ? "The semi-finals start" : `Round ${s.round} starts`;
      return { ...s, upcoming, ...(upcoming ? { emptyText: s.round === 1 ? "Round 1 has not been drawn yet." : `${what} when ${prev} is complete.` } : {}) };
    }),
  // The knockout spans rounds 4 and 5: summarize the latest of them.
  summaryRound: (state, round) => (round === 4 && state.rounds[4] ? 5 : round),

  async roundPanel({ state, tournamentClinch, show }) {
    show(state.players.map((p) => p.id));
    for (const round of state.rounds)
      show(
        [],
        roundGamesWithIds(state, round.number).map((g) => g.id),
      );
    return { state, clinch: await tournamentClinch() };
  },

  points: () => ({ win: 1, draw: 0.5, loss: 0 }),
  standings: { testId: "standings-table", liveTable: false },
  columns: {
    percent: { label: "Score %", title: "Score percentage in the last round reached", format: "percent" },
  },
  // Round 5 holds the final and the third-place game: say which.
  reachedLabel: (row, roundName) => (row.values.round === 5 ? ((row.values.final ?? 0) >= STAGED_FINAL_VALUE_FROM ? "Final" : "Third place") : roundName),
  // Rounds 2 and 3 draw one of the rule book's groupings of the previous round's places.
  groupingOptions: (round) =>
    round === 2 || round === 3
      ? (round === 2 ? ROUND2_GROUPINGS : ROUND3_GROUPINGS).map((option) =>
          option.map((codes) => codes.map((c) => codeWords(c, round)).join(" + ")).join(" / "),
        )
      : null,
  settingsNote: (players) => `The staged path is fixed for 16–32 players. With ${players} players: ${stagedPathText(players)}`,
  preview: {
    plan(state) {
      const groups = groupsOf(state.rounds[0]!);
      return [
        {
          label: "Round 1 groups",
          value: groups.map((g) => g.players.length).join(" · "),
          hint: groups.map((g) => g.name).join(" · "),
          testId: "preview-groups",
        },
      ];
    },
    rounds: true,
  },
};

/**
 * What the staged championship does for this many players, in words: round 1's
 * group sizes (the snake seeding deals players round the four groups), then the
 * fixed 4 groups of 4, 2 groups of 4, semi-finals, final and third place.
 */
export function stagedPathText(players: number): string {
  if (!Number.isInteger(players) || players < 16 || players > 32) return "the staged championship needs 16 to 32 players.";
  const sizes = [0, 1, 2, 3].map((g) => Math.floor(players / 4) + (g < players % 4 ? 1 : 0));
  const round1 = sizes.every((s) => s === sizes[0]) ? `4 groups of ${sizes[0]}` : `4 groups of ${sizes.join(", ")}`;
  return `round 1 plays ${round1} (the top 4 of each go on); round 2 plays 4 groups of 4 (the top 2 go on); round 3 plays 2 groups of 4 (the top 2 go on); then semi-finals, the final and the third-place game.`;
}
