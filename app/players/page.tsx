import { LocalTime } from "@/components/local-time";
import type { Metadata } from "next";
import Link from "next/link";
import { Pagination } from "@/components/pagination";
import { pageParam, searchParam } from "@/lib/search-params";
import { api } from "@/lib/trpc/server";
import { ZListPlayersInput } from "@/server/trpc/routers/player";

export const metadata: Metadata = { title: "Players" };

export default async function PlayersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const sp = await searchParams;
  const q = searchParam(sp.q, 50);
  const input = ZListPlayersInput.parse({ search: q || undefined, page: pageParam(sp.page, 100_000) });
  const result = await (await api()).player.list(input);
  const href = (page: number) => `/players?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page) })}`;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Players</h1>
      <form role="search" className="flex gap-2" action="/players">
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
        <div className="card overflow-x-auto p-0">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 dark:border-stone-700">
              <tr>
                <th scope="col" className="px-4 py-2">Player</th>
                <th scope="col" className="px-4 py-2">Joined</th>
              </tr>
            </thead>
            <tbody>
              {result.players.map((p) => (
                <tr key={p.id} className="border-b border-stone-100 last:border-0 dark:border-stone-700">
                  <td className="px-4 py-2">
                    <Link className="link" href={`/players/${encodeURIComponent(p.username)}`}>
                      {p.username}
                    </Link>
                  </td>
                  <td className="px-4 py-2">
                    <LocalTime at={p.createdAt} dateOnly />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="text-sm text-stone-500">{result.total} player{result.total === 1 ? "" : "s"}</p>
      <Pagination page={result.page} pageCount={result.pageCount} href={href} />
    </div>
  );
}
