// One match of a knockout bracket as a box: its two slots (higher seed first; a
// player, or where the player will come from), the winner's tick (a trophy in the
// match that decides the title), and its games with each side, replays of drawn
// games included. Formats lay the boxes out as their bracket goes (the staged
// knockout: two semi-finals joined to the final, the third-place game beneath).

import type { GameWithId } from "@/engine/formats";
import { playerName, resultText, type GameLinks, type PlayerNames } from "./model";
import { Badge, GameResultLink, PlayerLabel, Trophy } from "./ui";

export interface BracketSlot {
  /** Player id, or null while not known yet (or an empty slot after a withdrawal). */
  readonly player: string | null;
  /** Where the player comes from, shown while `player` is null. */
  readonly source: string;
  readonly winner: boolean;
  /** The player's seed in the tournament, where the bracket shows seeds (see BracketMatch.seeded). */
  readonly seed?: number;
}

export interface BracketMatch {
  /** Unique in its bracket (an element id is made of it). */
  readonly key: string;
  readonly title: string;
  readonly round: number;
  readonly slots: readonly [BracketSlot, BracketSlot];
  readonly games: readonly GameWithId[];
  readonly status: "waiting" | "playing" | "decided";
  readonly winner: string | null;
  /** The match whose winner is champion (drawn with a trophy). */
  readonly decidesTitle: boolean;
  /** How a match was decided without games ("Bye", "Walkover"), shown in place of its status. */
  readonly note?: string;
  /** The slots show their players' seeds (an empty slot none), not #1 and #2 for the higher and lower seed. */
  readonly seeded?: boolean;
}

function SlotLine({ slot, position, names, match }: { slot: BracketSlot; position: 1 | 2; names: PlayerNames; match: BracketMatch }) {
  const lost = match.status === "decided" && !slot.winner;
  const trophy = slot.winner && match.decidesTitle;
  const seed = match.seeded ? slot.seed : position;
  return (
    <li
      data-testid="bracket-slot"
      data-winner={slot.winner ? "" : undefined}
      className={`flex items-center justify-between gap-2 px-3 py-1.5 ${slot.winner ? "bg-emerald-50 font-semibold dark:bg-emerald-500/10" : ""} ${lost ? "text-stone-500 dark:text-stone-400" : ""}`}
    >
      <span className="flex min-w-0 items-center gap-2">
        <span
          className="w-6 shrink-0 text-xs text-stone-500 tabular-nums dark:text-stone-400"
          title={seed === undefined ? undefined : match.seeded ? `seed ${seed}` : seed === 1 ? "higher seed" : "lower seed"}
        >
          {seed === undefined ? "" : `#${seed}`}
        </span>
        {slot.player ? (
          <PlayerLabel id={slot.player} names={names} />
        ) : (
          <span className="truncate text-stone-500 italic dark:text-stone-400">{slot.source}</span>
        )}
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

/** The first game, then replays of drawn ones (the staged knockout). */
const replayLabel = (g: GameWithId, i: number): string => (g.replayOf ? `Replay ${i}` : "Game");

export function BracketMatchBox({
  match,
  names,
  gameLinks,
  onSite,
  sides,
  gameLabel = replayLabel,
}: {
  match: BracketMatch;
  names: PlayerNames;
  gameLinks?: GameLinks;
  onSite?: boolean;
  /** How a game's side 1 and side 2 are named in its line ("A", "B"; "White", "Black"). */
  sides: readonly [string, string];
  /** How a game of the match is named in its list (default: "Game", then "Replay 1", ... for replays of drawn games). */
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
        match.decidesTitle ? "border-amber-300 dark:border-amber-500/50" : "border-stone-200 dark:border-stone-700"
      }`}
    >
      <header
        className={`flex items-center justify-between gap-2 px-3 py-1.5 text-xs font-semibold uppercase tracking-wide ${match.decidesTitle ? "bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200" : "bg-stone-50 text-stone-600 dark:bg-stone-900/40 dark:text-stone-300"}`}
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
                  title={`${playerName(names, g.side1)} (${sides[0]}) vs ${playerName(names, g.side2)} (${sides[1]})${g.replayOf && gameLabel === replayLabel ? ", replay with sides swapped" : ""}`}
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
