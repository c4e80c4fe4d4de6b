// The rules page of the four-colour polyomino game for newcomers: what the engine
// (engine/games/polyomino, docs/polyomino.md) enforces, in words, with diagrams
// replayed by the engine and drawn by the game's board.
import type { GameGuide } from "../guide";

const OPENING = ["open F5 L5", "choose blue-red"];

export const POLYOMINO_GUIDE: GameGuide = {
  summary: "Two players, four colours, 84 pieces on a 20×20 board: place as many of your squares as you can, corner to corner.",
  goal: {
    body: (
      <p>
        Each player plays two colours. Place as many of your pieces as you can: at the end every square you could not place costs a point, and the player whose
        two colours score more wins.
      </p>
    ),
  },
  setup: {
    body: (
      <>
        <p>
          A 20×20 board, empty at the start, and four sets of the same 21 pieces (from one square up to five) in blue, yellow, red and green. The colours play
          in that order, each starting from its own corner: blue top left (a20), yellow top right (t20), red bottom right (t1), green bottom left (a1).
        </p>
        <p>
          Before the first piece comes the Freestyle pre-game of the championship: player A names the first piece of blue and of red; then player B chooses to
          play blue and red (with those first pieces) or yellow and green. A plays the other two colours.
        </p>
      </>
    ),
    diagrams: [{ caption: "After the pre-game: A named F5 and L5, and B chose blue and red.", moves: OPENING }],
  },
  movement: {
    body: (
      <>
        <p>
          On its turn a colour places one of its pieces not yet placed, turned or flipped any way, wholly on the board and on empty squares. Its first piece
          covers its corner. Every later piece must touch a piece of its own colour at a corner, and never along a side. Other colours may be touched anyhow.
        </p>
        <p>A colour that cannot place any piece is passed over, and stays out for the rest of the game.</p>
      </>
    ),
    diagrams: [
      {
        caption: "Two pieces of each colour: the second touches the first only at a corner.",
        moves: [
          ...OPENING,
          "blue F5:4@b18",
          "yellow L5:6@q19",
          "red L5:4@q1",
          "green L5:5@a1",
          "blue N5:3@d17",
          "yellow N5:4@p17",
          "red N5:3@o1",
          "green N5:2@d4",
        ],
      },
    ],
  },
  capture: {
    body: (
      <p>Nothing is ever captured: a piece stays where it is placed. You win space by reaching it first and by closing the corners the other colours need.</p>
    ),
  },
  end: {
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>The game ends when no colour can place a piece.</li>
        <li>
          Each colour scores −1 for every square of its pieces left over; a colour that placed all 21 pieces scores +15, or +20 if the single square went last.
        </li>
        <li>A player&apos;s score is the sum of their two colours; the higher score wins, equal scores draw.</li>
        <li>Either player may resign or offer a draw; a player whose clock runs out loses.</li>
      </ul>
    ),
  },
  notation: {
    body: (
      <>
        <p>
          Files a–t from the left, ranks 1–20 from the bottom. The pre-game is written <code>open F5 L5</code> (A&apos;s two pieces) and{" "}
          <code>choose blue-red</code> or <code>choose yellow-green</code> (B&apos;s colours). A placement is the colour, the piece&apos;s name, its orientation
          and a square: <code>blue V5:3@a20</code>. Pieces are named by their size and the letter they look like (I1, I2, V3, L4, O4, T4, Z4, F5, X5, …); the
          orientation 0–7 flips the piece left to right from 4 on, then turns it a quarter clockwise per step; the square is the leftmost square of the
          piece&apos;s bottom row. Colours passed over are noted after the move that left them out: <code>(yellow passes)</code>.
        </p>
        <p>The game page steps through the placements and exports the record as text.</p>
      </>
    ),
  },
};
