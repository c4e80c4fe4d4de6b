// Every format of the engine's registry against the site's contract
// (components/formats/contract.ts): a new format gets these checks by its registry lines.
import { describe, expect, it } from "vitest";
import {
  FORMAT_NAMES,
  defaultSettings,
  getFormat,
  settingFields,
  simulate,
  simulatedPlayers,
  standings,
  startTournament,
  validateSettings,
  type FormatName,
  type TournamentState,
} from "@/engine/formats";
import { standingColumns } from "@/components/tournament/columns";
import { FORMAT_PAGES, formatPoints, previewPlan, roundPanel, roundTabs, settingsNote, summaryRound } from "./pages";
import { currentTabIndex, tabIndexFor } from "./round-tabs";
import { settingLines } from "./settings-text";
import { FORMAT_VIEWS } from "./views";

/** A player count every format takes. */
const playersFor = (format: FormatName) => Math.max(getFormat(format).minPlayers, Math.min(20, getFormat(format).maxPlayers));

/** The server's cut of every planned round, with the page's own bookkeeping. */
async function cutEveryRound(state: TournamentState) {
  const shownPlayers = new Set<string>();
  const shownGames = new Set<string>();
  const remembered = new Map<string, unknown>();
  const tabs = roundTabs(state);
  const panels = [];
  for (const tab of tabs.filter((t) => !t.upcoming)) {
    panels.push(
      await roundPanel({
        state,
        round: tab.round,
        me: state.players[0]!.id,
        page: 1,
        running: state.status === "playing",
        tournamentClinch: async () => [],
        remember: async (key, make) => {
          if (!remembered.has(key)) remembered.set(key, make());
          return remembered.get(key) as never;
        },
        show: (players, games) => {
          for (const p of players) shownPlayers.add(p);
          for (const g of games ?? []) shownGames.add(g);
        },
        pause: async () => undefined,
      }),
    );
  }
  return { tabs, panels, shownPlayers, shownGames };
}

describe.each(FORMAT_NAMES)("the %s format on the site", (format) => {
  const engine = getFormat(format);

  it("declares settings whose defaults are valid, each labelled", () => {
    expect(validateSettings(format, defaultSettings(format), playersFor(format))).toEqual([]);
    for (const field of settingFields(engine.settings)) expect(field.label.length, field.key).toBeGreaterThan(0);
    const lines = settingLines(format, defaultSettings(format) as never);
    for (const line of lines) expect(line.text, line.key).not.toMatch(/undefined|\[object/);
    expect(engine.label.length).toBeGreaterThan(0);
  });

  it("browses, cuts and shows every round of a simulated tournament", async () => {
    const state = simulate({ format, players: simulatedPlayers(playersFor(format)), seed: "registry" });
    const { tabs, panels, shownPlayers, shownGames } = await cutEveryRound(state);
    expect(tabs.length).toBeGreaterThan(0);
    expect(tabs[currentTabIndex(tabs)]!.upcoming).toBe(false);
    for (const tab of tabs) {
      expect(tabIndexFor(tabs, tab.round)).toBe(tabs.indexOf(tab));
      if (!tab.upcoming) expect(state.rounds[summaryRound(state, tab.round) - 1], tab.key).toBeDefined();
    }
    for (const panel of panels) {
      expect(panel).toMatchObject({ kind: "round", format });
      // The page's data crosses to the browser: plain JSON only.
      expect(JSON.parse(JSON.stringify(panel))).toEqual(panel);
    }
    // What the panels show is named and linked: players of the tournament, games it holds.
    const ids = new Set(state.players.map((p) => p.id));
    for (const p of shownPlayers) expect(ids.has(p), p).toBe(true);
    expect(shownPlayers.size).toBeGreaterThan(0);
    expect(shownGames.size).toBeGreaterThan(0);
  });

  it("scores, labels and previews", () => {
    const state = startTournament(format, simulatedPlayers(playersFor(format)), undefined, 1);
    const points = formatPoints(state);
    expect(points.win).toBeGreaterThan(points.draw);
    expect(points.draw).toBeGreaterThanOrEqual(points.loss);
    expect(previewPlan(state).length).toBeGreaterThan(0);
    const columns = standingColumns(format, standings(state), true, state.gameType);
    for (const c of columns) expect(c.label.length, c.key).toBeGreaterThan(0);
    expect(typeof (settingsNote(format, playersFor(format)) ?? "")).toBe("string");
    expect(FORMAT_PAGES[format].standings.testId).toMatch(/-table$/);
  });

  it("has its /formats page", () => {
    const guide = FORMAT_VIEWS[format].guide;
    expect(guide.summary).toMatch(/\.$/);
    expect(guide.example()).toBeTruthy();
  });
});
