import { describe, expect, it } from "vitest";
import { playableGames, recordResults, simulate, simulatedPlayers, standings, startTournament, type TournamentState } from "@/engine/formats";
import { resultsCsv, standingsCsv } from "@/components/tournament/csv";
import { bracketColumns, eliminationPanel, MATCHES_PER_PAGE, panelContents } from "./bracket-model";
import { eliminationPage } from "./page";

type State = TournamentState<"elimination">;
const start = (n: number, settings: Record<string, unknown> = {}) => startTournament("elimination", simulatedPlayers(n), settings, "page") as State;
const favourite = (s: State) =>
  recordResults(
    s,
    playableGames(s).map((g) => ({
      gameId: g.id,
      result: { outcome: Number(g.side1.slice(1)) < Number(g.side2.slice(1)) ? "1-0" : "0-1", reason: "normal" } as const,
    })),
  ).state as State;
const names = (s: State) => Object.fromEntries(s.players.map((p, i) => [p.id, { username: `Name${i + 1}` }]));

describe("the elimination bracket on the site", () => {
  it("draws a small bracket whole: winners' bracket, losers' bracket, grand final, with byes, sources and known players", () => {
    const s = start(6);
    const panel = eliminationPanel(s, 1, undefined, 1);
    expect(panel.whole).toBe(true);
    expect(panel.sides).toEqual(["first", "second"]);
    expect(panel.sections.map((x) => [x.title, x.columns.map((c) => c.title)])).toEqual([
      ["Winners' bracket", ["Winners' round 1", "Winners' round 2", "Winners' final"]],
      ["Losers' bracket", ["Losers' round 1", "Losers' round 2", "Losers' round 3", "Losers' final"]],
      ["Grand final", ["Grand final", "Grand final reset (if needed)"]],
    ]);
    const w1 = panel.sections[0]!.columns[0]!;
    expect(w1.current).toBe(true);
    expect(w1.matches.map((m) => [m.key, m.slots.map((x) => x.player ?? x.source), m.status, m.note ?? ""])).toEqual([
      ["W1-1", ["p1", "Bye"], "decided", "Bye"],
      ["W1-2", ["p4", "p5"], "playing", ""],
      ["W1-3", ["p2", "Bye"], "decided", "Bye"],
      ["W1-4", ["p3", "p6"], "playing", ""],
    ]);
    // Not planned yet: the bye's winner is known already, the other slot says where it comes from.
    const w2 = panel.sections[0]!.columns[1]!.matches[0]!;
    expect(w2.status).toBe("waiting");
    expect(w2.slots.map((x) => x.player ?? x.source)).toEqual(["p1", "Winner of W1-2"]);
    expect(w2.slots[0].seed).toBe(1);
    expect(panel.sections[2]!.columns[0]!.matches[0]!.decidesTitle).toBe(true);
    expect([...panelContents(panel).players].sort()).toEqual(["p1", "p2", "p3", "p4", "p5", "p6"]);
  });

  it("marks the champion on the match that crowned them, and drops the reset when it was not needed", () => {
    let s = start(6);
    while (s.status === "playing") s = favourite(s);
    expect(bracketColumns(s).map((c) => c.key)).not.toContain("GF2");
    const panel = eliminationPanel(s, s.rounds.length, undefined, 1);
    const final = panel.sections.at(-1)!.columns[0]!.matches[0]!;
    expect(final).toMatchObject({ key: "Grand final", status: "decided", winner: "p1", decidesTitle: true });
    expect(final.games).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(panel))).toEqual(panel);
  });

  it("sends a large bracket a page of the selected round at a time, the viewer's match first", () => {
    const s = start(100, { bracket: "single" });
    const panel = eliminationPanel(s, 1, "p60", 2);
    expect(panel.whole).toBe(false);
    expect(panel.sections).toHaveLength(1);
    expect(panel.sections[0]!.columns.map((c) => c.key)).toEqual(["W1"]);
    expect(panel.pageCount).toBe(64 / MATCHES_PER_PAGE);
    expect(panel.page).toBe(2);
    expect(panel.sections[0]!.columns[0]!.matches.map((m) => m.key)[0]).toBe(`W1-${MATCHES_PER_PAGE + 1}`);
    expect(panel.mine?.slots.map((x) => x.player)).toContain("p60");
    expect(eliminationPanel(s, 1, undefined, 99).page).toBe(panel.pageCount);
  });

  it("tabs, the Reached column in the bracket's words, the settings note and the preview", () => {
    let s = start(8);
    s = favourite(favourite(favourite(s)));
    const tabs = eliminationPage.roundTabs(s);
    expect(tabs.map((t) => [t.label, t.upcoming])).toEqual([
      ["Winners' round 1", false],
      ["Winners' round 2, losers' round 1", false],
      ["Winners' final, losers' round 2", false],
      ["Losers' round 3", false],
      ["Losers' final", true],
    ]);
    const rows = standings(s);
    const out = rows.find((r) => r.status === "eliminated")!;
    expect(eliminationPage.reachedLabel(out, s.rounds[out.values.round! - 1]!.name)).toMatch(/^Losers' round \d$/);
    expect(eliminationPage.settingsNote(6)).toBe("With 6 players the bracket has 8 places: seeds 1–2 have byes in round 1.");
    expect(eliminationPage.settingsNote(8)).toBe("With 8 players the bracket has 8 places.");
    expect(eliminationPage.preview.plan(start(6)).map((x) => `${x.label}: ${x.value} (${x.hint})`)).toEqual([
      "Bracket: 8 places (5 rounds, then the grand final)",
      "Round 1 matches: 2 (2 byes to the top seeds)",
    ]);
  });

  it("exports standings and results as CSV", () => {
    const s = simulate({ format: "elimination", players: simulatedPlayers(6), seed: "csv", gameType: "chess" }) as State;
    const standingLines = standingsCsv(s, names(s)).trim().split("\r\n");
    expect(standingLines[0]).toMatch(/^Rank,Player,"Round reached: .*",Matches lost,Status,Why above the next$/);
    expect(standingLines[1]).toMatch(/^1,Name1,Champion,0,champion,later round reached: champion vs Grand final$/);
    expect(standingLines[4]).toContain("later round reached: Losers' round 3 vs Losers' round 2");
    const results = resultsCsv(s, names(s)).trim().split("\r\n");
    expect(results.some((line) => line.includes("W1-2"))).toBe(true);
  });
});
