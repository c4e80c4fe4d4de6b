import { LocalTime } from "@/components/local-time";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { TRPCError } from "@trpc/server";
import { ChallengePlayer } from "@/components/challenge/challenge-player";
import { Pagination } from "@/components/pagination";
import { RatingChart } from "@/components/rating-chart";
import { SideRecordTable } from "@/components/side-balance";
import { catalogGame } from "@/engine/game-catalog";
import { isProvisional, ratingRange } from "@/engine/glicko2";
import { RatingText } from "@/components/rating-text";
import { ZUsername } from "@/lib/account-rules";
import { pageParam } from "@/lib/search-params";
import { api } from "@/server/trpc/page-caller";

type Props = { params: Promise<{ username: string }>; searchParams: Promise<Record<string, string | string[]>> };

/** The segment as typed; one that is not valid percent-encoding stays as it is (and names nobody). */
function decodedSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: decodedSegment((await params).username).slice(0, 24) };
}

export default async function PlayerPage({ params, searchParams }: Props) {
  const parsed = ZUsername.safeParse(decodedSegment((await params).username));
  if (!parsed.success) notFound();
  const sp = await searchParams;
  const page = pageParam(sp.page, 10_000);
  const caller = await api();
  const player = await caller.player.byUsername({ username: parsed.data }).catch((err: unknown) => {
    if (err instanceof TRPCError && err.code === "NOT_FOUND") notFound();
    throw err;
  });
  const [me, games, histories, sideBalance] = await Promise.all([
    caller.account.me(),
    caller.game.ofPlayer({ userId: player.id, page }),
    Promise.all(player.ratings.map((r) => caller.player.ratingHistory({ userId: player.id, gameType: r.gameType }))),
    caller.player.sideBalance({ userId: player.id }),
  ]);
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
          Joined <LocalTime at={player.createdAt} dateOnly />
        </p>
      </div>
      {/* Anyone signed in may challenge a player other than themselves (deleted accounts have no profile). */}
      {me && me.id !== player.id && <ChallengePlayer username={player.username} />}
      <section className="space-y-3" aria-labelledby="ratings-heading">
        <h2 id="ratings-heading" className="text-lg font-semibold">
          Ratings
        </h2>
        {player.ratings.length === 0 ? (
          <p className="card text-sm text-stone-600 dark:text-stone-400">
            No rated games yet: each game&rsquo;s rating starts at 1500, provisional (&ldquo;1500?&rdquo;) until a few rated games settle it.
          </p>
        ) : (
          player.ratings.map((r, i) => {
            const name = catalogGame(r.gameType)?.name ?? r.gameType;
            return (
              <section
                key={r.gameType}
                className="card grid gap-4 md:grid-cols-[14rem_minmax(0,1fr)]"
                aria-labelledby={`rating-${r.gameType}`}
                data-testid={`rating-${r.gameType}`}
              >
                <div>
                  <h3 id={`rating-${r.gameType}`} className="font-semibold">
                    <Link className="link" href={`/players?game=${encodeURIComponent(r.gameType)}`}>
                      {name}
                    </Link>
                  </h3>
                  <p className="mt-2 text-2xl font-bold" data-testid="rating">
                    <RatingText rating={r} />
                  </p>
                  <p className="text-sm text-stone-600 dark:text-stone-400">
                    {ratingRange(r)} · {r.ratedGames} rated game{r.ratedGames === 1 ? "" : "s"}
                    {isProvisional(r) ? " · provisional" : ""}
                  </p>
                </div>
                <RatingChart gameName={name} points={histories[i]!.map((p) => ({ rating: p.rating, rd: p.rd, at: p.at.getTime(), gameId: p.gameId }))} />
              </section>
            );
          })
        )}
      </section>
      {sideBalance.length > 0 ? (
        <section className="space-y-3" aria-labelledby="sides-heading">
          <h2 id="sides-heading" className="text-lg font-semibold">
            Side balance
          </h2>
          <div className="flex flex-wrap items-start gap-4" data-testid="player-side-balance">
            {sideBalance.map((b) => {
              const game = catalogGame(b.gameType);
              return (
                <SideRecordTable
                  key={b.gameType}
                  sideNames={game?.sideNames ?? ["Side 1", "Side 2"]}
                  sides={b.sides}
                  caption={game?.name ?? b.gameType}
                  testId={`sides-${b.gameType}`}
                />
              );
            })}
          </div>
        </section>
      ) : null}
      <section className="space-y-3" aria-labelledby="games-heading">
        <h2 id="games-heading" className="text-lg font-semibold">
          Games
        </h2>
        {games.games.length === 0 ? (
          <p className="card text-sm text-stone-600 dark:text-stone-400">No games yet.</p>
        ) : (
          <div className="card relative overflow-x-auto p-0">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 dark:border-stone-700">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Game
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Players
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Result
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Date
                  </th>
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
                    <td className="px-4 py-2">
                      <LocalTime at={g.createdAt} dateOnly />
                    </td>
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
