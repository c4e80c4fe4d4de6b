"use client";
// Games waiting for the signed-in player's move (or confirmation), the most urgent
// clock first. Refreshes whenever a notice arrives.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { formatClock } from "@/engine/clock";
import { catalogGame } from "@/engine/game-catalog";
import { useRealtime } from "@/lib/realtime-client";
import { useTRPC } from "@/lib/trpc/client";

export function MyTurnList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const games = useQuery(trpc.game.myTurn.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.game.myTurn.queryKey() });
  useRealtime(null, { inbox: refresh, reconnected: refresh });
  if (games.isPending) return <p className="text-sm text-stone-500">Loading…</p>;
  if (games.isError) return <p role="alert">Could not load your games: {games.error.message}</p>;
  if (games.data.length === 0) return <p className="card text-stone-600 dark:text-stone-400">Nothing is waiting for you. </p>;
  return (
    <ul className="space-y-2" data-testid="my-turn-list">
      {games.data.map((g) => (
        <li key={g.id}>
          <Link href={`/games/${g.id}`} className="card flex justify-between gap-2 py-3 text-sm hover:border-amber-500">
            <span>
              {g.side1.username} vs {g.side2.username} · {catalogGame(g.gameType)?.name ?? g.gameType}
            </span>
            <span>{g.deadline ? `${formatClock(g.deadline.getTime() - Date.now())} left` : ""}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
