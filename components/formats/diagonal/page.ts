// The diagonal race on the site (no React): a tab per round, and the tournament
// page's round as rows of the circle: a circle of up to 160 whole (its opponent
// matrix needs every row), a larger one a page of 50 rows with the viewer's place.

import { pinnedWindow } from "@/lib/page-window";
import type { FormatPage } from "../contract";
import { gamesPerPlayerRange, span } from "../preview-figures";
import { oneTabPerRound } from "../round-tabs";
import { diagonalRows, type DiagonalRoundView, type DiagonalRow } from "./diagonal-rows";

/** A circle up to this size is shown whole (its opponent matrix needs every row). */
const WHOLE_UP_TO = 160;
/** Rows of a larger circle on a page, and rows kept on either side of the viewer. */
const ROWS_PER_PAGE = 50;
const AROUND_VIEWER = 3;
/** Of those who went out, the first this many are named. */
const OUT_NAMED = 50;

/** The round's window of the circle. */
export interface DiagonalPanel {
  readonly round: DiagonalRoundView;
  readonly page: number;
  readonly pageCount: number;
}

export const diagonalPage: FormatPage<"diagonal", DiagonalPanel> = {
  roundTabs: oneTabPerRound,
  summaryRound: (_state, round) => round,

  async roundPanel({ state, round: r, me, page: requested, remember, show }) {
    const round = state.rounds[r - 1]!;
    const rows = await remember<DiagonalRow[]>(`round ${r} circle`, () => diagonalRows(state, r));
    const whole = rows.length <= WHOLE_UP_TO;
    const viewerAt = me ? rows.findIndex((x) => x.player === me) : -1;
    const w = whole
      ? { page: 1, pageCount: 1, spans: [{ start: 0, end: rows.length }] }
      : pinnedWindow({
          total: rows.length,
          page: requested,
          pageSize: ROWS_PER_PAGE,
          top: 0,
          ...(viewerAt >= 0 ? { viewer: viewerAt } : {}),
          around: AROUND_VIEWER,
        });
    const shownRows: DiagonalRow[] = [];
    const gapsBefore: number[] = [];
    for (const s of w.spans) {
      if (s.start > 0) gapsBefore.push(shownRows.length);
      shownRows.push(...rows.slice(s.start, s.end));
    }
    const out = rows.filter((x) => x.fate === "out" || x.fate === "withdrawn").map((x) => x.player);
    for (const x of shownRows)
      show(
        [x.player, ...x.opponents.map((o) => o.opponent)],
        x.opponents.map((o) => o.game.id),
      );
    show(out.slice(0, OUT_NAMED));
    return {
      page: w.page,
      pageCount: w.pageCount,
      round: {
        number: r,
        name: round.name,
        complete: round.status === "complete",
        ...(round.pattern ? { pattern: round.pattern } : {}),
        settings: state.settings,
        total: rows.length,
        rows: shownRows,
        gapsBefore,
        out,
      },
    };
  },

  points: () => ({ win: 1, draw: 0.5, loss: 0 }),
  standings: { testId: "standings-table", liveTable: false },
  columns: {
    round: { label: "Reached", title: "Last round reached", primary: true },
    losses: { label: "L", title: "Losses counted (all rounds with carry-over)" },
    wins: { label: "W", title: "Wins" },
  },
  reachedLabel: (_row, roundName) => roundName,
  settingsNote: () => null,
  preview: {
    plan(state) {
      const round = state.rounds[0]!;
      return [
        {
          label: "Round 1 opponents each",
          value: String(round.pattern?.opponents ?? 0),
          hint: `offsets ±${(round.pattern?.offsets ?? []).join(", ±")}`,
          testId: "preview-opponents",
        },
        { label: "Round 1 games per player", value: span(gamesPerPlayerRange(state, round)) },
      ];
    },
    rounds: true,
  },
};
