// The rules page of chess played on the site, for newcomers: the rules chess.js
// enforces (engine/games/chess), with diagrams replayed by the engine and drawn by
// the chess board.
import type { GameGuide } from "../guide";

export const CHESS_GUIDE: GameGuide = {
  summary: "Classical chess on the 8×8 board, played with clocks on the site.",
  goal: {
    body: <p>Checkmate the opponent&apos;s king: attack it so that no move can save it.</p>,
  },
  setup: {
    body: (
      <p>
        Each side has a king, a queen, two rooks, two bishops, two knights and eight pawns. White&apos;s pieces stand on ranks 1 and 2, Black&apos;s on ranks 7
        and 8, queens on their own colour. White moves first.
      </p>
    ),
    diagrams: [{ caption: "The start position. White moves first.", moves: [] }],
  },
  movement: {
    body: (
      <>
        <ul className="list-disc space-y-1 pl-5">
          <li>The king moves one square in any direction.</li>
          <li>The rook moves any number of squares along a row or column; the bishop along a diagonal; the queen either way. None of them jump.</li>
          <li>The knight jumps in an L: two squares one way and one square across.</li>
          <li>
            A pawn moves one square forward (two from its first square) and captures one square diagonally forward. A pawn that just moved two squares may be
            captured <em>en passant</em> by an enemy pawn beside it, on the next move only. A pawn reaching the last rank becomes a queen, rook, bishop or
            knight.
          </li>
          <li>
            <strong>Castling:</strong> the king moves two squares towards a rook, which jumps over it, if neither has moved, the squares between are empty and
            the king is not in check, does not pass through check and does not land in check.
          </li>
        </ul>
        <p>No move may leave your own king attacked.</p>
      </>
    ),
    diagrams: [
      { caption: "White has castled short: the king went from e1 to g1 and the rook from h1 to f1.", moves: ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"] },
    ],
  },
  capture: {
    body: <p>A piece captures by moving onto a square held by an enemy piece, which leaves the board. The king is never captured: it is checkmated.</p>,
    diagrams: [
      {
        caption: "En passant: Black's pawn went from d7 to d5, past White's pawn on e5, which takes it by moving to d6.",
        moves: ["e4", "Nf6", "e5", "d5", "exd6"],
      },
    ],
  },
  end: {
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>Checkmate: the side whose king is checkmated loses.</li>
        <li>
          Stalemate (no legal move, not in check), insufficient material, the same position three times, or 50 moves without a capture or a pawn move: a draw.
        </li>
        <li>
          Either player may resign or offer a draw. A player whose clock runs out loses, unless the opponent cannot possibly checkmate: then it is a draw.
        </li>
      </ul>
    ),
    diagrams: [
      {
        caption: "Légal's mate: White gave up the queen, and the knights and bishop checkmate the black king.",
        moves: ["e4", "e5", "Nf3", "d6", "Bc4", "Bg4", "Nc3", "g6", "Nxe5", "Bxd1", "Bxf7+", "Ke7", "Nd5#"],
      },
    ],
  },
  notation: {
    body: (
      <p>
        Moves are written in standard algebraic notation: the piece&apos;s letter (K, Q, R, B, N; none for a pawn), x for a capture, and the square reached, for
        example <code>Nf3</code>, <code>exd6</code>, <code>O-O</code> for castling short, <code>e8=Q</code> for a promotion, + for check and # for mate. The
        game page steps through a game move by move and exports it as PGN.
      </p>
    ),
  },
};
