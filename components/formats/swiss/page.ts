// The Swiss on the site (no React): a tab per round, and the tournament page's
// round as its boards: a round of up to 100 boards whole, a larger one a page of
// 50 with the viewer's board kept in view. The standings (points, then the
// organizer's tie-breaks) are the tournament's own table, with the clinch marks of
// the prize places while it runs.

import { swissTrf } from "@/engine/formats/swiss/swiss";
import { pinnedWindow } from "@/lib/page-window";
import type { FormatPage } from "../contract";
import { oneTabPerRound } from "../round-tabs";
import { swissRound, type SwissRoundView } from "./boards";

const WHOLE_UP_TO = 100;
const BOARDS_PER_PAGE = 50;
const AROUND_VIEWER = 2;

export interface SwissPanel {
  readonly round: SwissRoundView;
  readonly page: number;
  readonly pageCount: number;
}

const TIEBREAK_COLUMNS = {
  "buchholz-cut1": { label: "BH-C1", title: "Buchholz cut 1: the opponents' scores without the lowest" },
  buchholz: { label: "BH", title: "Buchholz: the sum of the opponents' scores" },
  "sonneborn-berger": { label: "SB", title: "Sonneborn-Berger: each opponent's score times the points scored against them" },
  "direct-encounter": { label: "DE", title: "Direct encounter: points in the games among the players level before it" },
  wins: { label: "W", title: "Games won over the board" },
  "wins-black": { label: "WB", title: "Games won over the board with black (the second side)" },
} as const;

export const swissPage: FormatPage<"swiss", SwissPanel> = {
  roundTabs: oneTabPerRound,
  summaryRound: (_state, round) => round,

  async roundPanel({ state, round: r, me, page: requested, remember, show }) {
    const all = await remember(`round ${r} boards`, () => swissRound(state, r)!);
    const viewerAt = me ? all.boards.findIndex((b) => b.game.side1 === me || b.game.side2 === me) : -1;
    const w =
      all.boards.length <= WHOLE_UP_TO
        ? { page: 1, pageCount: 1, spans: [{ start: 0, end: all.boards.length }] }
        : pinnedWindow({
            total: all.boards.length,
            page: requested,
            pageSize: BOARDS_PER_PAGE,
            top: 0,
            ...(viewerAt >= 0 ? { viewer: viewerAt } : {}),
            around: AROUND_VIEWER,
          });
    const boards = w.spans.flatMap((s) => all.boards.slice(s.start, s.end));
    show(
      [...boards.flatMap((b) => [b.game.side1, b.game.side2]), ...(all.bye ? [all.bye] : [])],
      boards.map((b) => b.game.id),
    );
    return { page: w.page, pageCount: w.pageCount, round: { ...all, boards } };
  },

  points: () => ({ win: 1, draw: 0.5, loss: 0 }),
  // One table over the whole Swiss, with the prize places' clinch marks (on points alone).
  standings: { testId: "standings-table", liveTable: true },
  columns: { points: { label: "Pts", title: "Points: win 1, draw ½, the bye 1", primary: true, format: "halves" }, ...TIEBREAK_COLUMNS },
  reachedLabel: (_row, roundName) => roundName,
  files: [{ kind: "trf", label: "TRF, for FIDE pairing checkers", contentType: "text/plain; charset=latin1", write: swissTrf }],
  settingsNote: (players) =>
    players >= 2 ? `${players} players can play at most ${players - 1} rounds; about ${Math.ceil(Math.log2(players))} rounds single out a winner.` : null,
  preview: {
    plan(state) {
      const round = swissRound(state, 1);
      return [
        { label: "Round 1 boards", value: String(round?.total ?? 0), hint: round?.bye ? "one player has the bye" : "no bye", testId: "preview-boards" },
        { label: "Rounds", value: String(state.settings.rounds), hint: "each paired from the results of the rounds before" },
      ];
    },
    rounds: true,
  },
};
