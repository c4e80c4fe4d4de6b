// Cards of games being played (the home page's games in play, the lobby's live games):
// a small board of each, drawn read-only by the game's own board component, the players
// with their clocks, the game and whose move it is. The board is a picture inside the
// link (inert: nothing in it takes focus or clicks).
import Link from "next/link";
import { MiniClock } from "@/components/game/mini-clock";
import { boardFor } from "@/components/games/registry";
import { catalogGame } from "@/engine/game-catalog";
import { firstMovePending } from "@/engine/clock";

export interface GameInPlay {
  id: string;
  gameType: string;
  ply: number;
  position: string | null;
  sideToMove: 1 | 2;
  side1: { username: string };
  side2: { username: string };
  initialMs: number;
  /** Each side's time as stored at the start of the turn; the side to move's runs from `turnStartedAt`. */
  remaining1Ms: number;
  remaining2Ms: number;
  turnStartedAt: Date | null;
}

export function GamesInPlay({ games, empty }: { games: readonly GameInPlay[]; empty: string }) {
  if (games.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">{empty}</p>;
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
              <span className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
                {([1, 2] as const).map((side) => {
                  const player = side === 1 ? g.side1.username : g.side2.username;
                  // Not running while a live game's first moves are on their own countdown (engine/clock.ts;
                  // shown stopped for a live tournament game's first two moves too, which are rare).
                  const running = g.sideToMove === side && g.turnStartedAt !== null && !firstMovePending(g, g.ply);
                  return (
                    <span key={side} className="flex items-baseline gap-1.5">
                      <span className="font-medium">{player}</span>
                      <MiniClock
                        player={player}
                        remainingMs={side === 1 ? g.remaining1Ms : g.remaining2Ms}
                        running={running}
                        stampedAt={g.turnStartedAt?.getTime() ?? 0}
                      />
                    </span>
                  );
                })}
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
