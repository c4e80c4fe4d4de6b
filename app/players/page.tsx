import type { Metadata } from "next";
import Link from "next/link";
import { Pagination } from "@/components/pagination";
import { catalogGame, GAME_CATALOG, gameIdFromUrl } from "@/engine/game-catalog";
import { RatingText } from "@/components/rating-text";
import { pageParam, searchParam } from "@/lib/search-params";
import { api } from "@/server/trpc/page-caller";
import { ZListPlayersInput } from "@/server/trpc/routers/player";

export const metadata: Metadata = { title: "Players" };

type Sort = "rating" | "games" | "name";
type Direction = "asc" | "desc";
const COLUMNS: { sort: Sort; label: string; numeric: boolean }[] = [
  { sort: "name", label: "Player", numeric: false },
  { sort: "rating", label: "Rating", numeric: true },
  { sort: "games", label: "Rated games", numeric: true },
];

/** A column's natural first direction: names A–Z, numbers high to low. */
const firstDirection = (sort: Sort): Direction => (sort === "name" ? "asc" : "desc");

export default async function PlayersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const sp = await searchParams;
  const q = searchParam(sp.q, 50);
  const game = catalogGame(gameIdFromUrl(sp.game) ?? "") ?? GAME_CATALOG[0]!;
  const sort: Sort = COLUMNS.some((c) => c.sort === sp.sort) ? (sp.sort as Sort) : "rating";
  const direction: Direction = sp.dir === "asc" || sp.dir === "desc" ? sp.dir : firstDirection(sort);
  const input = ZListPlayersInput.parse({ gameType: game.id, search: q || undefined, sort, direction, page: pageParam(sp.page, 100_000) });
  const result = await (await api()).player.list(input);
  const href = (p: { game?: string; sort?: Sort; dir?: Direction; page?: number }) =>
    `/players?${new URLSearchParams({ game: p.game ?? game.id, ...(q ? { q } : {}), sort: p.sort ?? sort, dir: p.dir ?? direction, page: String(p.page ?? 1) })}`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Players</h1>
      <nav aria-label="Leaderboard of game" className="flex flex-wrap gap-1 border-b border-stone-200 dark:border-stone-700">
        {GAME_CATALOG.map((g) => (
          <Link
            key={g.id}
            href={href({ game: g.id, sort: "rating", dir: "desc" })}
            aria-current={g.id === game.id ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${g.id === game.id ? "border-amber-600 text-amber-800 dark:text-amber-400" : "border-transparent hover:border-stone-300"}`}
          >
            {g.name}
          </Link>
        ))}
      </nav>
      <form role="search" className="flex gap-2" action="/players">
        <input type="hidden" name="game" value={game.id} />
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="dir" value={direction} />
        <label htmlFor="player-search" className="sr-only">
          Search players
        </label>
        <input id="player-search" name="q" defaultValue={q} maxLength={50} placeholder="Search by name" className="input max-w-xs" />
        <button className="btn-secondary" type="submit">
          Search
        </button>
      </form>
      {result.players.length === 0 ? (
        <p className="card text-stone-600 dark:text-stone-400">{q ? `No player’s name contains “${q}”.` : "No players yet."}</p>
      ) : (
        <div className="card relative overflow-x-auto p-0">
          <table className="w-full text-left text-sm" data-testid="leaderboard">
            <caption className="sr-only">
              {game.name} leaderboard, sorted by {sort} {direction === "asc" ? "ascending" : "descending"}
            </caption>
            <thead className="border-b border-stone-200 dark:border-stone-700">
              <tr>
                <th scope="col" className="w-12 px-4 py-2 text-right">
                  #
                </th>
                {COLUMNS.map((c) => {
                  const active = c.sort === sort;
                  const next: Direction = active ? (direction === "asc" ? "desc" : "asc") : firstDirection(c.sort);
                  return (
                    <th
                      key={c.sort}
                      scope="col"
                      className={`px-4 py-2 ${c.numeric ? "text-right" : ""}`}
                      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : undefined}
                    >
                      <Link className="link" href={href({ sort: c.sort, dir: next })}>
                        {c.label}
                        <span aria-hidden="true">{active ? (direction === "asc" ? " ▲" : " ▼") : ""}</span>
                      </Link>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {result.players.map((p, i) => (
                <tr key={p.id} className="border-b border-stone-100 last:border-0 dark:border-stone-700">
                  <td className="px-4 py-2 text-right text-stone-500 tabular-nums">{p.rating === null ? "" : result.firstRank + i}</td>
                  <td className="px-4 py-2">
                    <Link className="link" href={`/players/${encodeURIComponent(p.username)}`}>
                      {p.username}
                    </Link>
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums" data-testid="leaderboard-rating">
                    {p.rating === null || p.rd === null ? (
                      <span className="text-stone-400" title={`No rated ${game.name} games yet`}>
                        —
                      </span>
                    ) : (
                      <RatingText rating={{ rating: p.rating, rd: p.rd }} />
                    )}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{p.ratedGames}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm text-stone-500">
        {result.total} player{result.total === 1 ? "" : "s"}, {result.rated} rated in {game.name}
        {result.rated > 0 ? ` · a “?” marks a provisional rating (too few ${game.name} games to be sure of it)` : ` · nobody has a rated ${game.name} game yet`}
      </p>
      <Pagination page={result.page} pageCount={result.pageCount} href={(page) => href({ page })} />
    </div>
  );
}
