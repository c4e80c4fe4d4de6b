// The game contract: what every game played on the site implements, in its own
// folder (engine/games/<game>/), and the one shape the server, the router and
// the pages use. Nothing outside a game's folder knows its rules or its state:
// positions travel and are stored as the game's own serialized text, and the
// registry (registry.ts) turns a game type id into the game.
//
// A game implements `GameRules<S>` over its own immutable state type S; the
// registry wraps it (`onSite`) into an `OnSiteGame`, which speaks serialized
// positions only, so callers never need S.

/** Side 1 moves first (attackers in tafl, white in chess). */
export type SideNumber = 1 | 2;

/** Ends every game shares; a game adds its own (checkmate, king escaped, …). */
export type CommonEndReason = "resignation" | "timeout" | "agreement";

export type GameStatus =
  | { readonly over: false }
  /** winner null means a draw. */
  | { readonly over: true; readonly winner: SideNumber | null; readonly reason: string };

export type PlayOutcome<S> =
  | { readonly ok: true; readonly state: S; readonly notation: string; readonly status: GameStatus }
  | { readonly ok: false; readonly reason: string };

/** What a record export needs besides the moves. */
export interface RecordInfo {
  readonly side1: string;
  readonly side2: string;
  /** Side 1's point of view; null while the game runs. */
  readonly result: "1-0" | "0-1" | "draw" | null;
  readonly endReason: string | null;
  /** Epoch ms the game started. */
  readonly startedAt: number;
  readonly event: string | null;
  readonly site: string;
  /** The moves in the game's notation, as the move list shows them. */
  readonly moves: readonly string[];
}

/** What a game is, apart from its rules: shared by `GameRules` and the registry's `OnSiteGame`. */
export interface GameInfo {
  /** The game type id stored with each game (also the catalog id). */
  readonly id: string;
  readonly name: string;
  /** How tournament formats treat the sides (engine/formats/game-types.ts). */
  readonly family: "tafl" | "chess";
  readonly sideNames: readonly [string, string];
  readonly drawsPossible: boolean;
  /** A move as players write it, for error messages ("d1-d3", "e4"). */
  readonly moveExample: string;
  /** The record format of exports: file extension and media type. */
  readonly record: { readonly extension: string; readonly mimeType: string };
}

export interface GameRules<S> extends GameInfo {
  /** Game-specific end reasons in words, completing "won by …" / "drawn by …". */
  readonly reasons: Readonly<Record<string, string>>;

  /** The start position of this game (variant). */
  setup(): S;
  serialize(state: S): string;
  /** Reads `serialize`'s output back (it comes from storage or the wire); throws an Error naming the problem. */
  parse(text: string): S;

  toMove(state: S): SideNumber;
  /** Moves played so far. */
  ply(state: S): number;
  status(state: S): GameStatus;
  /** Every legal move of the side to move, in a form `play` accepts; empty once over. */
  legalMoves(state: S): string[];
  /** Plays a move for the side to move, or refuses it with a reason in words. Never changes `state`. */
  play(state: S, move: string): PlayOutcome<S>;
  /** Ends a running game from outside the rules (resignation, time, agreement); a finished one is returned unchanged. */
  end(state: S, winner: SideNumber | null, reason: CommonEndReason): S;
  /** A whole game in the game's usual record format. */
  exportRecord(info: RecordInfo): string;
}
