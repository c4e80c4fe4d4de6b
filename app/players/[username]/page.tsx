import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { Pagination } from "@/components/pagination";
import { RatingChart } from "@/components/rating-chart";
import { catalogGame } from "@/engine/game-catalog";
import { displayRating, isProvisional } from "@/engine/glicko2";
import { ZUsername } from "@/lib/account-rules";
import { pageParam } from "@/lib/search-params";
import { api } from "@/lib/trpc/server";

type Props = { params: Promise<{ username: string }>; searchParams: Promise<Record<string, string | string[]>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodeURIComponent((await params).username).slice(0, 24) };
}

export default async function PlayerPage({ params, searchParams }: Props) {
  const parsed = ZUsername.safeParse(decodeURIComponent((await params).username));
  if (!parsed.success) notFound();
  const sp = await searchParams;
  const page = pageParam(sp.page, 10_000);
  const caller = await api();
  const player = await caller.player.byUsername({ username: parsed.data }).catch((err: unknown) => {
    if (err instanceof TRPCError && err.code === "NOT_FOUND") notFound();
    throw err;
  });
  const [games, history] = await Promise.all([caller.game.ofPlayer({ userId: player.id, page }), caller.player.ratingHistory({ userId: player.id })]);
  const outcome = (g: (typeof games.games)[number]) => {
    if (g.status === "aborted" || g.status === "void") return g.status;
    if (g.status !== "finished") return "playing";
    if (g.result === "draw") return "draw";
    const won = (g.result === "1-0") === (g.side1.id === player.id);
    return won ? "won" : "lost";
  };
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{player.username}</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Joined <time dateTime={player.createdAt.toISOString()}>{player.createdAt.toISOString().slice(0, 10)}</time>
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
        <section className="card" aria-labelledby="rating-heading">
          <h2 id="rating-heading" className="font-semibold">
            Rating
          </h2>
          <p className="mt-2 text-2xl font-bold" data-testid="rating">
            {displayRating(player)}
          </p>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {player.ratedGames} rated game{player.ratedGames === 1 ? "" : "s"}
            {isProvisional(player) ? " · provisional" : ""}
          </p>
        </section>
        <section className="card" aria-labelledby="history-heading">
          <h2 id="history-heading" className="mb-2 font-semibold">
            Rating history
          </h2>
          <RatingChart points={history} />
        </section>
      </div>
      <section className="space-y-3" aria-labelledby="games-heading">
        <h2 id="games-heading" className="text-lg font-semibold">
          Games
        </h2>
        {games.games.length === 0 ? (
          <p className="card text-sm text-stone-600 dark:text-stone-400">No games yet.</p>
        ) : (
          <div className="card overflow-x-auto p-0">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 dark:border-stone-700">
                <tr>
                  <th scope="col" className="px-4 py-2">Game</th>
                  <th scope="col" className="px-4 py-2">Players</th>
                  <th scope="col" className="px-4 py-2">Result</th>
                  <th scope="col" className="px-4 py-2">Date</th>
                </tr>
              </thead>
              <tbody>
                {games.games.map((g) => (
                  <tr key={g.id} className="border-b border-stone-100 last:border-0 dark:border-stone-700">
                    <td className="px-4 py-2">
                      <Link className="link" href={`/games/${g.id}`}>
                        {catalogGame(g.gameType)?.name ?? g.gameType}
                      </Link>
                    </td>
                    <td className="px-4 py-2">
                      {g.side1.username} – {g.side2.username}
                    </td>
                    <td className="px-4 py-2">
                      {outcome(g)}
                      {g.endReason ? ` (${g.endReason})` : ""}
                    </td>
                    <td className="px-4 py-2">{g.createdAt.toISOString().slice(0, 10)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={games.page} pageCount={games.pageCount} href={(p) => `/players/${encodeURIComponent(player.username)}?page=${p}`} />
      </section>
    </div>
  );
}
