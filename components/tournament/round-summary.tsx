// The line above a round's view: complete (who went on, who is out) or in play
// (games still waiting), and the champions under the tournament's last round.

import type { RoundSummary as Summary } from "@/lib/tournament-view";
import { playerName, type PlayerNames } from "./model";
import { Trophy } from "./ui";

export function RoundSummary({ summary, names }: { summary: Summary; names: PlayerNames }) {
  // A final round sends nobody on, and a league eliminates nobody: say only what happened.
  const moves = [summary.advanced > 0 ? `${summary.advanced} went on` : "", summary.eliminated > 0 ? `${summary.eliminated} out` : ""]
    .filter(Boolean)
    .join(", ");
  const text = summary.complete
    ? `Complete${moves ? ` · ${moves}` : ""}.`
    : `In play · ${summary.pending} game${summary.pending === 1 ? "" : "s"} waiting for a result.`;
  const champions = summary.champions;
  return (
    <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="round-summary">
      {text}
      {champions.length > 0 ? (
        <span className="ml-2 inline-flex items-center gap-1 font-medium text-amber-800 dark:text-amber-300" data-testid="round-champions">
          <Trophy /> {champions.length > 1 ? "Joint champions" : "Champion"}: {champions.map((c) => playerName(names, c)).join(", ")}
        </span>
      ) : null}
      {champions.length > 1 && summary.championsWhy ? <span className="block">{summary.championsWhy}</span> : null}
    </p>
  );
}
