// A knockout match as the brackets draw it (the staged championship's knockout,
// single and double elimination): a box with its title and status, its two slots
// (a player, or where the player will come from), the winner marked (the champion
// on the match that crowns one), and its games with each side and result.

import type { GameWithId } from "@/engine/formats";
import type { BracketMatch, BracketSlot } from "./bracket";
import { playerName, resultText, type TournamentViewProps } from "./model";
import { Badge, GameResultLink, PlayerLabel, Trophy } from "./ui";

function SlotLine({ slot, position, names, match }: { slot: BracketSlot; position: 1 | 2; names: TournamentViewProps["names"]; match: BracketMatch }) {
  const lost = match.status === "decided" && !slot.winner && slot.player !== null;
  const trophy = slot.winner && match.final;
  const seed = slot.seed ?? (match.seeded ? null : position);
  return (
    <li
      data-testid="bracket-slot"
      data-winner={slot.winner ? "" : undefined}
      className={`flex items-center justify-between gap-2 px-3 py-1.5 ${slot.winner ? "bg-emerald-50 font-semibold dark:bg-emerald-500/10" : ""} ${lost ? "text-stone-500 dark:text-stone-400" : ""}`}
    >
      <span className="flex min-w-0 items-center gap-2">
        <span
          className="w-6 shrink-0 text-xs text-stone-500 tabular-nums dark:text-stone-400"
          title={seed === null ? undefined : slot.seed !== undefined ? `seed ${slot.seed}` : position === 1 ? "higher seed" : "lower seed"}
        >
          {seed === null ? "" : `#${seed}`}
        </span>
        {slot.player ? <PlayerLabel id={slot.player} names={names} /> : <span className="truncate text-stone-400 italic">{slot.source}</span>}
      </span>
      {trophy ? (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800 dark:text-amber-300" data-testid="bracket-champion">
          <Trophy /> Champion
        </span>
      ) : slot.winner ? (
        <span aria-label="winner" className="text-emerald-700 dark:text-emerald-400">
          ✓
        </span>
      ) : null}
    </li>
  );
}

/** The staged knockout's game lines: the first game, then replays of drawn ones. */
const replayLabel = (g: GameWithId, i: number): string => (g.replayOf ? `Replay ${i}` : "Game");

export function MatchBox({
  match,
  names,
  gameLinks,
  onSite,
  sides = ["A", "B"],
  gameLabel = replayLabel,
}: {
  match: BracketMatch;
  names: TournamentViewProps["names"];
  gameLinks: TournamentViewProps["gameLinks"];
  onSite?: boolean;
  /** What each game's sides are called (A and B in the staged knockout; white and black in chess). */
  sides?: readonly [string, string];
  /** How a game of the match is named in its list. */
  gameLabel?: (game: GameWithId, index: number) => string;
}) {
  const headingId = `bracket-${match.key}`;
  const status =
    match.status === "decided" ? (
      match.note ? (
        <Badge>{match.note}</Badge>
      ) : null
    ) : match.status === "playing" ? (
      <Badge tone="emerald">Playing</Badge>
    ) : (
      <Badge>Waiting</Badge>
    );
  return (
    <article
      aria-labelledby={headingId}
      data-testid="bracket-match"
      data-match={match.key}
      className={`relative z-10 w-full overflow-hidden rounded-lg border bg-white text-sm shadow-sm dark:bg-stone-800 ${
        match.final ? "border-amber-300 dark:border-amber-500/50" : "border-stone-200 dark:border-stone-700"
      }`}
    >
      <header
        className={`flex items-center justify-between gap-2 px-3 py-1.5 text-xs font-semibold uppercase tracking-wide ${match.final ? "bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200" : "bg-stone-50 text-stone-600 dark:bg-stone-900/40 dark:text-stone-300"}`}
      >
        <h4 id={headingId}>{match.title}</h4>
        {status}
      </header>
      <ol className="divide-y divide-stone-100 dark:divide-stone-700/70">
        <SlotLine slot={match.slots[0]} position={1} names={names} match={match} />
        <SlotLine slot={match.slots[1]} position={2} names={names} match={match} />
      </ol>
      {match.games.length > 0 ? (
        <ol
          className="space-y-0.5 border-t border-stone-100 px-3 py-1.5 text-xs text-stone-600 dark:border-stone-700/70 dark:text-stone-400"
          aria-label={`${match.title} games`}
        >
          {match.games.map((g, i) => (
            <li key={g.id} data-testid="bracket-game" data-replay={g.replayOf ? "" : undefined} className="flex flex-wrap items-center gap-x-1.5">
              <span className="w-14 shrink-0 font-medium text-stone-500 dark:text-stone-400">{gameLabel(g, i)}</span>
              <span>
                <span className="font-semibold">{sides[0]}</span> {playerName(names, g.side1)}
              </span>
              <span aria-hidden="true">·</span>
              <span>
                <span className="font-semibold">{sides[1]}</span> {playerName(names, g.side2)}
              </span>
              <span className="ml-auto font-semibold tabular-nums text-stone-800 dark:text-stone-100">
                <GameResultLink
                  game={g}
                  text={resultText(g)}
                  title={`${playerName(names, g.side1)} (${sides[0]}) vs ${playerName(names, g.side2)} (${sides[1]})${g.replayOf && gameLabel === replayLabel ? ", replay with roles swapped" : ""}`}
                  gameLinks={gameLinks}
                  onSite={onSite}
                />
              </span>
              {!g.result && !g.void && g.chooser ? (
                <span className="w-full text-stone-500">
                  {playerName(names, g.chooser)} (higher seed) may choose {sides[0]} or {sides[1]}.
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  );
}
