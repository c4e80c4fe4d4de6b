// The home page's games in play: a small board of each, drawn read-only by the game's
// own board component, with the players, the game and whose move it is. The board is
// a picture inside the link (inert: nothing in it takes focus or clicks).
import Link from "next/link";
import { boardFor } from "@/components/games/registry";
import { catalogGame } from "@/engine/game-catalog";

export interface GameInPlay {
  id: string;
  gameType: string;
  ply: number;
  position: string | null;
  sideToMove: 1 | 2;
  side1: { username: string };
  side2: { username: string };
}

export function GamesInPlay({ games }: { games: readonly GameInPlay[] }) {
  if (games.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">No game on the site is past its first moves right now.</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="games-in-play">
      {games.map((g) => {
        const Board = boardFor(g.gameType);
        const toMove = g.sideToMove === 1 ? g.side1.username : g.side2.username;
        return (
          <li key={g.id}>
            <Link href={`/games/${g.id}`} className="card block h-full space-y-2 p-3 hover:border-amber-500" data-testid="game-in-play" data-ply={g.ply}>
              {Board && g.position ? (
                <div inert aria-hidden className="pointer-events-none mx-auto max-w-56" data-testid="mini-board">
                  <Board position={g.position} lastMove={null} compact />
                </div>
              ) : null}
              <span className="block text-sm font-medium">
                {g.side1.username} vs {g.side2.username}
              </span>
              <span className="block text-xs text-stone-600 dark:text-stone-400">
                {catalogGame(g.gameType)?.name ?? g.gameType} · move {g.ply + 1} · {toMove} to move
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
