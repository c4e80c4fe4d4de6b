// Single and double elimination on the site (no React): a tab per round, the
// bracket as the tournament page's round (whole up to 32 places, else the selected
// round a page at a time: bracket-model.ts), matches scored win 1, draw ½, and the
// standings' "Reached" column in the bracket's words.

import { groupsOf, vecSize } from "@/engine/formats";
import { bracketSize, roundName } from "@/engine/formats/elimination/bracket";
import { bracketOf } from "@/engine/formats/elimination/elimination";
import type { FormatPage, RoundTab } from "../contract";
import { eliminationPanel, panelContents, type EliminationPanel } from "./bracket-model";

export const eliminationPage: FormatPage<"elimination", EliminationPanel> = {
  roundTabs(state) {
    const { kind, k } = bracketOf(state);
    const tabs: RoundTab[] = state.rounds.map((r) => ({ key: `r${r.number}`, label: r.name, round: r.number, upcoming: false }));
    const next = state.rounds.length + 1;
    // The grand final's reset is shown once it is planned: until then it may not be played.
    const last = kind === "single" ? k : 2 * k;
    if (state.status === "playing" && next <= last) {
      tabs.push({
        key: `r${next}`,
        label: roundName(kind, k, next),
        round: next,
        upcoming: true,
        emptyText: `This round starts when round ${next - 1} is complete.`,
      });
    }
    return tabs;
  },
  summaryRound: (_state, round) => round,

  async roundPanel({ state, round, me, page, show }) {
    const panel = eliminationPanel(state, round, me, page);
    const { players, games } = panelContents(panel);
    show(players, games);
    return panel;
  },

  points: () => ({ win: 1, draw: 0.5, loss: 0 }),
  standings: { testId: "standings-table", liveTable: false },
  columns: {
    round: { label: "Reached", title: "Round reached: the round that knocked the player out, or the round in play", primary: true },
    losses: { label: "Lost", title: "Matches lost" },
  },
  // Only the losers' part of a double elimination's round knocks players out: say that part.
  reachedLabel(row, roundName) {
    if (row.status === "champion") return "Champion";
    const losers = /, (losers' .*)$/.exec(roundName);
    return row.status !== "playing" && losers ? losers[1]!.charAt(0).toUpperCase() + losers[1]!.slice(1) : roundName;
  },
  settingsNote(players) {
    if (!Number.isInteger(players) || players < 2) return "An elimination needs at least 2 players.";
    const size = bracketSize(players);
    const byes = size - players;
    return `With ${players} players the bracket has ${size} places${byes === 0 ? "" : `: ${byes === 1 ? "seed 1 has a bye" : `seeds 1–${byes} have byes`} in round 1`}.`;
  },
  preview: {
    plan(state) {
      const { kind, size, k } = bracketOf(state);
      const first = state.rounds[0]!;
      const byes = groupsOf(first).filter((g) => g.players.length === 1).length;
      return [
        {
          label: "Bracket",
          value: `${size} places`,
          hint: kind === "double" ? `${2 * k - 1} rounds, then the grand final` : `${k} rounds`,
          testId: "preview-bracket",
        },
        {
          label: "Round 1 matches",
          value: String(vecSize(first.groups) - byes),
          hint: byes > 0 ? `${byes} byes to the top seeds` : "no byes",
          testId: "preview-matches",
        },
      ];
    },
    rounds: true,
  },
};
