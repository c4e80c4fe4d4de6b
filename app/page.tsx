import Link from "next/link";
import { LiveGamesList } from "@/components/live-games-list";
import { catalogGame } from "@/engine/game-catalog";
import { FORMAT_LABELS } from "@/lib/tournament-rules";
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
              {FORMAT_LABELS[t.format as keyof typeof FORMAT_LABELS] ?? t.format} · {catalogGame(t.gameType)?.name ?? t.gameType} · {t.players} players
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default async function HomePage() {
  const caller = await api();
  const [me, running, registering, live] = await Promise.all([
    caller.account.me(),
    caller.tournament.list({ tab: "running", page: 1 }),
    caller.tournament.list({ tab: "registering", page: 1 }),
    caller.game.live({ page: 1 }),
  ]);
  return (
    <div className="space-y-10">
      <section className="space-y-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Board-game tournaments, run by themselves.</h1>
        <p className="max-w-2xl text-lg text-stone-700 dark:text-stone-300">
          Moot pairs every round, runs the clocks and crowns the champion. Play Copenhagen Hnefatafl on the site, report
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
      <div className="grid gap-8 md:grid-cols-3">
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
        <section aria-labelledby="games-now" className="space-y-3">
          <h2 id="games-now" className="text-lg font-semibold">
            Games on the board
          </h2>
          <LiveGamesList games={live.games.slice(0, 5)} />
        </section>
      </div>
    </div>
  );
}
