import Link from "next/link";
import { GamesInPlay } from "@/components/games-in-play";
import { LocalTime } from "@/components/local-time";
import { catalogGame } from "@/engine/game-catalog";
import { formatLabel } from "@/engine/formats";
import { WAITING_REASONS } from "@/lib/waiting";
import { api } from "@/server/trpc/page-caller";

type TournamentSummary = Awaited<ReturnType<Awaited<ReturnType<typeof api>>["tournament"]["list"]>>["tournaments"][number];

function TournamentCards({ items, empty }: { items: TournamentSummary[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-stone-600 dark:text-stone-400">{empty}</p>;
  return (
    <ul className="space-y-2">
      {items.slice(0, 5).map((t) => (
        <li key={t.id}>
          <Link href={`/tournaments/${t.id}`} className="card block py-3 hover:border-amber-500">
            <span className="font-semibold">{t.name}</span>
            <span className="block text-sm text-stone-600 dark:text-stone-400">
              {formatLabel(t.format)} · {catalogGame(t.gameType)?.name ?? t.gameType} · {t.players} players
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

type Home = Awaited<ReturnType<Awaited<ReturnType<typeof api>>["player"]["home"]>>;

/** The signed-in player's own page: what waits on them, their tournaments with their place, their next deadlines. */
function PlayerHome({ home, username, waitingTotal }: { home: Home; username: string; waitingTotal: number }) {
  // The header's badge counts the organizer's queues too: say so rather than "nothing".
  const toSettle = Math.max(0, waitingTotal - home.waiting.length);
  return (
    <section aria-labelledby="your-moot" className="space-y-4" data-testid="player-home">
      <h1 id="your-moot" className="text-2xl font-bold">
        {home.newcomer ? `Welcome to Moot, ${username}` : `Welcome back, ${username}`}
      </h1>
      <div className="grid gap-6 md:grid-cols-3">
        <section aria-labelledby="waiting-on-you" className="card space-y-2">
          <h2 id="waiting-on-you" className="font-semibold">
            Waiting on you
          </h2>
          {toSettle > 0 ? (
            <p className="text-sm" data-testid="to-settle">
              <Link className="link" href="/my-turn">
                {toSettle === 1 ? "1 result or chat report to settle" : `${toSettle} results or chat reports to settle`} in what you organize
              </Link>
            </p>
          ) : null}
          {home.waiting.length === 0 ? (
            <p className="text-sm text-stone-600 dark:text-stone-400" data-testid="nothing-waiting">
              {toSettle > 0 ? "No game of yours waits on you." : "Nothing is waiting on you."}
            </p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="waiting-list">
              {home.waiting.slice(0, 6).map((g) => (
                <li key={g.gameId}>
                  <Link className="link" href={`/games/${g.gameId}`}>
                    {WAITING_REASONS[g.reason]}
                  </Link>
                  <span className="block text-xs text-stone-500">
                    against {g.opponent}
                    {g.tournament ? ` · ${g.tournament.name}` : ""}
                    {g.deadline ? (
                      <>
                        {" · due "}
                        <LocalTime at={g.deadline} relative />
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
              {home.waiting.length > 6 ? (
                <li>
                  <Link className="link text-xs" href="/my-turn">
                    All {home.waiting.length} waiting on you
                  </Link>
                </li>
              ) : null}
            </ul>
          )}
        </section>
        <section aria-labelledby="your-tournaments" className="card space-y-2">
          <h2 id="your-tournaments" className="font-semibold">
            Your tournaments
          </h2>
          {home.organizing.length > 0 ? (
            <ul className="space-y-1 text-sm" data-testid="organizing">
              {home.organizing.map((t) => (
                <li key={t.id}>
                  <Link className="link" href={`/tournaments/${t.id}`}>
                    {t.name}
                  </Link>
                  <span className="block text-xs text-stone-500">you organize it · {t.status === "registering" ? "registering" : "running"}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {home.tournaments.length === 0 ? (
            <p className="text-sm text-stone-600 dark:text-stone-400">
              {home.organizing.length > 0 ? "You play in none." : "You are in no running tournament."}{" "}
              <Link className="link" href="/tournaments">
                Find one to join
              </Link>
              .
            </p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="my-tournaments">
              {home.tournaments.map((t) => (
                <li key={t.id}>
                  <Link className="link" href={`/tournaments/${t.id}`}>
                    {t.name}
                  </Link>
                  <span className="block text-xs text-stone-500">
                    {t.status === "registering" ? "registered, not started yet" : t.place ? `place ${t.place} of ${t.of}` : "running"}
                    {t.status === "running" && "standing" in t && t.standing === "eliminated" ? " · out" : ""}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="your-deadlines" className="card space-y-2">
          <h2 id="your-deadlines" className="font-semibold">
            Next deadlines
          </h2>
          {home.deadlines.length === 0 ? (
            <p className="text-sm text-stone-600 dark:text-stone-400">No deadline ahead.</p>
          ) : (
            <ul className="space-y-1 text-sm" data-testid="deadlines">
              {home.deadlines.map((d) => (
                <li key={`${d.href}-${d.what}`}>
                  <Link className="link" href={d.href}>
                    {d.what}
                  </Link>
                  <span className="block text-xs text-stone-500">
                    <LocalTime at={d.at} relative />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}

export default async function HomePage() {
  const caller = await api();
  const [me, running, registering, inPlay] = await Promise.all([
    caller.account.me(),
    caller.tournament.list({ tab: "running", page: 1 }),
    caller.tournament.list({ tab: "registering", page: 1 }),
    caller.game.inPlay({ limit: 4 }),
  ]);
  const [home, waitingTotal] = me ? await Promise.all([caller.player.home(), caller.notification.waitingCount()]) : [null, 0];
  return (
    <div className="space-y-10">
      {me && home ? <PlayerHome home={home} username={me.username} waitingTotal={waitingTotal} /> : null}
      {me ? null : (
        <section className="space-y-4">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Board-game tournaments, run by themselves.</h1>
          <p className="max-w-2xl text-lg text-stone-700 dark:text-stone-300">
            Moot pairs every round, runs the clocks and crowns the champion. Play tafl, chess, backgammon and a four-colour polyomino game on the site, report
            results of other games, and follow every board and standing live.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link className="btn-primary" href="/tournaments">
              Browse tournaments
            </Link>
            <Link className="btn-secondary" href="/play">
              Play a game
            </Link>
            {!me && (
              <Link className="btn-secondary" href="/signup">
                Create an account
              </Link>
            )}
          </div>
        </section>
      )}
      <section aria-labelledby="games-now" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="games-now" className="text-lg font-semibold">
            Games in play
          </h2>
          <Link className="link text-sm" href="/play">
            Every live game
          </Link>
        </div>
        <GamesInPlay games={inPlay} empty="No game on the site is past its first moves right now." />
      </section>
      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="live-now" className="space-y-3">
          <h2 id="live-now" className="text-lg font-semibold">
            Live now
          </h2>
          <TournamentCards items={running.tournaments} empty="No tournament is running right now." />
        </section>
        <section aria-labelledby="opening" className="space-y-3">
          <h2 id="opening" className="text-lg font-semibold">
            Open for registration
          </h2>
          <TournamentCards items={registering.tournaments} empty="No tournament is taking registrations." />
        </section>
      </div>
    </div>
  );
}
