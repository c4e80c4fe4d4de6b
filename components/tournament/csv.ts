// Tournament data as CSV for spreadsheets: the standings (the columns the table
// shows), every group's cross-table (the points the format scores, as on the
// page), and every game with its players, sides and result. Pure, so the route
// that serves the files only reads and the tests can check the text.

import { GAME_FAMILIES, groupsOf, phasesOf, roundGamesWithIds, standings, type GameWithId, type TournamentState } from "@/engine/formats";
import { standingColumns, roundReachedLabel } from "./columns";
import { crossTable } from "./cross-table";
import { gameNumberWords } from "@/lib/tournament-view";
import { formatPoints } from "@/components/formats/pages";
import { finalPlaceLabel, gamesByContainer, playerName, type PlayerNames } from "./model";

export const CSV_KINDS = ["standings", "cross-tables", "results"] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

/**
 * One CSV field: quoted when it holds a comma, quote or line break (RFC 4180), and
 * a leading = + - @ neutralised so a spreadsheet does not run it as a formula.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLines(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}

const STATUS_WORDS = { champion: "champion", playing: "playing", eliminated: "eliminated", withdrawn: "withdrawn" } as const;

export function standingsCsv(state: TournamentState, names: PlayerNames): string {
  const rows = standings(state);
  const columns = standingColumns(state.format, rows, true, state.gameType);
  const out: (string | number)[][] = [["Rank", "Player", ...columns.map((c) => c.title), "Status", "Why above the next"]];
  for (const row of rows) {
    out.push([
      row.rankLabel,
      playerName(names, row.player),
      ...columns.map((c) => {
        const v = row.values[c.key];
        return v === undefined ? "" : c.key === "round" ? roundReachedLabel(state, row) : c.format(v);
      }),
      finalPlaceLabel(state, row)?.toLowerCase() ?? STATUS_WORDS[row.status],
      row.why,
    ]);
  }
  return csvLines(out);
}

/** Every group (or, for the league, the whole field) as players × players, cells in the format's points. */
export function crossTablesCsv(state: TournamentState, names: PlayerNames): string {
  const points = formatPoints(state);
  const out: (string | number)[][] = [];
  state.rounds.forEach((round, ri) => {
    const { groups } = gamesByContainer(state, ri + 1);
    const tables =
      groupsOf(round).length > 0
        ? groupsOf(round).map((g, gi) => ({ title: `${round.name}, group ${g.name}`, players: g.players, games: groups[gi] ?? [] }))
        : [{ title: round.name, players: round.seeds, games: roundGamesWithIds(state, ri + 1) }];
    for (const table of tables) {
      const ct = crossTable(table.players, table.games);
      if (out.length > 0) out.push([]);
      out.push([table.title]);
      out.push(["#", "Player", ...table.players.map((_, i) => String(i + 1)), "Score"]);
      table.players.forEach((p, r) => {
        let score = 0;
        const cells = table.players.map((_, c) => {
          if (c === r) return "x";
          return (ct.cells[r]?.[c] ?? [])
            .map((g) => {
              if (g.void) return "void";
              if (!g.outcome) return "-";
              score += points[g.outcome];
              return String(points[g.outcome]);
            })
            .join(" / ");
        });
        out.push([r + 1, playerName(names, p), ...cells, score]);
      });
    }
  });
  return csvLines(out);
}

function resultWords(game: GameWithId, names: PlayerNames): string {
  if (game.void) return "void";
  if (!game.result) return "not played yet";
  if (game.result.outcome === "draw") return "draw";
  return `${playerName(names, game.result.outcome === "1-0" ? game.side1 : game.side2)} won`;
}

/** Every game of every round: who played which side, the result, how it ended, and its page. */
export function resultsCsv(state: TournamentState, names: PlayerNames, gameUrls: Readonly<Record<string, string>> = {}): string {
  const [side1, side2] = GAME_FAMILIES[state.gameType].sides;
  const out: (string | number | null)[][] = [["Round", "Group or phase", "Game", side1, side2, "Result", "Score", "How it ended", "Margin", "Game page"]];
  state.rounds.forEach((round, ri) => {
    const { groups, phases } = gamesByContainer(state, ri + 1);
    const containers = [
      // A group's name is already its words ("Group 2", "League").
      ...groupsOf(round).map((g, gi) => ({ label: g.name, games: groups[gi] ?? [] })),
      ...phasesOf(round).map((p, pi) => ({ label: `Phase ${p.number}`, games: phases[pi] ?? [] })),
    ];
    for (const c of containers) {
      for (const g of c.games) {
        const score = g.void || !g.result ? "" : g.result.outcome === "1-0" ? "1-0" : g.result.outcome === "0-1" ? "0-1" : "½-½";
        out.push([
          round.name,
          c.label,
          gameNumberWords(g.id),
          playerName(names, g.side1),
          playerName(names, g.side2),
          resultWords(g, names),
          score,
          g.result?.reason ?? "",
          g.result?.margin ?? null,
          gameUrls[g.id] ?? "",
        ]);
      }
    }
  });
  return csvLines(out);
}

export function tournamentCsv(kind: CsvKind, state: TournamentState, names: PlayerNames, gameUrls?: Readonly<Record<string, string>>): string {
  switch (kind) {
    case "standings":
      return standingsCsv(state, names);
    case "cross-tables":
      return crossTablesCsv(state, names);
    case "results":
      return resultsCsv(state, names, gameUrls);
  }
}
