"use client";
// Everything waiting on the signed-in player, the most urgent deadline first, and the
// organizer's queues (disputes, games past their deadline without a result) with
// one-click settlements. The header's bell refreshes it whenever the inbox changes
// (inbox-refresh.ts).
import { useMutation, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { formatClock } from "@/engine/clock";
import { catalogGame } from "@/engine/game-catalog";
import { GAME_RESULTS, type GameResult } from "@/lib/contracts";
import { useInboxRefresh } from "@/lib/inbox-refresh";
import { gameKeyWords } from "@/lib/tournament-view";
import { useTRPC } from "@/lib/trpc/client";
import { WAITING_REASONS } from "@/lib/waiting";

const left = (deadline: Date | null) => {
  if (!deadline) return "";
  const ms = deadline.getTime() - Date.now();
  return ms > 0 ? `${formatClock(ms)} left` : "deadline passed";
};

/** A result as the people involved say it: who won, or a draw. */
const resultWords = (result: GameResult, [name1, name2]: readonly [string, string]) =>
  result === "draw" ? "a draw" : `${result === "1-0" ? name1 : name2} won`;

export function MyTurnList() {
  const trpc = useTRPC();
  const waiting = useQuery(trpc.notification.waiting.queryOptions());
  const refresh = useInboxRefresh();
  const settle = useMutation(trpc.game.setResult.mutationOptions({ onSuccess: refresh }));

  if (waiting.isPending) return <p className="text-sm text-stone-500">Loading…</p>;
  if (waiting.isError) return <p role="alert">Could not load what is waiting for you: {waiting.error.message}</p>;
  const { items, queues, reportedMessages } = waiting.data;
  return (
    <div className="space-y-8">
      {items.length === 0 ? (
        <p className="card text-stone-600 dark:text-stone-400" data-testid="nothing-to-play">
          {queues.length === 0 && reportedMessages === 0 ? "Nothing is waiting for you." : "No game of yours waits on you; what you organize waits below."}
        </p>
      ) : (
        <ul className="space-y-2" data-testid="my-turn-list">
          {items.map((g) => (
            <li key={g.gameId}>
              <Link href={`/games/${g.gameId}`} className="card flex flex-wrap justify-between gap-2 py-3 text-sm hover:border-amber-500">
                <span>
                  <strong>{WAITING_REASONS[g.reason]}</strong> · against {g.opponent} · {catalogGame(g.gameType)?.name ?? g.gameType}
                  {g.tournament && <> · {g.tournament.name}</>}
                  {g.reason === "confirm" && g.reported && <> · reported: {g.reported}</>}
                </span>
                <span>{left(g.deadline)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {queues.map((q) => (
        <section
          key={q.tournament?.id ?? "site"}
          className="space-y-2"
          aria-label={`To settle in ${q.tournament?.name ?? "games outside tournaments"}`}
          data-testid="organizer-queue"
        >
          <h2 className="text-lg font-semibold">
            To settle in{" "}
            {q.tournament ? (
              <Link className="link" href={`/tournaments/${q.tournament.id}`}>
                {q.tournament.name}
              </Link>
            ) : (
              "games outside tournaments"
            )}
          </h2>
          {settle.isError && <p role="alert">{settle.error.message}</p>}
          <ul className="space-y-2">
            {q.items.map((g) => (
              <li key={g.gameId} className="card space-y-2 py-3 text-sm" data-testid="queue-item">
                <p>
                  <strong>{g.reason === "disputed" ? "Disputed result" : "No result past the deadline"}</strong> ·{" "}
                  <Link className="link" href={`/games/${g.gameId}`}>
                    {g.players}
                  </Link>
                  {g.gameKey && <> ({gameKeyWords(g.gameKey)})</>} · {catalogGame(g.gameType)?.name ?? g.gameType}
                  {g.reportedResult && (
                    <>
                      {" "}
                      · reported: {resultWords(g.reportedResult, g.sides)}
                      {g.reportStatus === "disputed" ? ", disputed" : ", not yet confirmed"}
                    </>
                  )}
                  {g.reason === "overdue" && <> · {left(g.deadline)}</>}
                </p>
                {g.disputeReason ? (
                  <blockquote className="border-l-2 border-amber-500 pl-2 whitespace-pre-line text-stone-700 dark:text-stone-300" data-testid="dispute-reason">
                    {g.disputeReason}
                  </blockquote>
                ) : g.reason === "disputed" ? (
                  <p className="text-stone-500">No reason given.</p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {GAME_RESULTS.filter((r) => r !== "draw" || catalogGame(g.gameType)?.drawsPossible).map((r) => (
                    <button
                      key={r}
                      type="button"
                      className={r === g.reportedResult ? "btn-primary" : "btn-secondary"}
                      disabled={settle.isPending}
                      onClick={() => settle.mutate({ gameId: g.gameId, result: r })}
                    >
                      {r === g.reportedResult
                        ? `Confirm as reported: ${resultWords(r, g.sides)}`
                        : r === "draw"
                          ? "Set: a draw"
                          : `Set: ${resultWords(r, g.sides)}`}
                    </button>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
