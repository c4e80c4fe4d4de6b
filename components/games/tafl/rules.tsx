// The rules pages of the tafl games (Copenhagen Hnefatafl and Brandubh) for
// newcomers: what the engine (engine/games/tafl, docs/hnefatafl.md, docs/tafl.md)
// enforces, in words, with diagrams replayed by the engine and drawn by the tafl board.
import type { GameGuide } from "../guide";

const START = { caption: "The start position. The attackers move first.", moves: [] };

const MOVEMENT = {
  body: (
    <>
      <p>
        The attackers move first, then the sides take turns. Every piece, the king included, moves like a rook in chess: any number of empty squares in a
        straight line along a row or a column, without jumping.
      </p>
      <p>
        Only the king may stop on the throne (the centre square) and on the four corners; they are marked on the board. Any piece may pass over the empty
        throne, and the king may go back to it.
      </p>
    </>
  ),
};

const NOTATION = (example: string, captureExample: string) => ({
  body: (
    <>
      <p>
        Files are letters from the left, ranks are numbers from the bottom (a1 is the attackers&apos; bottom-left corner). A move is written from-to, for
        example <code>{example}</code>; the squares of captured pieces follow an x: <code>{captureExample}</code>. A game&apos;s record is its list of moves,
        which the game page steps through and exports as a line of the community&apos;s recorded-games CSV.
      </p>
    </>
  ),
});

export const COPENHAGEN_GUIDE: GameGuide = {
  summary: "The tafl community's main game on 11×11: 24 attackers try to capture the king, who tries to escape to a corner.",
  goal: {
    body: (
      <p>
        Two unequal sides. The defenders win when their king reaches one of the four corners. The attackers win when they capture the king, or surround him and
        all his defenders.
      </p>
    ),
  },
  setup: {
    body: (
      <p>
        An 11×11 board. The 24 dark attackers stand in groups of six in the middle of each edge; the king stands on the throne in the centre, with his 12 light
        defenders around him in a diamond.
      </p>
    ),
    diagrams: [START],
  },
  movement: MOVEMENT,
  capture: {
    body: (
      <>
        <p>
          A piece is captured when the moving side closes a sandwich around it: an enemy piece on each of two opposite sides (left and right, or above and
          below). A corner counts as an enemy for everyone; the throne counts as an enemy for the attackers always, and for the defenders when it is empty. The
          king helps capture. Moving into a sandwich yourself is safe, and one move may capture several pieces. The board&apos;s edge does not capture.
        </p>
        <p>
          <strong>Shield wall:</strong> a row of two or more pieces along an edge, each with an enemy in front of it, is captured together when the moving side
          closes both ends of the row (a corner may close one end).
        </p>
        <p>
          <strong>The king</strong> is captured only by attackers on all four sides, or on three sides when the fourth is the throne. He cannot be captured on
          the edge.
        </p>
      </>
    ),
    diagrams: [
      { caption: "A defender went to j4; an attacker slides from a4 to i4 and captures it against the attacker on k4.", moves: ["d1-d2", "f4-j4", "a4-i4xj4"] },
    ],
  },
  end: {
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>The king reaches a corner: the defenders win.</li>
        <li>Exit fort: the king stands on the edge, can move, and the defenders around him form a fort the attackers can never break: the defenders win.</li>
        <li>The king is captured, or the attackers enclose the king and every defender in an unbroken ring: the attackers win.</li>
        <li>A side with no legal move, or no pieces, loses.</li>
        <li>The defenders may not repeat an earlier position: such a move is refused.</li>
        <li>Either player may resign or offer a draw; a player whose clock runs out loses.</li>
      </ul>
    ),
  },
  notation: NOTATION("d1-d3", "a4-i4xj4"),
};

export const BRANDUBH_GUIDE: GameGuide = {
  summary: "A small, fast tafl game on 7×7: 8 attackers against the king and 4 defenders.",
  goal: {
    body: <p>The defenders win when their king reaches a corner. The attackers win when they capture the king.</p>,
  },
  setup: {
    body: (
      <p>
        A 7×7 board. The king stands on the throne in the centre with one defender on each side of him; two attackers stand in line at the middle of each edge,
        so the pieces form a cross.
      </p>
    ),
    diagrams: [START],
  },
  movement: MOVEMENT,
  capture: {
    body: (
      <>
        <p>
          A piece is captured when the moving side closes a sandwich around it between two enemies on opposite sides, or between an enemy and a corner or the
          throne (the empty throne is an enemy to the defenders; it is always an enemy to the attackers). The king helps capture. Moving into a sandwich
          yourself is safe. There are no shield walls.
        </p>
        <p>
          <strong>The king</strong> is captured like any other piece, between two attackers or an attacker and a corner, also on the edge, except on the throne,
          where attackers must stand on all four sides. The throne is never an enemy to the king.
        </p>
      </>
    ),
    diagrams: [
      { caption: "A defender went to f3; the attacker from d2 goes to f2 and captures it against the attacker on f4.", moves: ["d1-e1", "d3-f3", "d2-f2xf3"] },
    ],
  },
  end: {
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>The king reaches a corner: the defenders win.</li>
        <li>The king is captured, or the attackers enclose every defender: the attackers win.</li>
        <li>A side with no legal move loses. The defenders may not repeat an earlier position.</li>
        <li>Either player may resign or offer a draw; a player whose clock runs out loses.</li>
      </ul>
    ),
    diagrams: [
      {
        caption: "The king has reached the corner a7: the defenders win.",
        moves: ["g4-g6", "d5-e5", "g6-f6", "d4-d5", "f6-f7", "d5-a5", "f7-f6", "a5-a7"],
      },
    ],
  },
  notation: NOTATION("d2-b2", "d2-f2xf3"),
};
