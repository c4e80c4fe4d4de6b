// A player's clinch mark in a live table: a badge (clinched / out / open) and a
// "Why?" disclosure (a native <details>, so keyboard and screen readers get the
// expanded state for free) that says what decided it or what would settle it.

import type { ClinchTable } from "@/engine/formats";
import { CLINCH_LABEL, clinchWhy } from "./clinch-text";
import type { PlayerNames } from "./model";
import { Badge } from "./ui";

const TONE = { clinched: "emerald", out: "stone", open: "amber" } as const;

export function ClinchMark({ table, player, names }: { table: ClinchTable | undefined; player: string; names: PlayerNames }) {
  const mark = table?.marks.find((m) => m.player === player);
  if (!table || !mark) return null;
  const why = clinchWhy(mark, table, names);
  return (
    <details data-testid="clinch-mark" data-player={player} data-status={mark.status} className="group/clinch inline-block max-w-72 align-middle text-xs">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-full [&::-webkit-details-marker]:hidden">
        <Badge tone={TONE[mark.status]}>{mark.undecided ? "Not decided yet" : CLINCH_LABEL[mark.status]}</Badge>
        {/* Named after the mark, so it is not confused with the table's own "Why?" about places. */}
        <span className="text-stone-500 underline decoration-dotted underline-offset-2 dark:text-stone-400">
          {mark.undecided ? "Why?" : `Why ${CLINCH_LABEL[mark.status].toLowerCase()}?`}
        </span>
      </summary>
      <div
        className="mt-1 space-y-1 whitespace-normal rounded border border-stone-200 bg-white p-2 text-stone-700 shadow-sm dark:border-stone-600 dark:bg-stone-800 dark:text-stone-300"
        data-testid="clinch-why"
      >
        <p>{why.headline}</p>
        {why.details.map((d) => (
          <p key={d}>{d}</p>
        ))}
      </div>
    </details>
  );
}
