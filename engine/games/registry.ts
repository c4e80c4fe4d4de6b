// The games played on the site, by game type id: one line per game. Everything
// outside the games' own folders reaches a game through `onSiteGame(id)`, which
// speaks serialized positions (strings), so callers never see a game's state type.

import { chess } from "./chess/chess";
import type { CommonEndReason, GameInfo, GameRules, GameStatus, RecordInfo, SideNumber } from "./contract";
import { brandubh, copenhagen } from "./tafl/tafl-games";

export type { CommonEndReason, GameStatus, RecordInfo, SideNumber } from "./contract";

/** A game as callers outside its folder use it: positions are the game's serialized text. */
export interface OnSiteGame extends GameInfo {
  setup(): string;
  /** Throws an Error naming the problem if `position` is not a position of this game. */
  check(position: string): void;
  toMove(position: string): SideNumber;
  ply(position: string): number;
  status(position: string): GameStatus;
  legalMoves(position: string): string[];
  play(position: string, move: string): { ok: true; position: string; notation: string; status: GameStatus } | { ok: false; reason: string };
  end(position: string, winner: SideNumber | null, reason: CommonEndReason): string;
  /** The start and the position after each move: positions[k] is the board after k moves. */
  replay(moves: readonly string[]): string[];
  exportRecord(info: RecordInfo): string;
  /** An end reason in words, completing "won by …" or "drawn by …". */
  describeReason(reason: string): string;
}

const COMMON_REASONS: Readonly<Record<CommonEndReason, string>> = {
  resignation: "resignation",
  timeout: "time ran out",
  agreement: "agreement",
};

function onSite<S>(rules: GameRules<S>): OnSiteGame {
  // Pages and services often ask several questions about one position in a row.
  let lastText: string | null = null;
  let lastState: S | null = null;
  const read = (text: string): S => {
    if (text !== lastText || lastState === null) {
      lastState = rules.parse(text);
      lastText = text;
    }
    return lastState;
  };
  return {
    id: rules.id,
    name: rules.name,
    family: rules.family,
    sideNames: rules.sideNames,
    drawsPossible: rules.drawsPossible,
    moveExample: rules.moveExample,
    record: rules.record,
    setup: () => rules.serialize(rules.setup()),
    check: (position) => void read(position),
    toMove: (position) => rules.toMove(read(position)),
    ply: (position) => rules.ply(read(position)),
    status: (position) => rules.status(read(position)),
    legalMoves: (position) => rules.legalMoves(read(position)),
    play(position, move) {
      const outcome = rules.play(read(position), move);
      if (!outcome.ok) return outcome;
      return { ok: true, position: rules.serialize(outcome.state), notation: outcome.notation, status: outcome.status };
    },
    end: (position, winner, reason) => rules.serialize(rules.end(read(position), winner, reason)),
    replay(moves) {
      let state = rules.setup();
      const positions = [rules.serialize(state)];
      for (const move of moves) {
        const outcome = rules.play(state, move);
        if (!outcome.ok) break;
        state = outcome.state;
        positions.push(rules.serialize(state));
      }
      return positions;
    },
    exportRecord: (info) => rules.exportRecord(info),
    describeReason: (reason) => rules.reasons[reason] ?? COMMON_REASONS[reason as CommonEndReason] ?? reason,
  };
}

/** Every game played on the site, in the order forms list them. */
export const ON_SITE_GAMES: readonly OnSiteGame[] = [onSite(copenhagen), onSite(brandubh), onSite(chess)];

export function onSiteGame(id: string): OnSiteGame | undefined {
  return ON_SITE_GAMES.find((game) => game.id === id);
}
