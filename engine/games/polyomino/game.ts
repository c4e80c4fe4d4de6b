// The four-colour polyomino game (the classic 20×20 corner-touching game for
// two players, each playing two colours) behind the game contract, with the
// championship's Freestyle pre-game. Rules and notation: docs/polyomino.md.
//
// Side 1 is A, side 2 is B. The game opens with two pre-game plies: A names
// blue's and red's first pieces ("open F5 L5"), then B chooses to play blue and
// red or yellow and green ("choose blue-red"). From then on the side to move is
// whoever holds the colour to move. A colour that cannot place is skipped
// automatically: the skip is written after the placement that caused it
// ("blue F5:0@a20 (yellow passes)") and the game ends when no colour can place.
//
// A state is immutable: play copies the board before placing. It serializes as
// its status and its plies; parsing replays the plies, so a stored position can
// only be one the rules allow.

import { isEndReason, type CommonEndReason, type GameRules, type PositionStatus, type PlayOutcome, type RecordInfo, type SideNumber } from "../contract";
import { Board, COLOURS, placementOfKey, SIZE, START_CORNERS, type Colour, type ColourName } from "./board";
import { ALL_PIECES, MONOMINO, PIECES, SQUARES_PER_COLOUR, pieceByName, type Orientation } from "./pieces";

export type ColourPair = "blue-red" | "yellow-green";

export interface PolyState {
  readonly board: Board;
  /** Every ply played, in canonical notation without the passes that followed. */
  readonly moves: readonly string[];
  /** Every ply as the move list shows it: with the automatic passes that followed. */
  readonly notations: readonly string[];
  /** The pieces A named as blue's and red's first (indices into PIECES), once named. */
  readonly opening: readonly [number, number] | null;
  /** The colours B chose, once chosen. */
  readonly bPlays: ColourPair | null;
  /** The colour to place next (blue during the pre-game). */
  readonly toColour: Colour;
  /** Bit c set once colour c can place no more (that never changes back). */
  readonly out: number;
  /** The latest placement, for the board to mark. */
  readonly last: Placement | null;
  readonly status: PolyStatus;
}

const ONGOING: PolyStatus = { over: false };
const ALL_OUT = 0b1111;

export const POINTS = "points";
export const EQUAL_POINTS = "equal points";
/** The game's own end reasons, in words. */
const REASONS = { [POINTS]: "points", [EQUAL_POINTS]: "equal points" } as const;
type PolyEndReason = keyof typeof REASONS;
type PolyStatus = PositionStatus<PolyEndReason | CommonEndReason>;
type PolyOutcome = PlayOutcome<PolyState, PolyEndReason | CommonEndReason>;

/** The side holding colour `c`: B's choice decides; before it, A (side 1) by convention. */
export function sideOf(state: Pick<PolyState, "bPlays">, c: Colour): SideNumber {
  const blueRed = c === 0 || c === 2;
  return blueRed === (state.bPlays === "blue-red") ? 2 : 1;
}

export function squareName(x: number, y: number): string {
  return `${String.fromCharCode(97 + x)}${y + 1}`;
}

/** Points of one colour: −1 per square not placed; all placed: +15, and +5 more if the monomino went last. */
export function colourScore(board: Board, c: Colour): number {
  const used = board.used[c] as number;
  if (used === ALL_PIECES) return 15 + (board.last[c] === MONOMINO ? 5 : 0);
  let placed = 0;
  for (const piece of PIECES) if (used & (1 << piece.index)) placed += piece.size;
  return placed - SQUARES_PER_COLOUR;
}

/** Points of each colour and of each side (A first), both colours together. */
export function scores(state: PolyState): { colours: readonly number[]; sides: readonly [number, number] } {
  const colours = COLOURS.map((_, c) => colourScore(state.board, c as Colour));
  const bluePlusRed = (colours[0] as number) + (colours[2] as number);
  const yellowPlusGreen = (colours[1] as number) + (colours[3] as number);
  const sides: [number, number] = state.bPlays === "blue-red" ? [yellowPlusGreen, bluePlusRed] : [bluePlusRed, yellowPlusGreen];
  return { colours, sides };
}

/** The pieces `c` may place now: only the named piece for blue's and red's first placement. */
export function allowedPieces(state: PolyState, c: Colour): number {
  if (state.opening && state.board.used[c] === 0 && (c === 0 || c === 2)) return 1 << state.opening[c === 0 ? 0 : 1];
  return ALL_PIECES;
}

export function placementNotation(c: Colour, o: Orientation, x: number, y: number): string {
  return `${COLOURS[c]} ${(PIECES[o.piece] as (typeof PIECES)[number]).name}:${o.k}@${squareName(x + o.anchorDx, y)}`;
}

function listed(names: readonly string[]): string {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const OPEN = /^open\s+([a-z]\d)\s+([a-z]\d)$/i;
const CHOOSE = /^choose\s+(blue-red|yellow-green)$/i;
// The colour is optional; a trailing "(… passes)" as the move list shows it is ignored (passes are automatic).
const PLACE = /^(?:(blue|yellow|red|green)\s+)?([a-z]\d):(\d+)@([a-z])(\d+)(?:\s*\([a-z ,]*\))?$/i;
const EXAMPLE = "blue V5:3@a20";
const PIECE_NAMES = PIECES.map((p) => p.name).join(", ");
const NOT_A_MOVE = `not a move: write a colour, a piece, its orientation and a square (like “${EXAMPLE}”), or “open F5 L5” / “choose blue-red” before the first piece`;

type Refusal = { ok: false; reason: string };
const refuse = (reason: string): Refusal => ({ ok: false, reason });

function openGame(state: PolyState, blueName: string, redName: string): PolyOutcome {
  if (state.moves.length > 0) return refuse("the first pieces are already named");
  const blue = pieceByName(blueName);
  const red = pieceByName(redName);
  const unknown = !blue ? blueName : !red ? redName : null;
  if (!blue || !red) return refuse(`there is no piece “${unknown}”: the pieces are ${PIECE_NAMES}`);
  const stuck = [blue, red].find((piece) => !piece.canStart);
  if (stuck) return refuse(`${stuck.name} cannot cover a corner square, so it cannot be a first piece`);
  const notation = `open ${blue.name} ${red.name}`;
  const next: PolyState = { ...state, moves: [notation], notations: [notation], opening: [blue.index, red.index] };
  return { ok: true, state: next, notation, status: ONGOING };
}

function choose(state: PolyState, pair: ColourPair): PolyOutcome {
  if (state.moves.length === 0) return refuse("A names blue's and red's first pieces before B chooses colours (like “open F5 L5”)");
  if (state.moves.length > 1) return refuse("the colours are already chosen");
  const notation = `choose ${pair}`;
  const next: PolyState = { ...state, moves: [...state.moves, notation], notations: [...state.notations, notation], bPlays: pair, toColour: 0 };
  return { ok: true, state: next, notation, status: ONGOING };
}

/** A placement read from its notation: the colour, the shape and its bottom-left corner (x file, y rank − 1). */
export interface Placement {
  readonly c: Colour;
  readonly o: Orientation;
  readonly x: number;
  readonly y: number;
}

/**
 * A placement in notation checked against the position, for `play` and for a
 * board's ghost under the pointer: where it would lie (once the text names a
 * piece, an orientation and a square) and why it may not (null when it is legal).
 */
export function examinePlacement(state: PolyState, text: string): { placement: Placement | null; reason: string | null } {
  const nowhere = (reason: string) => ({ placement: null, reason });
  const match = PLACE.exec(text.trim().replace(/\s+/g, " "));
  if (!match) return nowhere(NOT_A_MOVE);
  if (state.status.over) return nowhere("the game is over");
  if (state.moves.length === 0) return nowhere("the game starts with A naming blue's and red's first pieces (like “open F5 L5”)");
  if (state.moves.length === 1) return nowhere("B chooses colours before the first piece (“choose blue-red” or “choose yellow-green”)");
  const c = state.toColour;
  const colour = COLOURS[c];
  const [, given, pieceName = "", kText = "", fileText = "", rankText = ""] = match;
  if (given && given.toLowerCase() !== colour) return nowhere(`it is ${colour}'s turn, not ${given.toLowerCase()}'s`);
  const piece = pieceByName(pieceName);
  if (!piece) return nowhere(`there is no piece “${pieceName}”: the pieces are ${PIECE_NAMES}`);
  const k = Number(kText);
  if (!(k >= 0 && k <= 7)) return nowhere("the orientation is a number from 0 to 7");
  const file = fileText.toLowerCase().charCodeAt(0) - 97;
  const rank = Number(rankText);
  if (file >= SIZE || !(rank >= 1 && rank <= SIZE)) return nowhere(`“${fileText}${rankText}” is not a square of the board (a1 to t20)`);
  const o = piece.orientations[piece.byK[k] as number] as Orientation;
  const placement: Placement = { c, o, x: file - o.anchorDx, y: rank - 1 };
  const board = state.board;
  if ((board.used[c] as number) & (1 << piece.index)) return { placement, reason: `${colour} has already placed ${piece.name}` };
  if (!(allowedPieces(state, c) & (1 << piece.index))) {
    const named = PIECES[31 - Math.clz32(allowedPieces(state, c))] as (typeof PIECES)[number];
    return { placement, reason: `${colour}'s first piece is ${named.name}, as A named it` };
  }
  const fit = board.why(c, o, placement.x, placement.y);
  if (fit === "ok") return { placement, reason: null };
  const [cx, cy] = START_CORNERS[c] as readonly [number, number];
  const reasons = {
    "off board": "the piece would reach off the board",
    overlap: "the piece would cover a square that is already taken",
    edge: `the piece would touch ${colour} along an edge`,
    "no corner":
      board.used[c] === 0 ? `${colour}'s first piece must cover its corner, ${squareName(cx, cy)}` : `the piece must touch another ${colour} piece at a corner`,
  } as const;
  return { placement, reason: reasons[fit] };
}

function place(state: PolyState, text: string): PolyOutcome {
  const { placement, reason } = examinePlacement(state, text);
  if (reason !== null || placement === null) return refuse(reason ?? NOT_A_MOVE);
  const { c, o, x, y } = placement;
  const next = new Board(state.board);
  next.place(c, o, x, y);
  return advance({ ...state, last: placement }, next, c, placementNotation(c, o, x, y));
}

/** After `c` placed: the next colour that can place, the automatic passes on the way, or the end. */
function advance(state: PolyState, board: Board, c: Colour, notation: string): PolyOutcome {
  let out = state.out;
  const passed: ColourName[] = [];
  let toColour: Colour = c;
  const probe: PolyState = { ...state, board };
  for (let i = 1; i <= 4; i++) {
    const d = ((c + i) % 4) as Colour;
    if (!(out & (1 << d)) && board.canPlace(d, allowedPieces(probe, d))) {
      toColour = d;
      break;
    }
    out |= 1 << d;
    passed.push(COLOURS[d]);
  }
  const over = out === ALL_OUT;
  const shown = over || passed.length === 0 ? notation : `${notation} (${listed(passed)} ${passed.length === 1 ? "passes" : "pass"})`;
  const next: PolyState = { ...probe, moves: [...state.moves, notation], notations: [...state.notations, shown], toColour, out, status: ONGOING };
  const status = over ? finalStatus(next) : ONGOING;
  return { ok: true, state: { ...next, status }, notation: shown, status };
}

function finalStatus(state: PolyState): PolyStatus {
  const [a, b] = scores(state).sides;
  if (a === b) return { over: true, winner: null, reason: EQUAL_POINTS };
  return { over: true, winner: a > b ? 1 : 2, reason: POINTS };
}

function play(state: PolyState, text: string): PolyOutcome {
  if (state.status.over) return refuse("the game is over");
  const input = text.trim().replace(/\s+/g, " ");
  const open = OPEN.exec(input);
  if (open) return openGame(state, open[1] as string, open[2] as string);
  const pair = CHOOSE.exec(input);
  if (pair) return choose(state, (pair[1] as string).toLowerCase() as ColourPair);
  return place(state, input);
}

function setup(): PolyState {
  return { board: new Board(), moves: [], notations: [], opening: null, bPlays: null, toColour: 0, out: 0, last: null, status: ONGOING };
}

function legalMoves(state: PolyState): string[] {
  if (state.status.over) return [];
  if (state.moves.length === 0) {
    const starters = PIECES.filter((piece) => piece.canStart);
    return starters.flatMap((blue) => starters.map((red) => `open ${blue.name} ${red.name}`));
  }
  if (state.moves.length === 1) return ["choose blue-red", "choose yellow-green"];
  const c = state.toColour;
  return state.board.placements(c, allowedPieces(state, c)).map((key) => {
    const { o, x, y } = placementOfKey(key);
    return placementNotation(c, o, x, y);
  });
}

function end(state: PolyState, winner: SideNumber | null, reason: CommonEndReason): PolyState {
  if (state.status.over) return state;
  return { ...state, status: { over: true, winner, reason } };
}

// "<status>|<plies>": status "-" while running, else "<1|2|=>:<reason>" ("=" a draw); plies separated by ";".
function serialize(state: PolyState): string {
  const status = state.status.over ? `${state.status.winner ?? "="}:${state.status.reason}` : "-";
  return `${status}|${state.moves.join(";")}`;
}

/** The state after `moves` from the start, or the first move refused with its reason. */
export function replayMoves(moves: readonly string[]): { state: PolyState; refused: { index: number; reason: string } | null } {
  let state = setup();
  for (let index = 0; index < moves.length; index++) {
    const outcome = play(state, moves[index] as string);
    if (!outcome.ok) return { state, refused: { index, reason: outcome.reason } };
    state = outcome.state;
  }
  return { state, refused: null };
}

function parse(text: string): PolyState {
  const bar = text.indexOf("|");
  if (bar < 0) throw new Error("polyomino state: expected “<status>|<plies>”");
  const statusText = text.slice(0, bar);
  const pliesText = text.slice(bar + 1);
  const plies = pliesText === "" ? [] : pliesText.split(";");
  // 2 pre-game plies and at most 84 placements.
  if (plies.length > 2 + 4 * PIECES.length) throw new Error("polyomino state: too many plies");
  const { state, refused } = replayMoves(plies);
  if (refused) throw new Error(`polyomino state: ply ${refused.index + 1} is not legal (${refused.reason})`);
  if (statusText === "-") {
    if (state.status.over) throw new Error("polyomino state: the game is over but marked running");
    return state;
  }
  const [winnerText, reason] = statusText.split(":");
  const winner = winnerText === "1" ? 1 : winnerText === "2" ? 2 : winnerText === "=" ? null : undefined;
  if (winner === undefined || reason === undefined || !isEndReason(REASONS, reason)) throw new Error("polyomino state: bad status");
  if (state.status.over) {
    if (state.status.winner !== winner || state.status.reason !== reason) throw new Error("polyomino state: the status does not match the board");
    return state;
  }
  return { ...state, status: { over: true, winner, reason } };
}

const RESULT = { "1-0": "1-0", "0-1": "0-1", draw: "1/2-1/2" } as const;
const quoted = (text: string): string => `"${text.replace(/["\\]/g, "\\$&")}"`;

/**
 * The game as text (docs/polyomino.md, "Record"): tag lines as in PGN, the
 * score by colour and side, then one numbered line per ply with its passes.
 */
function exportRecord(info: RecordInfo): string {
  const { state } = replayMoves(info.moves);
  const { colours, sides } = scores(state);
  const tags: [string, string][] = [
    ["Game", "Four-colour polyominoes (Freestyle)"],
    ["Event", info.event ?? "Casual game"],
    ["Site", info.site],
    ["Date", new Date(info.startedAt).toISOString().slice(0, 10)],
    ["A", info.side1],
    ["B", info.side2],
    ["BPlays", state.bPlays ?? "-"],
    ["Result", info.result ? RESULT[info.result] : "*"],
  ];
  if (info.endReason) tags.push(["Termination", info.endReason]);
  tags.push(["Score", `${COLOURS.map((name, c) => `${name} ${colours[c]}`).join(", ")}; A ${sides[0]}, B ${sides[1]}`]);
  const lines = tags.map(([tag, value]) => `[${tag} ${quoted(value)}]`);
  return `${lines.join("\n")}\n\n${info.moves.map((move, i) => `${i + 1}. ${move}`).join("\n")}\n`;
}

export const polyomino: GameRules<PolyState, PolyEndReason> = {
  // "four-colour" is the same game played elsewhere with reported results (engine/game-catalog.ts).
  id: "four-colour-onsite",
  name: "Four-colour polyominoes",
  family: "roles",
  sideNames: ["A", "B"],
  drawsPossible: true,
  moveExample: EXAMPLE,
  record: { extension: "txt", mimeType: "text/plain" },
  reasons: REASONS,
  // The staged ladder's "points difference": both colours of each player together.
  margin: {
    label: "points difference",
    of: (state) => {
      if (!state.status.over || (state.status.reason !== POINTS && state.status.reason !== EQUAL_POINTS)) return null;
      const [a, b] = scores(state).sides;
      return Math.abs(a - b);
    },
  },
  setup,
  serialize,
  parse,
  // "A (yellow and green)" once B has chosen.
  sideLabel: (state, side) => {
    const name = side === 1 ? "A" : "B";
    if (!state.bPlays) return name;
    return `${name} (${(side === 2) === (state.bPlays === "blue-red") ? "blue and red" : "yellow and green"})`;
  },
  toMove: (state) => (state.moves.length === 0 ? 1 : state.moves.length === 1 ? 2 : sideOf(state, state.toColour)),
  ply: (state) => state.moves.length,
  status: (state) => state.status,
  legalMoves,
  play,
  end,
  exportRecord,
};
