// A diagram on a rules page: the position after the given moves, replayed by the
// game's engine and drawn read-only by the game's own board component.
import type { GuideDiagram } from "@/components/games/guide";
import { boardFor } from "@/components/games/registry";
import { onSiteGame } from "@/engine/games/registry";

export function GameDiagram({ gameType, diagram }: { gameType: string; diagram: GuideDiagram }) {
  const game = onSiteGame(gameType);
  const Board = boardFor(gameType);
  if (!game || !Board) return null;
  const positions = game.replay(diagram.moves);
  // components/games/guides.test.ts checks that every move replays; this is the last resort.
  if (positions.length !== diagram.moves.length + 1) throw new Error(`The diagram "${diagram.caption}" of ${gameType} does not replay.`);
  return (
    <figure className="w-full max-w-xs space-y-2" data-testid="rules-diagram">
      <Board position={positions.at(-1)!} lastMove={diagram.moves.at(-1) ?? null} />
      <figcaption className="text-sm text-stone-600 dark:text-stone-400">{diagram.caption}</figcaption>
    </figure>
  );
}
