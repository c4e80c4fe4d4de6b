import { GameOptions } from "@/components/game-options";
import type { Metadata } from "next";
import Link from "next/link";
import { LocalTime } from "@/components/local-time";
import { Pagination } from "@/components/pagination";
import { catalogGame, gameIdFromUrl } from "@/engine/game-catalog";
import { timeControlLabel } from "@/lib/format-labels";
import { formatLabel } from "@/engine/formats";
import { FORMAT_IDS } from "@/lib/tournament-rules";
import { pageParam, searchParam } from "@/lib/search-params";
import { api } from "@/server/trpc/page-caller";

export const metadata: Metadata = { title: "Tournaments" };

const TABS = [
  { id: "registering", label: "Registering" },
  { id: "running", label: "Running" },
  { id: "finished", label: "Finished" },
] as const;
type Tab = (typeof TABS)[number]["id"];
const STATUS_WORD = { registering: "registering", running: "running", finished: "finished", cancelled: "cancelled" } as const;

export default async function TournamentsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const sp = await searchParams;
  const tab: Tab = TABS.some((t) => t.id === sp.tab) ? (sp.tab as Tab) : "registering";
  const q = searchParam(sp.q, 80);
  const page = pageParam(sp.page, 10_000);
  // Filters from the query string; an unknown value is no filter (people edit URLs by hand).
  const game = gameIdFromUrl(sp.game);
  const format = FORMAT_IDS.find((f) => f === sp.format);
  const caller = await api();
  const me = await caller.account.me();
  const mine = Boolean(me) && sp.mine === "1";
  const filters = { ...(game ? { game } : {}), ...(format ? { format } : {}), ...(mine ? { mine: "1" } : {}) };
  const filtered = Object.keys(filters).length > 0;
  // A search looks through every tab: the tab you happened to be on should not hide a match.
  const result = await caller.tournament.list({ tab: q ? "all" : tab, search: q || undefined, page, gameType: game, format, mine });
  const href = (p: { tab?: Tab; page?: number; keepSearch?: boolean; keepFilters?: boolean }) =>
    `/tournaments?${new URLSearchParams({
      tab: p.tab ?? tab,
      ...(q && p.keepSearch !== false ? { q } : {}),
      ...(p.keepFilters !== false ? filters : {}),
      page: String(p.page ?? 1),
    })}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Tournaments</h1>
        {me && (
          <Link href="/tournaments/new" className="btn-primary">
            Create a tournament
          </Link>
        )}
      </div>
      <nav aria-label="Tournament status" className="flex gap-1 border-b border-stone-200 dark:border-stone-700">
        {TABS.map((t) => (
          <Link
            key={t.id}
            href={href({ tab: t.id, keepSearch: false })}
            aria-current={t.id === tab && !q ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${t.id === tab && !q ? "border-amber-600 text-amber-800 dark:text-amber-400" : "border-transparent hover:border-stone-300"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {/* One form for search and filters, sent as a plain GET: it works before the page's script loads. */}
      <form role="search" className="flex flex-wrap items-end gap-2" action="/tournaments" data-testid="tournament-filters">
        <input type="hidden" name="tab" value={tab} />
        <label htmlFor="tournament-search" className="sr-only">
          Search tournaments
        </label>
        <input id="tournament-search" name="q" defaultValue={q} maxLength={80} placeholder="Search by name" className="input max-w-xs" />
        <label className="flex flex-col text-xs text-stone-600 dark:text-stone-400">
          Game
          <select name="game" defaultValue={game ?? ""} className="input max-w-56 py-1.5 text-sm">
            <option value="">Every game</option>
            <GameOptions />
          </select>
        </label>
        <label className="flex flex-col text-xs text-stone-600 dark:text-stone-400">
          Format
          <select name="format" defaultValue={format ?? ""} className="input max-w-56 py-1.5 text-sm">
            <option value="">Every format</option>
            {FORMAT_IDS.map((f) => (
              <option key={f} value={f}>
                {formatLabel(f)}
              </option>
            ))}
          </select>
        </label>
        {me ? (
          <label className="flex items-center gap-1.5 self-center text-sm">
            <input type="checkbox" name="mine" value="1" defaultChecked={mine} />
            Only mine
          </label>
        ) : null}
        <button className="btn-secondary" type="submit">
          Search
        </button>
      </form>
      {filtered ? (
        <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="filter-scope">
          Showing only{" "}
          {[mine ? "tournaments you organize or play in" : null, game ? catalogGame(game)!.name : null, format ? formatLabel(format) : null]
            .filter(Boolean)
            .join(" · ")}
          .{" "}
          <Link className="link" href={href({ keepFilters: false })}>
            Show every tournament
          </Link>
        </p>
      ) : null}
      {q ? (
        <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="search-scope">
          Searching every tournament (registering, running and finished) for “{q}”.{" "}
          <Link className="link" href={href({ keepSearch: false })}>
            Clear the search
          </Link>
        </p>
      ) : null}
      {result.tournaments.length === 0 ? (
        <p className="card text-stone-600 dark:text-stone-400">
          {q
            ? `No tournament’s name contains “${q}”${filtered ? " among the ones these filters show" : ""}.`
            : filtered
              ? `No ${tab === "registering" ? "tournament open for registration" : `${tab} tournament`} matches these filters.`
              : tab === "registering"
                ? "No tournament is open for registration right now."
                : `No ${tab} tournaments.`}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="tournament-list">
          {result.tournaments.map((t) => (
            <li key={t.id}>
              <Link href={`/tournaments/${t.id}`} className="card block h-full space-y-1 hover:border-amber-500">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="font-semibold">{t.name}</span>
                  <span className="flex shrink-0 gap-1 text-xs text-stone-500 dark:text-stone-400">
                    {t.inviteOnly ? (
                      <span
                        className="rounded border border-stone-300 px-1 dark:border-stone-600"
                        title="Players join through the organizer's invite link"
                        data-testid="invite-only"
                      >
                        Invite only
                      </span>
                    ) : null}
                    {q ? <span>{STATUS_WORD[t.status]}</span> : null}
                  </span>
                </span>
                <span className="block text-sm text-stone-600 dark:text-stone-400">
                  {formatLabel(t.format)} · {catalogGame(t.gameType)?.name ?? t.gameType}
                </span>
                <span className="block text-sm text-stone-600 dark:text-stone-400">
                  {t.players}/{t.maxPlayers} players · {timeControlLabel(t.initialMs, t.incrementMs)}
                  {t.status === "cancelled" ? " · cancelled" : ""}
                  {t.startsAt && t.status === "registering" ? (
                    <>
                      {" · starts "}
                      <LocalTime at={t.startsAt} relative />
                    </>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={result.page} pageCount={result.pageCount} href={(p) => href({ page: p })} />
    </div>
  );
}
