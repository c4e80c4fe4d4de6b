"use client";
// Live notices for the signed-in player (socket room per user): whose turn it is,
// games started, results reported, games over. Shown as dismissable toasts.
import Link from "next/link";
import { useState } from "react";
import { NO_FIRST_MOVE } from "@/lib/game-endings";
import type { Notice } from "@/lib/realtime-events";
import { useRealtime } from "@/lib/realtime-client";

function text(n: Notice): string {
  switch (n.kind) {
    case "your-turn":
      return `Your move against ${n.opponent}.`;
    case "game-started":
      return `${n.opponent} accepted your challenge: the game has started.`;
    case "tournament-game":
      return `A new game is ready for you in ${n.tournament}.`;
    case "result-reported":
      return `${n.opponent} reported a result: confirm or dispute it.`;
    case "game-over":
      if (n.reason === NO_FIRST_MOVE) {
        return n.result === null
          ? `Your game against ${n.opponent} was aborted: a side ran out of time before its first move. No rating changed.`
          : `Your game against ${n.opponent} ended by forfeit: a side ran out of time before its first move (unrated).`;
      }
      return `Your game against ${n.opponent} is over.`;
  }
}

export function Notices() {
  const [notices, setNotices] = useState<(Notice & { key: number })[]>([]);
  useRealtime(null, {
    notice: (n) => setNotices((all) => [...all.slice(-3), { ...n, key: Date.now() + Math.random() }]),
  });
  if (notices.length === 0) return null;
  return (
    <div aria-live="polite" className="fixed bottom-4 right-4 z-30 flex w-80 flex-col gap-2">
      {notices.map((n) => (
        <div key={n.key} data-testid="notice" className="card flex items-start justify-between gap-2 py-3 text-sm shadow-lg">
          <Link className="link" href={`/games/${n.gameId}`} onClick={() => setNotices((all) => all.filter((x) => x.key !== n.key))}>
            {text(n)}
          </Link>
          <button type="button" aria-label="Dismiss" className="text-stone-500" onClick={() => setNotices((all) => all.filter((x) => x.key !== n.key))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
