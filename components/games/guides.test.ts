// Every game played on the site has a rules page and a board to draw its
// diagrams, and every diagram is a real game: the engine replays all its moves.
import { describe, expect, it } from "vitest";
import { polyomino } from "@/engine/games/polyomino/game";
import { ON_SITE_GAMES, onSite, type OnSiteGame } from "@/engine/games/registry";
import { GUIDE_SECTIONS } from "./guide";
import { guideFor } from "./guides";
import { boardFor } from "./registry";

describe("rules pages", () => {
  it.each(ON_SITE_GAMES.map((game) => [game.id, game] as const))("%s has a rules page and a board", (id) => {
    expect(guideFor(id), `${id} has no rules page: add its guide to components/games/guides.ts`).toBeDefined();
    expect(boardFor(id)).toBeDefined();
  });

  // The four-colour game has its guide before it is registered: its diagrams are checked against its engine already.
  const guided = [...ON_SITE_GAMES, ...(ON_SITE_GAMES.some((g) => g.id === polyomino.id) ? [] : [onSite(polyomino)])];
  it.each(guided.map((game) => [game.id, game] as const))("every diagram of %s replays move by move", (id, game: OnSiteGame) => {
    const guide = guideFor(id);
    if (!guide) return;
    const diagrams = GUIDE_SECTIONS.flatMap(([key]) => guide[key].diagrams ?? []);
    expect(diagrams.length).toBeGreaterThan(0);
    for (const diagram of diagrams) {
      expect(game.replay(diagram.moves), diagram.caption).toHaveLength(diagram.moves.length + 1);
    }
  });

  it("knows no game that is not played on the site", () => {
    expect(guideFor("constructor")).toBeUndefined();
    expect(guideFor("chess-elsewhere")).toBeUndefined();
  });
});
